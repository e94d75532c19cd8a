import type { StructureHints } from '@/lib/service/engine/types';
import { currencyValues, ISO_4217 } from './currencies';

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
    '/merchant/name': {
      type: 'string',
      labels: ['Merchant', 'Store', 'Shop', 'Sold by', 'Seller'],
      fallback: 'first_line',
    },
    '/merchant/address': {
      type: 'string',
      labels: ['Merchant', 'Store', 'Shop', 'Sold by', 'Seller'],
      position: 'block',
      skipLines: 1,
      maxLines: 2,
      fallback: 'first_line',
    },
    '/merchant/vat_id': {
      type: 'string',
      labels: ['VAT ID', 'VAT No.', 'VAT reg. no.', 'Tax ID', 'TIN', 'GST No.', 'ABN', 'USt-IdNr.'],
      pattern: '[A-Z]{0,3}[0-9][0-9A-Z .\\-]{3,}[0-9A-Z]',
    },
    '/receipt_number': {
      type: 'string',
      labels: [
        'Receipt No.',
        'Receipt #',
        'Receipt number',
        'Transaction No.',
        'Transaction #',
        'Trans. #',
        'Ticket No.',
        'Bon Nr.',
        'Order #',
        'Check #',
      ],
      pattern: '[A-Za-z0-9][A-Za-z0-9/_.\\-]*',
    },
    '/date': {
      type: 'date',
      labels: ['Date', 'Date of purchase', 'Purchase date', 'Transaction date', 'Datum', 'Sale date'],
    },
    '/currency': { type: 'enum', labels: ['Currency'], values: currencyValues, searchDocument: true },
    '/subtotal': {
      type: 'money',
      labels: [
        'Subtotal',
        'Sub-total',
        'Sub total',
        'Net',
        'Net amount',
        'Total before tax',
        'Zwischensumme',
      ],
    },
    '/tax': {
      type: 'money',
      labels: [
        'Tax',
        'VAT',
        'Sales tax',
        'GST',
        'HST',
        'MwSt',
        'MwSt.',
        'TVA',
        'IVA',
        'VAT included',
        'Incl. VAT',
        'Tax total',
      ],
    },
    '/tip': { type: 'money', labels: ['Tip', 'Gratuity', 'Service charge', 'Trinkgeld'] },
    '/total': {
      type: 'money',
      labels: [
        'Total',
        'Grand total',
        'Total due',
        'Amount due',
        'Amount paid',
        'Total paid',
        'To pay',
        'Balance due',
        'Summe',
        'Gesamt',
        'TOTAL EUR',
        'Total amount',
      ],
    },
    '/payment_method': {
      type: 'enum',
      labels: ['Payment method', 'Payment', 'Paid by', 'Paid with', 'Tender', 'Payment type', 'Zahlungsart'],
      values: {
        cash: ['cash', 'bar', 'espèces', 'change'],
        card: [
          'card',
          'credit card',
          'debit card',
          'visa',
          'mastercard',
          'amex',
          'american express',
          'maestro',
          'ec',
          'girocard',
          'contactless',
        ],
        mobile: ['apple pay', 'google pay', 'mobile', 'paypal', 'twint'],
        voucher: ['voucher', 'gift card', 'coupon'],
        other: ['other'],
      },
    },
  },
  tables: {
    '/line_items': {
      columns: {
        description: {
          type: 'string',
          labels: ['Item', 'Items', 'Description', 'Article', 'Product', 'Artikel'],
        },
        quantity: { type: 'number', labels: ['Qty', 'Quantity', 'Qty.', 'Menge', 'Pcs'] },
        unit_price: { type: 'money', labels: ['Unit price', 'Price', 'Each', 'Preis', 'Unit'] },
        amount: { type: 'money', labels: ['Amount', 'Total', 'Sum', 'Betrag', 'Line total'] },
      },
      endLabels: [
        'Subtotal',
        'Sub-total',
        'Sub total',
        'Total',
        'Tax',
        'VAT',
        'Net',
        'Zwischensumme',
        'Summe',
        'Grand total',
      ],
    },
  },
  rules: [
    { kind: 'sum', items: '/line_items', field: 'amount', equals: '/subtotal', tolerance: 0.01 },
    { kind: 'add', fields: ['/subtotal', '/tax'], equals: '/total', tolerance: 0.01 },
  ],
};
