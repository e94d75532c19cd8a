import type { BBox, Line, TextSpan } from './types';

/** A positioned piece of text in page points (origin top left), as a reader or OCR found it. */
export interface Fragment {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Width of one character when the font is fixed-pitch (a space there is as wide as a letter). */
  monoCharWidth?: number;
}

export interface LayoutOptions {
  /**
   * A horizontal gap wider than this many line heights starts a new span: label/value columns and
   * table cells stay apart, words of one phrase are joined with a single space.
   */
  spanGap?: number;
  /**
   * A table's column edges (page points): in the rows the table spans, a fragment starting at a
   * column's start, or following one that ends at a column's end, starts a new span even after a
   * narrow gap — when that makes the row a table row (three spans or more; two where an edge says
   * `anyRow`).
   */
  columns?: ColumnEdges;
  /**
   * Each fragment is a whole word (OCR): a word and a number after it are joined with a space even
   * where their boxes touch or overlap ("Hauptstraße" and "12", the "ß" reaching over the digits).
   * Pieces of a number ("986" ".40") still join as they touch.
   */
  wordFragments?: boolean;
  /** Printed vertical lines (page points): two fragments with one between them are never joined. */
  rules?: VerticalRule[];
}

/** A vertical line drawn on the page at `x`, from `top` to `bottom` (page points). */
export interface VerticalRule {
  x: number;
  top: number;
  bottom: number;
}

/** A column edge at `x`, seen in the rows from `top` to `bottom` (page points). */
export interface ColumnEdge {
  x: number;
  top: number;
  bottom: number;
  /** It divides its rows even in two spans (a caption's edge over its row of values), not only in three. */
  anyRow?: boolean;
}

export interface ColumnEdges {
  starts: ColumnEdge[];
  ends: ColumnEdge[];
  tolerance: number;
}

interface Span {
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  h: number;
  mono?: number;
}

const round = (v: number) => Math.round(v * 10_000) / 10_000;

function toBBox(x: number, y: number, w: number, h: number, pageW: number, pageH: number): BBox {
  const fx = Math.min(1, Math.max(0, x / pageW));
  const fy = Math.min(1, Math.max(0, y / pageH));
  return [
    round(fx),
    round(fy),
    round(Math.min(1 - fx, Math.max(0, w / pageW))),
    round(Math.min(1 - fy, Math.max(0, h / pageH))),
  ];
}

const CURRENCY_ONLY = /^(?:[A-Z]{3}|[A-Z]{0,2}\$|[€£¥₹])$/;

/**
 * Two words a column's edge must not part: the groups of a number grouped by spaces ("5 241,97",
 * "12 425,58"), and an amount and its currency ("EUR 1 200,00", "R$ 872,02", "296,14 €").
 */
function holdTogether(before: string, after: string): boolean {
  if (/\d$/.test(before) && /^\d{3}(?:[.,]|$)/.test(after)) return true;
  return CURRENCY_ONLY.test(before) || CURRENCY_ONLY.test(after);
}

interface Row {
  frags: Fragment[];
  top: number;
  bottom: number;
  /** Middle and height of the row's own-size fragments (sums over `own` of them). */
  midSum: number;
  heightSum: number;
  own: number;
}

/**
 * Groups fragments into visual lines (by vertical overlap), sorts each line left to right and merges
 * neighbouring fragments into spans. Coordinates come in page points and leave as page fractions.
 */
