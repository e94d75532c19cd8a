/** The structures of the held-out corpus as plan families: layouts, sampler, truth, text, formats. */
import { type InvoiceIssuer, type InvoiceModel, invoiceTruth, sampleInvoice } from './invoice';
import { GERMAN_INVOICE_LAYOUTS } from './layouts-invoice-de';
import { ENGLISH_INVOICE_LAYOUTS } from './layouts-invoice-en';
import { LATIN_INVOICE_LAYOUTS } from './layouts-invoice-latin';
import { ORDER_LAYOUTS } from './layouts-order';
import { RECEIPT_LAYOUTS } from './layouts-receipt';
import { STATEMENT_LAYOUTS } from './layouts-statement';
import { type OrderIssuer, type OrderModel, orderTruth, sampleOrder } from './order';
import type { Family } from './plan';
import { type ReceiptIssuer, type ReceiptModel, receiptTruth, sampleReceipt } from './receipt';
import { receiptPlainText } from './receipt-print';
import { type StatementIssuer, type StatementModel, sampleStatement, statementTruth } from './statement';
import { invoiceText } from './text-invoice';
import { orderText, statementText } from './text-other';

const cycle =
  <T>(formats: T[]) =>
  (k: number) =>
    formats[k % formats.length];

export const INVOICES: Family<InvoiceIssuer, InvoiceModel> = {
  structure: 'invoice',
  page: 'a4',
  layouts: [...ENGLISH_INVOICE_LAYOUTS, ...GERMAN_INVOICE_LAYOUTS, ...LATIN_INVOICE_LAYOUTS],
  sample: sampleInvoice,
  truth: invoiceTruth,
  text: invoiceText,
  // Offsets by 5 so an issuer's two documents get different formats and layouts rotate through all.
  image: (k) => cycle(['png', 'png-scan', 'pdf-scan', 'png-scan'] as const)(k + Math.floor(k / 4)),
  plainText: (li, ii, doc) => li % 2 === 0 && ii === 1 && doc === 1,
};

export const RECEIPTS: Family<ReceiptIssuer, ReceiptModel> = {
  structure: 'receipt',
  page: 'receipt',
  layouts: RECEIPT_LAYOUTS,
  sample: sampleReceipt,
  truth: receiptTruth,
  text: (m) => {
    const layout = RECEIPT_LAYOUTS.find((l) => l.id === m.layout)!;
    return receiptPlainText(layout.setup, layout.print(m));
  },
  // Receipts mostly arrive photographed or scanned.
  image: (k) => cycle(['png-scan', 'png', 'png-scan', 'pdf-scan'] as const)(k + Math.floor(k / 4)),
  plainText: (li, ii, doc) => li % 3 === 1 && ii === 0 && doc === 1,
};

export const ORDERS: Family<OrderIssuer, OrderModel> = {
  structure: 'purchase_order',
  page: 'a4',
  layouts: ORDER_LAYOUTS,
  sample: sampleOrder,
  truth: orderTruth,
  text: orderText,
  image: (k) => cycle(['png', 'png-scan', 'pdf-scan', 'png-scan'] as const)(k + Math.floor(k / 4)),
  plainText: (li, ii, doc) => li % 2 === 1 && ii === 0 && doc === 0,
};

export const STATEMENTS: Family<StatementIssuer, StatementModel> = {
  structure: 'bank_statement',
  page: 'a4',
  layouts: STATEMENT_LAYOUTS,
  sample: sampleStatement,
  truth: statementTruth,
  text: statementText,
  image: (k) => cycle(['png-scan', 'png', 'png-scan', 'pdf-scan'] as const)(k + Math.floor(k / 4)),
  plainText: (li, ii, doc) => li % 2 === 0 && ii === 1 && doc === 0,
};
