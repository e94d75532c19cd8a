/** The structures of the held-out corpus as plan families: layouts, sampler, truth, text, formats. */
import { type InvoiceIssuer, type InvoiceModel, invoiceTruth, sampleInvoice } from './invoice';
import { GERMAN_INVOICE_LAYOUTS } from './layouts-invoice-de';
import { ENGLISH_INVOICE_LAYOUTS } from './layouts-invoice-en';
import { LATIN_INVOICE_LAYOUTS } from './layouts-invoice-latin';
import type { Family } from './plan';
import { invoiceText } from './text-invoice';

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
