/**
 * A summary figure whose label was not found: OCR misread it ("Amount pzid GBP", "TINTIZE"), or
 * the figure sits away from it (on the line under a currency code). The document's own arithmetic
 * says what the figure must be (the items add up to the subtotal; subtotal and tax to the total),
 * and where exactly that amount is printed on the page as a figure of its own, one that no field
 * and no table cell took, it is taken from there: read, not made up, but found by arithmetic, so
 * flagged as worked out for the reviewer.
 */
import { parseMoney } from '../parse';
import type { CrossFieldRule, Source } from '../types';
import { type DocView, type Found, normalizePointer, spanSource, WORKED_OUT_CONFIDENCE } from './page-view';

/** A span that is a figure and nothing else: an amount with at most a currency sign or code. */
const FIGURE_ONLY = /^[^\p{L}\d]*(?:[A-Z]{3}\s?)?[-−]?[\d.,' ]*\d[^\p{L}\d]*(?:\s?[A-Z]{3})?[^\p{L}\d]*$/u;

/**
 * The last span of the documents that is a figure of its own worth `target`, not in `taken` (spans
 * that are labels or table cells, by `${line.key}:${span index}`) and not where another field's
 * figure was read (`used`; in a document without geometry, any span of the same text counts as it).
 */
export function printedFigure(
  target: number,
  views: DocView[],
  taken: Set<string>,
  used: Source[],
): Found | null {
  let found: Found | null = null;
  let order = 0;
  for (const view of views) {
    for (const lines of view.pages) {
      for (const line of lines) {
        for (const s of line.spans) {
          order++;
          const text = s.span.text.trim();
          if (!FIGURE_ONLY.test(text) || taken.has(`${line.key}:${s.index}`)) continue;
          const parsed = parseMoney(text, view.ctx);
          if (!parsed || Math.abs(parsed.value - target) > 0.005) continue;
          const source = spanSource(view, line, s);
          if (used.some((u) => sameSpan(u, source))) continue;
          found = { value: parsed.value, score: WORKED_OUT_CONFIDENCE, source, order };
        }
      }
    }
  }
  return found;
}

const sameSpan = (a: Source, b: Source) =>
  a.document === b.document &&
  a.page === b.page &&
  a.text === b.text &&
  JSON.stringify(a.bbox ?? null) === JSON.stringify(b.bbox ?? null);

/**
 * What one figure of an arithmetic rule must be, when it is the only one missing: the total a
 * subtotal and tax make, one of those from the total and the other, the subtotal the items make.
 * Null when it cannot be told, or would be nothing (a tax of 0 is not looked for on the page).
 */
export function missingFigure(
  rule: CrossFieldRule,
  numberAt: (pointer: string) => number | null,
  itemsAt: (pointer: string) => unknown[] | null,
): { pointer: string; value: number } | null {
  const round = (v: number) => Math.round(v * 100) / 100;
  if (rule.kind === 'add') {
    const parts = rule.fields.map((p) => ({ pointer: normalizePointer(p), value: numberAt(p) }));
    const equals = { pointer: normalizePointer(rule.equals), value: numberAt(rule.equals) };
    const missing = [...parts, equals].filter((f) => f.value === null);
    if (missing.length !== 1) return null;
    const known = parts.reduce((a, f) => a + (f.value ?? 0), 0);
    const value = round(equals.value === null ? known : (equals.value as number) - known);
    return value > 0 ? { pointer: missing[0].pointer, value } : null;
  }
  if (rule.kind === 'sum') {
    if (numberAt(rule.equals) !== null) return null;
    const rows = itemsAt(rule.items);
    if (!rows || rows.length === 0) return null;
    const figures = rows.map((r) => (r as Record<string, unknown>)[rule.field]);
    if (!figures.every((f) => typeof f === 'number')) return null;
    const value = round((figures as number[]).reduce((a, f) => a + f, 0));
    return value > 0 ? { pointer: normalizePointer(rule.equals), value } : null;
  }
  return null;
}
