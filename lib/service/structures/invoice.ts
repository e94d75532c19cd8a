import type { StructureHints } from '@/lib/service/engine/types';
import { CARRIED_FORWARD, SUBTOTAL, TABLE_ENDS, TAX, TOTAL } from './labels/amounts';
import {
  BUYER,
  DUE_DATE,
  INVOICE_NUMBER,
  ISSUE_DATE,
  NUMBER_CAPTIONS,
  SELLER,
} from './labels/document-fields';
import { IDENTIFIER } from './labels/patterns';
import * as trade from './trade-document-parts';

export const invoiceSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Invoice',
  type: 'object',
  properties: {
    invoice_number: { type: 'string', minLength: 1, title: 'Invoice number' },
    issue_date: { type: 'string', format: 'date', title: 'Issue date' },
    due_date: { type: 'string', format: 'date', title: 'Due date' },
    currency: trade.currencySchema,
    seller: trade.partySchema('Seller', { vatId: true }),
    buyer: trade.partySchema('Buyer'),
    line_items: trade.lineItemsSchema('Line items', ['description', 'amount']),
    subtotal: trade.moneySchema('Subtotal'),
    tax: trade.moneySchema('Tax'),
    total: trade.moneySchema('Total'),
  },
  required: ['invoice_number', 'issue_date', 'currency', 'total'],
} as const;

export const invoiceHints: StructureHints = {
  fields: {
    '/invoice_number': {
      type: 'string',
      labels: INVOICE_NUMBER,
      captions: NUMBER_CAPTIONS,
      pattern: IDENTIFIER,
      fallback: 'strip_code',
    },
    '/issue_date': { type: 'date', labels: ISSUE_DATE, fallback: 'first_date' },
    '/due_date': { type: 'date', labels: DUE_DATE, fallback: 'strip_later_date' },
    '/currency': trade.currencyHint,
    ...trade.partyHints('/seller', SELLER, { role: 'issuer', addressLines: 3 }),
    '/seller/vat_id': trade.vatIdHint,
    ...trade.partyHints('/buyer', BUYER, { role: 'recipient', addressLines: 3 }),
    '/subtotal': { type: 'money', labels: SUBTOTAL },
    '/tax': { type: 'money', labels: TAX, taxBreakdown: true },
    '/total': { type: 'money', labels: TOTAL },
  },
  tables: {
    '/line_items': {
      columns: trade.lineItemColumns(),
      endLabels: TABLE_ENDS,
      pageEndLabels: CARRIED_FORWARD,
      // A header OCR garbled past reading leaves the rows to be read line by line.
      headerless: true,
    },
  },
  rules: [...trade.amountsAddUp, { kind: 'date_order', before: '/issue_date', after: '/due_date' }],
};
