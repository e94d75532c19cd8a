import type { StructureHints } from '@/lib/service/engine/types';
import { currencyValues, ISO_4217 } from './currencies';
import {
  AMOUNT,
  CURRENCY,
  DESCRIPTION,
  QUANTITY,
  SUBTOTAL,
  TABLE_ENDS,
  TAX,
  TOTAL,
  UNIT_PRICE,
  VAT_ID,
} from './labels/amounts';
import { PAYMENT_METHOD, PAYMENT_WORDS, RECEIPT_DATE, RECEIPT_NUMBER } from './labels/document-fields';
import { IDENTIFIER, VAT_PATTERN } from './labels/patterns';

const MERCHANT = [
  'Merchant',
  'Store',
  'Shop',
  'Sold by',
  'Seller',
  'Filiale',
  'Geschäft',
  'Magasin',
  'Tienda',
  'Negozio',
  'Winkel',
  'Loja',
];

export const receiptSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Receipt',
  type: 'object',
  properties: {
    merchant: {
      type: 'object',
      title: 'Merchant',
      properties: {
        name: { type: 'string', title: 'Name' },
        address: { type: 'string', title: 'Address' },
        vat_id: { type: 'string', title: 'VAT ID' },
      },
    },
    receipt_number: { type: 'string', title: 'Receipt number' },
    date: { type: 'string', format: 'date', title: 'Date' },
    currency: { type: 'string', enum: [...ISO_4217], title: 'Currency' },
    line_items: {
      type: 'array',
      title: 'Items',
      items: {
        type: 'object',
        properties: {
          description: { type: 'string', title: 'Description' },
          quantity: { type: 'number', title: 'Quantity' },
          unit_price: { type: 'number', title: 'Unit price' },
          amount: { type: 'number', title: 'Amount' },
        },
        required: ['description', 'amount'],
      },
    },
    subtotal: { type: 'number', title: 'Subtotal' },
    tax: { type: 'number', title: 'Tax' },
    tip: { type: 'number', title: 'Tip' },
    total: { type: 'number', title: 'Total' },
    payment_method: {
      type: 'string',
      enum: ['cash', 'card', 'mobile', 'voucher', 'other'],
      title: 'Payment method',
    },
  },
  required: ['date', 'currency', 'total'],
} as const;

export const receiptHints: StructureHints = {
  fields: {
    '/merchant/name': { type: 'string', labels: MERCHANT, fallback: 'issuer_name' },
    '/merchant/address': {
      type: 'string',
      labels: MERCHANT,
      position: 'block',
      skipLines: 1,
      maxLines: 2,
      fallback: 'issuer_address',
    },
    '/merchant/vat_id': { type: 'string', labels: VAT_ID, pattern: VAT_PATTERN, compact: true },
    '/receipt_number': { type: 'string', labels: RECEIPT_NUMBER, pattern: IDENTIFIER },
    '/date': { type: 'date', labels: RECEIPT_DATE, fallback: 'first_date' },
    '/currency': { type: 'enum', labels: CURRENCY, values: currencyValues, searchDocument: true },
    '/subtotal': { type: 'money', labels: [...SUBTOTAL, 'Net'] },
    '/tax': {
      type: 'money',
      labels: [
        ...TAX,
        'VAT included',
        'Incl. VAT',
        'Tax total',
        'inkl. MwSt.',
        'enth. MwSt.',
        'dont TVA',
        'IVA incluida',
        'di cui IVA',
        'incl. btw',
      ],
    },
    '/tip': {
      type: 'money',
      labels: [
        'Tip',
        'Gratuity',
        'Service charge',
        'Trinkgeld',
        'Pourboire',
        'Propina',
        'Mancia',
        'Fooi',
        'Gorjeta',
      ],
    },
    '/total': {
      type: 'money',
      labels: [
        ...TOTAL,
        'Amount paid',
        'Total paid',
        'To pay',
        'TOTAL EUR',
        'Betrag',
        'Montant',
        'Importe',
        'Importo',
      ],
    },
    '/payment_method': { type: 'enum', labels: PAYMENT_METHOD, values: PAYMENT_WORDS, searchDocument: true },
  },
  tables: {
    '/line_items': {
      columns: {
        description: { type: 'string', labels: DESCRIPTION },
        quantity: { type: 'number', labels: [...QUANTITY, 'Pcs'] },
        unit_price: { type: 'money', labels: UNIT_PRICE },
        amount: { type: 'money', labels: AMOUNT },
      },
      endLabels: [...TABLE_ENDS, ...PAYMENT_METHOD],
      headerless: true,
    },
  },
  rules: [
    { kind: 'sum', items: '/line_items', field: 'amount', equals: '/subtotal', tolerance: 0.01 },
    { kind: 'add', fields: ['/subtotal', '/tax'], equals: '/total', tolerance: 0.01 },
  ],
};
