import type { StructureHints } from '@/lib/service/engine/types';
import { CARRIED_FORWARD, SUBTOTAL, TABLE_ENDS, TAX, TOTAL } from './labels/amounts';
import { PAYMENT_METHOD, PAYMENT_WORDS, RECEIPT_DATE, RECEIPT_NUMBER } from './labels/document-fields';
import { IDENTIFIER } from './labels/patterns';
import * as trade from './trade-document-parts';

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
    merchant: trade.partySchema('Merchant', { vatId: true }),
    receipt_number: { type: 'string', title: 'Receipt number' },
    date: { type: 'string', format: 'date', title: 'Date' },
    currency: trade.currencySchema,
    line_items: trade.lineItemsSchema('Items', ['description', 'amount']),
    subtotal: trade.moneySchema('Subtotal'),
    tax: trade.moneySchema('Tax'),
    tip: trade.moneySchema('Tip'),
    total: trade.moneySchema('Total'),
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
    ...trade.partyHints('/merchant', MERCHANT, { role: 'issuer', addressLines: 2 }),
    '/merchant/vat_id': trade.vatIdHint,
    '/receipt_number': { type: 'string', labels: RECEIPT_NUMBER, pattern: IDENTIFIER },
    '/date': { type: 'date', labels: RECEIPT_DATE, fallback: 'first_date' },
    '/currency': trade.currencyHint,
    '/subtotal': { type: 'money', labels: [...SUBTOTAL, 'Net'] },
    '/tax': {
      type: 'money',
      taxBreakdown: true,
      labels: [
        ...['IVA incluido', 'enthaltene MwSt.', 'enthaltene USt.', 'waarvan BTW', 'waarvan btw'],
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
      columns: trade.lineItemColumns({ quantity: ['Pcs'] }),
      endLabels: [...TABLE_ENDS, ...PAYMENT_METHOD],
      pageEndLabels: CARRIED_FORWARD,
      headerless: true,
    },
  },
  rules: trade.amountsAddUp,
};
