import type { StructureHints } from '@/lib/service/engine/types';
import { currencyValues, ISO_4217 } from './currencies';

const party = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Name' }, address: { type: 'string', title: 'Address' } },
} as const;

export const purchaseOrderSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Purchase order',
  type: 'object',
  properties: {
    po_number: { type: 'string', minLength: 1, title: 'PO number' },
    order_date: { type: 'string', format: 'date', title: 'Order date' },
    delivery_date: { type: 'string', format: 'date', title: 'Delivery date' },
    currency: { type: 'string', enum: [...ISO_4217], title: 'Currency' },
    buyer: { ...party, title: 'Buyer' },
    supplier: { ...party, title: 'Supplier' },
    ship_to: { type: 'string', title: 'Ship to' },
    payment_terms: { type: 'string', title: 'Payment terms' },
    line_items: {
      type: 'array',
      title: 'Line items',
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string', title: 'SKU' },
          description: { type: 'string', title: 'Description' },
          quantity: { type: 'number', title: 'Quantity' },
          unit_price: { type: 'number', title: 'Unit price' },
          amount: { type: 'number', title: 'Amount' },
        },
        required: ['description', 'quantity'],
      },
    },
    subtotal: { type: 'number', title: 'Subtotal' },
    tax: { type: 'number', title: 'Tax' },
    total: { type: 'number', title: 'Total' },
  },
  required: ['po_number', 'order_date', 'currency', 'total'],
} as const;

const BUYER = ['Buyer', 'Purchaser', 'Ordered by', 'Bill to', 'Customer', 'From', 'Besteller'];
const SUPPLIER = ['Supplier', 'Vendor', 'To', 'Seller', 'Lieferant', 'Order to'];

export const purchaseOrderHints: StructureHints = {
  fields: {
    '/po_number': {
      type: 'string',
      labels: [
        'PO number',
        'PO No.',
        'PO #',
        'P.O. No.',
        'P.O. #',
        'Purchase order No.',
        'Purchase order number',
        'Purchase order #',
        'Order number',
        'Order No.',
        'Bestellnummer',
      ],
      pattern: '[A-Za-z0-9][A-Za-z0-9/_.\\-]*',
    },
    '/order_date': {
      type: 'date',
      labels: ['Order date', 'PO date', 'Date of order', 'Date issued', 'Issue date', 'Bestelldatum', 'Date'],
    },
    '/delivery_date': {
      type: 'date',
      labels: [
        'Delivery date',
        'Required by',
        'Deliver by',
        'Requested delivery',
        'Expected delivery',
        'Ship date',
        'Need by',
        'Delivery',
        'Liefertermin',
      ],
    },
    '/currency': {
      type: 'enum',
      labels: ['Currency', 'Währung'],
      values: currencyValues,
      searchDocument: true,
    },
    '/buyer/name': { type: 'string', labels: BUYER },
    '/buyer/address': { type: 'string', labels: BUYER, position: 'block', skipLines: 1, maxLines: 3 },
    '/supplier/name': { type: 'string', labels: SUPPLIER },
    '/supplier/address': { type: 'string', labels: SUPPLIER, position: 'block', skipLines: 1, maxLines: 3 },
    '/ship_to': {
      type: 'string',
      labels: ['Ship to', 'Deliver to', 'Delivery address', 'Shipping address', 'Lieferadresse'],
      position: 'block',
      maxLines: 4,
    },
    '/payment_terms': {
      type: 'string',
      labels: ['Payment terms', 'Terms', 'Terms of payment', 'Zahlungsbedingungen'],
    },
    '/subtotal': {
      type: 'money',
      labels: [
        'Subtotal',
        'Sub-total',
        'Sub total',
        'Net amount',
        'Net total',
        'Total net',
        'Total before tax',
      ],
    },
    '/tax': { type: 'money', labels: ['Tax', 'VAT', 'Sales tax', 'GST', 'MwSt', 'Tax amount', 'VAT amount'] },
    '/total': {
      type: 'money',
      labels: [
        'Total',
        'Order total',
        'Grand total',
        'Total amount',
        'PO total',
        'Total order value',
        'Gesamtbetrag',
      ],
    },
  },
  tables: {
    '/line_items': {
      columns: {
        sku: {
          type: 'string',
          labels: ['SKU', 'Item No.', 'Item #', 'Part No.', 'Part number', 'Article No.', 'Code', 'Art.-Nr.'],
        },
        description: {
          type: 'string',
          labels: ['Description', 'Item description', 'Item', 'Product', 'Bezeichnung'],
        },
        quantity: { type: 'number', labels: ['Qty', 'Quantity', 'Qty.', 'Units', 'Menge', 'Ordered'] },
        unit_price: { type: 'money', labels: ['Unit price', 'Price', 'Unit cost', 'Rate', 'Einzelpreis'] },
        amount: {
          type: 'money',
          labels: ['Amount', 'Total', 'Line total', 'Extended', 'Ext. price', 'Betrag'],
        },
      },
      endLabels: [
        'Subtotal',
        'Sub-total',
        'Sub total',
        'Net amount',
        'Net total',
        'Total',
        'Tax',
        'VAT',
        'Order total',
        'Grand total',
      ],
    },
  },
  rules: [
    { kind: 'sum', items: '/line_items', field: 'amount', equals: '/subtotal', tolerance: 0.01 },
    { kind: 'add', fields: ['/subtotal', '/tax'], equals: '/total', tolerance: 0.01 },
    { kind: 'date_order', before: '/order_date', after: '/delivery_date' },
  ],
};