export function fragmentsToLines(
  fragments: Fragment[],
  pageW: number,
  pageH: number,
  options: LayoutOptions = {},
): Line[] {
  const spanGap = options.spanGap ?? 1.2;
  const frags = fragments.filter((f) => f.text.trim() !== '' && f.h > 0);
  frags.sort((a, b) => a.y + a.h / 2 - (b.y + b.h / 2) || a.x - b.x);
  const rows: Row[] = [];
  for (const f of frags) {
    const mid = f.y + f.h / 2;
    // Join the recent row this fragment overlaps most (at least half the smaller height).
    let target: Row | undefined;
    let bestOverlap = 0;
    for (let i = rows.length - 1; i >= 0 && i >= rows.length - 4; i--) {
      const r = rows[i];
      const overlap = Math.min(r.bottom, f.y + f.h) - Math.max(r.top, f.y);
      const ratio = overlap / Math.min(r.bottom - r.top, f.h);
      // The band is the union of the row's words: a word of its size half a line off (a sidebar's
      // row beside a column's) stretches it, and then the next line would overlap it too. Such a
      // word joins only when its middle is near the row's own.
      const rowHeight = r.heightSum / r.own;
      const sameSize = f.h <= 1.3 * rowHeight && rowHeight <= 1.3 * f.h;
      const offset = Math.abs(mid - r.midSum / r.own);
      if (sameSize && offset > 0.5 * Math.min(f.h, rowHeight)) continue;
      if (ratio >= 0.5 && (mid > r.top || ratio >= 0.8) && overlap > bestOverlap) {
        target = r;
        bestOverlap = overlap;
      }
    }
    if (target) {
      target.frags.push(f);
      // The band follows fragments of the row's own size; a much taller neighbour (a title) joins
      // the row without stretching it over the next line.
      if (f.h <= 1.3 * (target.bottom - target.top)) {
        target.top = Math.min(target.top, f.y);
        target.bottom = Math.max(target.bottom, f.y + f.h);
        target.midSum += mid;
        target.heightSum += f.h;
        target.own += 1;
      }
    } else {
      rows.push({ frags: [f], top: f.y, bottom: f.y + f.h, midSum: mid, heightSum: f.h, own: 1 });
    }
  }
  rows.sort((a, b) => a.top - b.top);
  const rules = options.rules ?? [];
  const joinSpans = (frags: Fragment[], rowMid: number, columns?: ColumnEdges) => {
    const near = (edges: ColumnEdge[], x: number) =>
      edges.some(
        (e) => Math.abs(e.x - x) <= (columns?.tolerance ?? 0) && rowMid >= e.top && rowMid <= e.bottom,
      );
    const spans: Span[] = [];
    let lastEnd = Number.NEGATIVE_INFINITY;
    for (const f of frags) {
      const last = spans[spans.length - 1];
      const h = f.h;
      const gap = last ? f.x - last.x1 : Number.POSITIVE_INFINITY;
      const text = f.text.replace(/\s+/g, ' ');
      // In a fixed-pitch font one space is ~0.6 em: columns there are two or more spaces apart.
      const limit =
        last?.mono && f.monoCharWidth
          ? Math.max(spanGap * Math.max(h, last.h), 1.5 * Math.max(last.mono, f.monoCharWidth))
          : spanGap * Math.max(h, last?.h ?? h);
      const columnEdge =
        columns !== undefined &&
        gap > 0 &&
        !holdTogether(last?.text.trim().split(' ').at(-1) ?? '', text.trim().split(' ')[0]) &&
        (near(columns.starts, f.x) || near(columns.ends, lastEnd));
      // A rule between the two, or through the edge of either (a border read as part of a word),
      // longer than their letters are high (so never a stroke of a big title's letter).
      const tall = Math.max(h, last?.h ?? h);
      const ruled = rules.some(
        (r) =>
          r.x > lastEnd - 0.5 * h &&
          r.x < f.x + 0.5 * h &&
          rowMid >= r.top &&
          rowMid <= r.bottom &&
          r.bottom - r.top >= 1.5 * tall,
      );
      if (last && gap < limit && !columnEdge && !ruled) {
        const needsSpace =
          (gap > 0.12 * h || (options.wordFragments && wordsApart(last.text, text))) &&
          !last.text.endsWith(' ') &&
          !text.startsWith(' ');
        last.text = `${last.text}${needsSpace ? ' ' : ''}${text}`;
        last.x1 = Math.max(last.x1, f.x + f.w);
        last.top = Math.min(last.top, f.y);
        last.bottom = Math.max(last.bottom, f.y + f.h);
      } else {
        spans.push({ text, x0: f.x, x1: f.x + f.w, top: f.y, bottom: f.y + f.h, h, mono: f.monoCharWidth });
      }
      lastEnd = f.x + f.w;
    }
    return spans;
  };
  return rows.map((row) => {
    row.frags.sort((a, b) => a.x - b.x);
    const rowMid = (row.top + row.bottom) / 2;
    let spans = joinSpans(row.frags, rowMid);
    if (options.columns) {
      const cut = joinSpans(row.frags, rowMid, options.columns);
      const least = options.columns.starts.some((e) => e.anyRow && rowMid >= e.top && rowMid <= e.bottom)
        ? 2
        : 3;
      if (cut.length >= least && cut.length > spans.length) spans = cut;
    }
    const textSpans: TextSpan[] = spans.map((s) => ({
      text: s.text.trim(),
      bbox: toBBox(s.x0, s.top, s.x1 - s.x0, s.bottom - s.top, pageW, pageH),
    }));
    const x0 = Math.min(...spans.map((s) => s.x0));
    const x1 = Math.max(...spans.map((s) => s.x1));
    return {
      text: textSpans.map((s) => s.text).join(' '),
      bbox: toBBox(x0, row.top, x1 - x0, row.bottom - row.top, pageW, pageH),
      spans: textSpans,
    };
  });
}

/**
 * Two OCR words that touch are still two where a letter meets a letter or a digit ("Green" "tea",
 * "Hauptstraße" "12": tesseract parts words by their letters' shapes and its dictionary, where a
 * scan's blur can close the gap between them to a pixel or two), or a British postcode's outward
 * part its inward part ("BA1" "5AW"). Figures that touch stay one ("1" "234,56").
 */
const wordsApart = (last: string, next: string) =>
  (/\p{L}$/u.test(last) && /^[\p{L}\d]/u.test(next)) ||
  (/(?:^|\s)[A-Z]{1,2}\d[A-Z\d]?$/.test(last) && /^\d[A-Z]{2}(?![\p{L}\d])/u.test(next));
