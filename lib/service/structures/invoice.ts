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
import { BUYER, DUE_DATE, INVOICE_NUMBER, ISSUE_DATE, SELLER } from './labels/document-fields';
import { IDENTIFIER, VAT_PATTERN } from './labels/patterns';

const money = { type: 'number' } as const;

export const invoiceSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Invoice',
  type: 'object',
  properties: {
    invoice_number: { type: 'string', minLength: 1, title: 'Invoice number' },
    issue_date: { type: 'string', format: 'date', title: 'Issue date' },
    due_date: { type: 'string', format: 'date', title: 'Due date' },
    currency: { type: 'string', enum: [...ISO_4217], title: 'Currency' },
    seller: {
      type: 'object',
      title: 'Seller',
      properties: {
        name: { type: 'string', title: 'Name' },
        address: { type: 'string', title: 'Address' },
        vat_id: { type: 'string', title: 'VAT ID' },
      },
    },
    buyer: {
      type: 'object',
      title: 'Buyer',
      properties: {
        name: { type: 'string', title: 'Name' },
        address: { type: 'string', title: 'Address' },
      },
    },
    line_items: {
      type: 'array',
      title: 'Line items',
      items: {
        type: 'object',
        properties: {
          description: { type: 'string', title: 'Description' },
          quantity: { type: 'number', title: 'Quantity' },
          unit_price: { ...money, title: 'Unit price' },
          amount: { ...money, title: 'Amount' },
        },
        required: ['description', 'amount'],
      },
    },
    subtotal: { ...money, title: 'Subtotal' },
    tax: { ...money, title: 'Tax' },
    total: { ...money, title: 'Total' },
  },
  required: ['invoice_number', 'issue_date', 'currency', 'total'],
} as const;

export const invoiceHints: StructureHints = {
  fields: {
    '/invoice_number': {
      type: 'string',
      labels: INVOICE_NUMBER,
      pattern: IDENTIFIER,
    },
    '/issue_date': { type: 'date', labels: ISSUE_DATE, fallback: 'first_date' },
    '/due_date': { type: 'date', labels: DUE_DATE },
    '/currency': { type: 'enum', labels: CURRENCY, values: currencyValues, searchDocument: true },
    '/seller/name': { type: 'string', labels: SELLER, fallback: 'issuer_name' },
    '/seller/address': {
      type: 'string',
      labels: SELLER,
      position: 'block',
      skipLines: 1,
      maxLines: 3,
      fallback: 'issuer_address',
    },
    '/seller/vat_id': { type: 'string', labels: VAT_ID, pattern: VAT_PATTERN, compact: true },
    '/buyer/name': { type: 'string', labels: BUYER, fallback: 'recipient_name' },
    '/buyer/address': {
      type: 'string',
      labels: BUYER,
      position: 'block',
      skipLines: 1,
      maxLines: 3,
      fallback: 'recipient_address',
    },
    '/subtotal': { type: 'money', labels: SUBTOTAL },
    '/tax': { type: 'money', labels: TAX },
    '/total': { type: 'money', labels: TOTAL },
  },
  tables: {
    '/line_items': {
      columns: {
        description: { type: 'string', labels: DESCRIPTION },
        quantity: { type: 'number', labels: QUANTITY },
        unit_price: { type: 'money', labels: UNIT_PRICE },
        amount: { type: 'money', labels: AMOUNT },
      },
      endLabels: TABLE_ENDS,
    },
  },
  rules: [
    { kind: 'sum', items: '/line_items', field: 'amount', equals: '/subtotal', tolerance: 0.01 },
    { kind: 'add', fields: ['/subtotal', '/tax'], equals: '/total', tolerance: 0.01 },
    { kind: 'date_order', before: '/issue_date', after: '/due_date' },
  ],
};
