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
import { lostPointReadings, partsMakeTotal, sameCents } from './values';

/** A span that is a figure and nothing else: an amount with at most a currency sign or code. */
const FIGURE_ONLY = /^[^\p{L}\d]*(?:[A-Z]{3}\s?)?[-−]?[\d.,' ]*\d[^\p{L}\d]*(?:\s?[A-Z]{3})?[^\p{L}\d]*$/u;

/** A figure of its own: as read and as printed (`readings`), on its line (`line`, per document). */
type PrintedFigure = Found & { value: number; readings: number[]; line: string };

/**
 * Every span of the documents that is a figure of its own, in reading order, not in `taken` (spans
 * that are labels or table cells, by `${line.key}:${span index}`) and not where another field's
 * figure was read (`used`; in a document without geometry, any span of the same text counts as it).
 * `readings`: the figure as read and, on a scan, as printed with the decimal point OCR lost.
 */
function printedFigures(views: DocView[], taken: Set<string>, used: Source[]): PrintedFigure[] {
  const out: PrintedFigure[] = [];
  let order = 0;
  for (const view of views) {
    for (const lines of view.pages) {
      for (const line of lines) {
        for (const s of line.spans) {
          order++;
          const text = s.span.text.trim();
          if (!FIGURE_ONLY.test(text) || taken.has(`${line.key}:${s.index}`)) continue;
          const parsed = parseMoney(text, view.ctx);
          if (!parsed) continue;
          const source = spanSource(view, line, s);
          if (used.some((u) => sameSpan(u, source))) continue;
          const readings = [parsed.value, ...(view.ctx.ocr ? lostPointReadings(parsed.value, text) : [])];
          const at = `${view.index}:${line.key}`;
          out.push({ value: parsed.value, readings, line: at, score: WORKED_OUT_CONFIDENCE, source, order });
        }
      }
    }
  }
  return out;
}

/** The last figure of its own (see `printedFigures`) worth `target`. */
export function printedFigure(
  target: number,
  views: DocView[],
  taken: Set<string>,
  used: Source[],
): Found | null {
  return printedFigures(views, taken, used).findLast((f) => sameCents(f.value, target)) ?? null;
}

/**
 * The two figures of a sum whose labels were not found (a tax and the total it makes, over
 * captions OCR garbled: "£54541 | £3,272.45" over "VAT | Dial gue"), where the rest of the sum is
 * `known` (the subtotal): the one pair of figures printed on the page that make known + part =
 * whole, the part's lost decimal point restored where it was lost. Null when no pair or several do.
 */
export function printedPair(
  known: number,
  views: DocView[],
  taken: Set<string>,
  used: Source[],
): { part: Found; whole: Found } | null {
  const figures = printedFigures(views, taken, used);
  const pairs = figures.flatMap((whole) =>
    figures.flatMap((part) =>
      part === whole
        ? []
        : part.readings
            .filter((value) => value > 0 && sameCents(known + value, whole.value))
            .map((value) => ({ part: { ...part, value }, whole })),
    ),
  );
  return pairs.length === 1 ? pairs[0] : null;
}

/**
 * A sum's three figures printed side by side, none of their labels read (captions under them OCR
 * garbled: "5,634.22 | 450.74 | 6,084.96" over "ales lax | Grand | ota"): the one line of the
 * documents with three figures of their own, in that order, where the first two (the second the
 * smaller: a tax, a fee) make the third, a lost decimal point restored where it was lost.
 */
export function printedTriple(
  views: DocView[],
  taken: Set<string>,
  used: Source[],
): [Found, Found, Found] | null {
  const byLine = new Map<string, PrintedFigure[]>();
  for (const f of printedFigures(views, taken, used)) byLine.set(f.line, [...(byLine.get(f.line) ?? []), f]);
  const triples: [Found, Found, Found][] = [];
  for (const f of byLine.values())
    for (let i = 0; i < f.length; i++)
      for (let j = i + 1; j < f.length; j++)
        for (let k = j + 1; k < f.length; k++)
          for (const x of f[i].readings)
            for (const y of f[j].readings)
              for (const z of f[k].readings)
                if (partsMakeTotal(x, y, z))
                  triples.push([
                    { ...f[i], value: x },
                    { ...f[j], value: y },
                    { ...f[k], value: z },
                  ]);
  return triples.length === 1 ? triples[0] : null;
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

/**
 * A sum whose total and one part were not found, its other parts read: what they add up to, and
 * the two pointers to look for (see `printedPair`).
 */
export function missingPair(
  rule: Extract<CrossFieldRule, { kind: 'add' }>,
  numberAt: (pointer: string) => number | null,
): { known: number; part: string; whole: string } | null {
  if (numberAt(rule.equals) !== null) return null;
  const missing = rule.fields.filter((p) => numberAt(p) === null);
  if (missing.length !== 1 || missing.length === rule.fields.length) return null;
  const known = rule.fields.reduce((a, p) => a + (numberAt(p) ?? 0), 0);
  return known > 0
    ? { known, part: normalizePointer(missing[0]), whole: normalizePointer(rule.equals) }
    : null;
}
