/**
 * The training corpus's layout-independent document model: what a sampler draws (fields with their
 * label wordings and formatted values, parties, an items table, totals) and its ground truth.
 * `layouts.ts` turns a model into HTML in one of several visual styles; `samplers/` fill it.
 */
import type { Party } from './content';
import { formatDate, formatMoney, formatQty, LOCALES, type Locale } from './locales';
import type { Rng } from './random';

export type StructureKey = 'invoice' | 'receipt' | 'purchase_order' | 'bank_statement';

export type Align = 'l' | 'r';

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
  parties: { label: string; party: Party; extra?: string[] }[];
  table: { headers: string[]; align: Align[]; rows: string[][]; before?: string[][] };
  totals: MetaItem[];
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

export interface GenOptions {
  heldOut: boolean;
  /** Number of table rows: small, or enough to run over a page. */
  long: boolean;
  locale?: Locale;
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
