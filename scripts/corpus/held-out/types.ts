/**
 * The document models of the held-out corpus: what an issuer is, what one document holds, and what a
 * layout needs to print it. Samplers fill them, layouts print them, truths are read from them.
 */
import type { Conventions, Formatter } from './formats';
import type { Language } from './manifest';

export type StructureKey = 'invoice' | 'receipt' | 'purchase_order' | 'bank_statement';

export interface Party {
  name: string;
  /** Printed lines, street first; the truth joins them with ", ". */
  address: string[];
}

export interface Bank {
  name: string;
  iban?: string;
  bic?: string;
  sortCode?: string;
  account?: string;
}

/** What every issuer has: identity, letterhead details and printing conventions. */
export interface IssuerBase {
  /** 'a' or 'b': the issuer id is `<layout>-<key>`. */
  key: string;
  locale: string;
  party: Party;
  /** A VAT id printed without spaces; part of the truth where the schema has one. */
  vatId?: string;
  /** A printed tax number that is not a VAT id (ABN, EIN, Swiss UID): never in the truth. */
  taxNumber?: string;
  /** Logo text where it differs from the legal name. */
  brand?: string;
  phone?: string;
  email?: string;
  web?: string;
  /** Company register line (court, number, directors). */
  registry?: string;
  bank?: Bank;
  conventions: Conventions;
  accent: string;
}

/** One sellable thing: description, price range, quantity range (fractions allowed for hours). */
export interface CatalogItem {
  description: string;
  price: [number, number];
  qty: [number, number];
  unit?: string;
  /** Half-step quantities (hours). */
  fractional?: boolean;
  /** Taxed at the issuer's second (reduced) rate. */
  reduced?: boolean;
  sku?: string;
}

export interface Line {
  sku?: string;
  description: string;
  quantity?: number;
  unit?: string;
  unitPrice?: number;
  /** Per-line discount in percent, printed in its own column. */
  discountPct?: number;
  amount: number;
  taxRate: number;
}

export interface TaxRow {
  rate: number;
  base: number;
  amount: number;
}

export interface Totals {
  lines: Line[];
  subtotal: number;
  /** Shipping printed as its own totals row (taxed at the standard rate). */
  shipping?: number;
  taxes: TaxRow[];
  tax: number;
  total: number;
}

export interface DocumentModel {
  id: string;
  issuerId: string;
  layout: string;
  language: Language;
  locale: string;
  long: boolean;
  fmt: Formatter;
}

export interface Layout<M> {
  id: string;
  render(model: M): string;
}
