/**
 * The training corpus's layout-independent document model: what a sampler draws (fields with their
 * label wordings and formatted values, parties, an items table, totals) and its ground truth.
 * `layouts.ts` turns a model into HTML in one of several visual styles; `samplers/` fill it.
 */
import type { Party } from './content';
import { formatDate, formatMoney, formatQty, type Language, LOCALES, type Locale } from './locales';
import type { Rng } from './random';

export type StructureKey = 'invoice' | 'receipt' | 'purchase_order' | 'bank_statement';

export type Align = 'l' | 'r';

/** What a table column holds, so a layout can re-arrange a row (a till prints "2 x Coffee"). */
export type ColumnKind =
  | 'pos'
  | 'sku'
  | 'desc'
  | 'qty'
  | 'uom'
  | 'unitPrice'
  | 'vatRate'
  | 'amount'
  | 'date'
  | 'valueDate'
  | 'debit'
  | 'credit'
  | 'balance';

/** One field as shown: its label wording and its formatted value; `key` names it for layouts. */
export interface MetaItem {
  key: string;
  label: string;
  value: string;
}

export interface DocModel {
  structure: StructureKey;
  title: string;
  /** Lines at the very top without a label (a receipt's merchant, a statement's bank). */
  letterhead?: string[];
  meta: MetaItem[];
  /** `issuer` wrote the document (seller, ordering buyer), `recipient` is addressed; `other` is e.g. a ship-to. */
  parties: { label: string; party: Party; extra?: string[]; role?: 'issuer' | 'recipient' | 'other' }[];
  table: {
    headers: string[];
    align: Align[];
    rows: string[][];
    /** Rows above / below the transactions that are not items (brought forward, totals, carried forward). */
    before?: string[][];
    after?: string[][];
    kinds?: ColumnKind[];
    /** After each row: the running sum (or balance) a page break carries forward, formatted. */
    running?: string[];
  };
  totals: MetaItem[];
  /** The issuer's legal small print in columns (address, VAT and register, bank): footer layouts print it. */
  footer?: string[][];
  /** A receipt's VAT breakdown: a header row, then one row per rate. */
  vatSummary?: string[][];
  notes: string[];
  locale: Locale;
}

export interface Sample {
  model: DocModel;
  truth: Record<string, unknown>;
}

/** Label wordings per field; `heldOut` wordings are only used by held-out layouts. */
export interface Wordings {
  train: string[];
  heldOut: string[];
}
export const w = (train: string[], heldOut: string[] = train): Wordings => ({ train, heldOut });

export function label(r: Rng, words: Wordings, heldOut: boolean): string {
  return r.pick(heldOut ? words.heldOut : words.train);
}

/** A labeller for one document: `say('number')` draws that field's wording in the document's language. */
export function sayer<K extends string>(
  r: Rng,
  labels: Record<K, Record<Language, Wordings>>,
  language: Language,
  heldOut: boolean,
) {
  return (key: K) => label(r, labels[key][language], heldOut);
}

export interface GenOptions {
  heldOut: boolean;
  /** Number of table rows: small, or enough to run over a page. */
  long: boolean;
  locale?: Locale;
  /**
   * The issuer's own stream, for what stays the same across its documents (language, formats,
   * wording, its name, ids and bank, which optional parts it prints); the document's content
   * (numbers, dates, items, the other party) comes from the document's stream. Absent: one stream.
   */
  issuer?: Rng;
}

export function pickLocale(r: Rng, opts: GenOptions, allowed?: string[]): Locale {
  if (opts.locale) return opts.locale;
  const pool = allowed ? LOCALES.filter((l) => allowed.includes(l.id)) : LOCALES;
  return r.pick(pool);
}

export function fmt(r: Rng, locale: Locale) {
  const dateStyle = r.pick(locale.dates);
  const moneyStyle = r.pick(locale.money);
  return {
    date: (iso: string) => formatDate(iso, dateStyle, locale),
    money: (v: number) => formatMoney(v, moneyStyle, locale),
    qty: (v: number) => formatQty(v, locale),
    moneyStyle,
  };
}

/** The running sum after each amount, formatted: what a page break carries forward. */
export function runningSums(amounts: number[], money: (v: number) => string): string[] {
  let sum = 0;
  return amounts.map((a) => {
    sum = Math.round((sum + a) * 100) / 100;
    return money(sum);
  });
}
