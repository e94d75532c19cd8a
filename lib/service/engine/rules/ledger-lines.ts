/**
 * A statement's transactions under a header no caption list knows (a bank's own wording, another
 * language, or OCR garbled past reading): the lines that start with a date and end with figures
 * with cents are its rows. Which figure is which is read from the figures themselves: the last
 * one is the running balance where each row's balance is the one before moved by the row's other
 * figure; that figure is a signed amount where signs are printed, a debit or a credit where the
 * movements stand in two columns (the balance says which falls, which rises), else an amount
 * signed by the way it moves the balance.
 */
import { type ParseContext, parseDate, parseMoney } from '../parse';
import { fold, matchLabel } from '../text-match';
import type { BBox, Source } from '../types';
import { type DocView, type LineRef, SYNTHETIC_GEOMETRY, subBox, union } from './page-view';

/** A figure with cents, maybe signed, maybe with its currency, at the end of a text. */
const TRAILING_FIGURE =
  /(?:^|\s)([-−+]?\s?(?:[$€£]\s?)?\d{1,3}(?:[.,'\u00a0 ]\d{3})*[.,]\d{2}(?:\s?[-+])?(?:\s?(?:€|EUR|CHF|GBP|USD|\$|£))?)\s*$/u;

/** A printed sign: a minus before or after the figure. */
const SIGNED = /^[-−]|-$|-\s?(?:€|EUR|CHF|GBP|USD|\$|£)$/u;

/** No statement prints a transaction's line this long: longer ones are not tried (nor their figures parsed). */
const MAX_LEDGER_LINE = 400;

/** Movements whose right edges lie this far apart (page widths) stand in two columns. */
const COLUMN_GAP = 0.04;

/** Confidence of values read without captions: found by their shape, worth a look. */
const UNCAPTIONED_CONFIDENCE = 0.7;

interface Figure {
  value: number;
  text: string;
  bbox: BBox | null;
}

interface LedgerLine {
  line: LineRef;
  date: { value: string; text: string };
  description: string;
  figures: Figure[];
}

/** The figures ending a line (at most three), left to right, and the text before them. */
function trailingFigures(line: LineRef, ctx: ParseContext): { head: string; figures: Figure[] } {
  const figures: Figure[] = [];
  const spans = line.spans.map((s) => s.span);
  while (spans.length > 0 && figures.length < 3) {
    const span = spans[spans.length - 1];
    let text = span.text.trimEnd();
    const found: Figure[] = [];
    for (
      let m = TRAILING_FIGURE.exec(text);
      m && figures.length + found.length < 3;
      m = TRAILING_FIGURE.exec(text)
    ) {
      const figure = m[1];
      const parsed = parseMoney(figure, ctx);
      if (!parsed || parseDate(figure, ctx)) break;
      const start = text.length - figure.length;
      found.unshift({ value: parsed.value, text: figure.trim(), bbox: subBox(span, start, text.length) });
      text = text.slice(0, start).trimEnd();
    }
    figures.unshift(...found);
    if (text) {
      // Text left in the span: the figures end here.
      return { head: [...spans.slice(0, -1).map((s) => s.text), text].join(' ').trim(), figures };
    }
    spans.pop();
  }
  return {
    head: spans
      .map((s) => s.text)
      .join(' ')
      .trim(),
    figures,
  };
}

/** A date the text starts with, and the text after it. */
function leadingDate(text: string, ctx: ParseContext): { value: string; text: string; rest: string } | null {
  const parsed = parseDate(text, ctx);
  if (!parsed || !text.startsWith(parsed.text)) return null;
  return { value: parsed.value, text: parsed.text, rest: text.slice(parsed.text.length).trim() };
}

/** A line read as a transaction: its date (a value date after it passed over), its text, its figures. */
function ledgerLine(line: LineRef, ctx: ParseContext): LedgerLine | null {
  if (line.line.text.length > MAX_LEDGER_LINE) return null;
  const { head, figures } = trailingFigures(line, ctx);
  if (figures.length === 0) return null;
  const date = leadingDate(head, ctx);
  if (!date) return null;
  const description = (leadingDate(date.rest, ctx)?.rest ?? date.rest).trim();
  if (!/\p{L}{2}/u.test(description)) return null;
  return { line, date, description, figures };
}

/** The rows' balances make a ledger: most rows' balance is the one before moved by their other figure. */
function runningBalances(rows: LedgerLine[]): boolean {
  if (rows.filter((r) => r.figures.length >= 2).length < rows.length * 0.6) return false;
  let agree = 0;
  let pairs = 0;
  for (let i = 1; i < rows.length; i++) {
    const [before, row] = [rows[i - 1].figures, rows[i].figures];
    if (before.length < 2 || row.length < 2) continue;
    pairs++;
    const moved = Math.abs(row[row.length - 1].value - before[before.length - 1].value);
    if (Math.abs(moved - Math.abs(row[row.length - 2].value)) < 0.005) agree++;
  }
  return pairs > 0 && agree * 2 >= pairs;
}

/** Does the running balance fall on row `i`? Null where no balance before it shows (the first row). */
function falling(rows: LedgerLine[], i: number): boolean | null {
  const balance = (r: LedgerLine) => r.figures[r.figures.length - 1].value;
  if (i === 0 || rows[i].figures.length < 2 || rows[i - 1].figures.length < 2) return null;
  return balance(rows[i]) < balance(rows[i - 1]);
}

export function ledgerLines(
  pointer: string,
  view: DocView,
  ends: RegExp[],
  skips: RegExp[],
  consumed: Set<string>,
): { rows: Record<string, unknown>[]; sources: Record<string, Source>; confidence: Record<string, number> } {
  const found: LedgerLine[] = [];
  let ended = false;
  for (const lines of view.pages) {
    if (ended) break;
    for (const line of lines) {
      if (line.spans.some((s) => consumed.has(`${line.key}:${s.index}`))) continue;
      if (found.length > 0 && ends.some((re) => matchLabel(line.spans[0].folded, re))) {
        ended = true;
        break;
      }
      const row = ledgerLine(line, view.ctx);
      if (row && !skips.some((re) => matchLabel(fold(row.description), re))) found.push(row);
    }
  }
  const out = {
    rows: [] as Record<string, unknown>[],
    sources: {} as Record<string, Source>,
    confidence: {} as Record<string, number>,
  };
  // One dated line with a figure may be anything (a due date and its amount): a ledger has rows.
  if (found.length < 2) return out;
  const balanced = runningBalances(found);
  const movementOf = (r: LedgerLine) =>
    balanced ? r.figures[r.figures.length - 2] : r.figures[r.figures.length - 1];
  const movements = found.map(movementOf).filter((f): f is Figure => !!f);
  const signed = movements.some((f) => SIGNED.test(f.text));
  const edges = movements.map(rightEdge).sort((a, b) => a - b);
  const twoColumns = !signed && edges.length > 1 && edges[edges.length - 1] - edges[0] > COLUMN_GAP;
  // Where the movements stand in two columns, the left one's right edge and the right one's.
  const split = twoColumns ? widestGap(edges) : null;
  const synthetic = SYNTHETIC_GEOMETRY.has(view.doc.kind);
  found.forEach((row, i) => {
    const data: Record<string, unknown> = {};
    const put = (key: string, value: unknown, text: string, bbox: BBox | null) => {
      data[key] = value;
      out.sources[`${pointer}/${out.rows.length}/${key}`] = {
        document: view.index,
        page: row.line.page,
        bbox: synthetic ? null : bbox,
        text,
      };
      out.confidence[`${pointer}/${out.rows.length}/${key}`] = UNCAPTIONED_CONFIDENCE;
    };
    put('date', row.date.value, row.date.text, row.line.line.bbox);
    put('description', row.description, row.description, union(row.line.spans.map((s) => s.span.bbox)));
    const movement = movementOf(row);
    if (movement) {
      const down = falling(found, i);
      if (signed) put('amount', movement.value, movement.text, movement.bbox);
      else if (split !== null) {
        const debit = down ?? rightEdge(movement) <= split;
        put(debit ? 'debit' : 'credit', Math.abs(movement.value), movement.text, movement.bbox);
      } else {
        const value = down === null ? movement.value : (down ? -1 : 1) * Math.abs(movement.value);
        put('amount', value, movement.text, movement.bbox);
      }
    }
    if (balanced && row.figures.length >= 2) {
      const balance = row.figures[row.figures.length - 1];
      put('balance', balance.value, balance.text, balance.bbox);
    }
    out.rows.push(data);
    for (const s of row.line.spans) consumed.add(`${row.line.key}:${s.index}`);
  });
  return out;
}

/** Where a figure ends on the page (page widths; 0 without a box). */
const rightEdge = (f: Figure) => (f.bbox ? f.bbox[0] + f.bbox[2] : 0);

/** The middle of the widest gap between sorted values. */
function widestGap(sorted: number[]): number {
  let at = 0;
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i] - sorted[i - 1] > sorted[at + 1] - sorted[at]) at = i - 1;
  return (sorted[at] + sorted[at + 1]) / 2;
}
