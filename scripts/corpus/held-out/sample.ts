/** Sampling shared by the structures: dates, line items from a catalog, and tax totals. */
import { addDays, dateParts, formatter } from './formats';
import { type Rng, round2 } from './random';
import type { CatalogItem, DocumentModel, IssuerBase, Line, TaxRow, Totals } from './types';

const DAY = 86_400_000;

/** What every document model starts with: ids, language and locale, and its issuer's formatter. */
export function documentBase(layoutId: string, issuer: IssuerBase, id: string, long: boolean): DocumentModel {
  return {
    id,
    issuerId: `${layoutId}-${issuer.key}`,
    layout: layoutId,
    language: issuer.conventions.language,
    locale: issuer.locale,
    long,
    fmt: formatter(issuer.conventions),
  };
}

/**
 * A date between `from` and `to` (ISO). With `ambiguous`, the day is at most 12 and differs from
 * the month, so `05/04/2026` could be read either way and only evidence decides.
 */
export function sampleDate(r: Rng, from: string, to: string, ambiguous = false): string {
  const start = Date.parse(`${from}T00:00:00Z`);
  const span = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY);
  for (;;) {
    const iso = addDays(from, r.int(0, span));
    const { m, d } = dateParts(iso);
    if (!ambiguous || (d <= 12 && d !== m)) return iso;
  }
}

function quantity(r: Rng, item: CatalogItem): number {
  const [min, max] = item.qty;
  if (item.fractional) return r.int(min * 2, max * 2) / 2;
  return r.int(min, max);
}

/** Prices end in realistic cents: whole fives, .00/.50/.90/.95, five-cent steps, or any cents below 1. */
function price(r: Rng, item: CatalogItem): number {
  const [min, max] = item.price;
  if (min === max) return min;
  const raw = min + r.next() * (max - min);
  if (raw >= 200) return Math.round(raw / 5) * 5;
  if (raw >= 20) return Math.floor(raw) + r.pick([0, 0.5, 0.9, 0.95]);
  if (raw >= 1) return round2(Math.round(raw * 20) / 20);
  return round2(raw);
}

/** `count` distinct catalog items as priced lines (the reduced rate when an item says so). */
export function sampleLines(r: Rng, catalog: CatalogItem[], count: number, taxRates: number[]): Line[] {
  if (catalog.length < count)
    throw new Error(`catalog of ${catalog.length} items cannot fill ${count} lines`);
  return r.sample(catalog, count).map((item) => {
    const q = quantity(r, item);
    const unitPrice = price(r, item);
    return {
      sku: item.sku,
      description: item.description,
      quantity: q,
      unit: item.unit,
      unitPrice,
      amount: round2(q * unitPrice),
      taxRate: item.reduced && taxRates.length > 1 ? taxRates[1] : (taxRates[0] ?? 0),
    };
  });
}

/** Subtotal of the lines, tax per rate on lines (and a shipping row, at the standard rate), total. */
export function computeTotals(lines: Line[], taxRates: number[], shipping?: number): Totals {
  const subtotal = round2(lines.reduce((s, l) => s + l.amount, 0));
  const all: TaxRow[] = taxRates.map((rate, i) => {
    const base = round2(
      lines.filter((l) => l.taxRate === rate).reduce((s, l) => s + l.amount, 0) +
        (i === 0 ? (shipping ?? 0) : 0),
    );
    return { rate, base, amount: round2((base * rate) / 100) };
  });
  // A rate with nothing to tax is not printed (unless it is the only one, like a 0 % export).
  const taxes = all.some((t) => t.base !== 0) ? all.filter((t) => t.base !== 0) : all.slice(0, 1);
  const tax = round2(taxes.reduce((s, t) => s + t.amount, 0));
  return { lines, subtotal, shipping, taxes, tax, total: round2(subtotal + (shipping ?? 0) + tax) };
}

/** Catalog items from compact rows: [description, min price, max price, max qty, unit?, flags?]. */
export function catalog(
  rows: [string, number, number, number, string?, ('h' | 'r' | 'hr')?][],
  skuPrefix?: string,
): CatalogItem[] {
  return rows.map(([description, min, max, maxQty, unit, flags], i) => ({
    description,
    price: [min, max],
    qty: [1, maxQty],
    unit,
    fractional: flags?.includes('h'),
    reduced: flags?.includes('r'),
    sku: skuPrefix ? `${skuPrefix}${String(1040 + i * 37).padStart(5, '0')}` : undefined,
  }));
}

/** Catalog rows for every variant of one product: `Cable ties {}` × ['100 mm', '200 mm']. */
export function variants(
  template: string,
  names: string[],
  min: number,
  max: number,
  maxQty: number,
  unit?: string,
): [string, number, number, number, string?][] {
  return names.map((name, i) => {
    const step = names.length > 1 ? i / (names.length - 1) : 0;
    const low = round2(min + (max - min) * step * 0.8);
    return [template.replace('{}', name), low, round2(low + (max - min) * 0.2), maxQty, unit];
  });
}
