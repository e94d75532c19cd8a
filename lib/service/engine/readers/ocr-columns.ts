import type { ColumnEdge, ColumnEdges, Fragment } from '../layout';
import type { BBox, Line } from '../types';
import { medianOf } from './ocr-scale';

/**
 * Where an OCR'd page's table columns start and end (page pixels). Tesseract joins words a narrow
 * gap apart into one phrase, so a date and its description ("15 April 2023 Account fee"), two dates
 * of a statement, or a position number and its article can come out as one cell. The rows that did
 * come out as table rows (three cells or more) show where the columns are: an edge shared by
 * `MIN_ROWS` of a table's rows is a column's, and so is every edge of the table's heading once the
 * heading is seen to line up with the rows. Edges hold over their table's rows only.
 */
export function tableColumns(lines: Line[], width: number, height: number, lineHeight: number): ColumnEdges {
  const tolerance = lineHeight / 2;
  const starts: ColumnEdge[] = [];
  const ends: ColumnEdge[] = [];
  for (const table of tables(lines, height, lineHeight)) {
    const top = table.top - lineHeight / 2;
    const bottom = table.bottom + lineHeight / 2;
    const rows = table.rows.map((row) => ({
      heading: isHeading(row),
      cells: row.spans.flatMap((s) =>
        s.bbox
          ? [{ start: s.bbox[0] * width, end: (s.bbox[0] + s.bbox[2]) * width, numeric: isNumeric(s.text) }]
          : [],
      ),
    }));
    const at = (x: number) => ({ x, top, bottom });
    starts.push(...columnEdges(rows, 'start', tolerance).map(at));
    ends.push(...columnEdges(rows, 'end', tolerance).map(at));
  }
  return { starts, ends, tolerance };
}

/** A column edge needs this many of its table's rows aligned on it. */
const MIN_ROWS = 3;

/** Table rows (three spans or more) no more than this many line heights apart belong to one table. */
const TABLE_GAP = 6;

interface Table {
  rows: Line[];
  top: number;
  bottom: number;
}

/** A row of labels: no figures in it. */
const isHeading = (line: Line) => line.spans.every((s) => !/\d/.test(s.text));

/** Runs of table rows, with the lines between them (wrapped descriptions, references) allowed. */
function tables(lines: Line[], height: number, lineHeight: number): Table[] {
  const out: Table[] = [];
  let current: Table | null = null;
  for (const line of lines) {
    if (line.spans.length < 3 || !line.bbox) continue;
    const top = line.bbox[1] * height;
    const bottom = (line.bbox[1] + line.bbox[3]) * height;
    // A heading starts a table of its own (the caption row of a header block above is another table).
    if (current && !isHeading(line) && top - current.bottom <= TABLE_GAP * lineHeight) {
      current.rows.push(line);
      current.bottom = Math.max(current.bottom, bottom);
    } else {
      current = { rows: [line], top, bottom };
      out.push(current);
    }
  }
  return out.filter((t) => t.rows.length >= MIN_ROWS);
}

interface Row {
  heading: boolean;
  cells: { start: number; end: number; numeric: boolean }[];
}

/** An amount or a count, perhaps with its currency: what a right-aligned column holds. */
const isNumeric = (text: string) => /\d/.test(text) && !/\p{L}/u.test(text.replace(CURRENCY, ''));
const CURRENCY = /\b[A-Z]{3}\b|\b[A-Z]{0,2}\$|[€£¥₹]/g;

/**
 * The cells' starts (or ends), grouped within `tolerance`; which groups are columns. Starts are
 * those of text (left-aligned); ends those of amounts (right-aligned) that start at different
 * places. Amounts of one width start together and dates of one length end together: no columns.
 */
function columnEdges(rows: Row[], side: 'start' | 'end', tolerance: number): number[] {
  const seen = rows.flatMap((row, i) =>
    row.cells
      .filter((c) => (side === 'start') !== c.numeric)
      .map((c) => ({ x: c[side], other: c.start, row: i })),
  );
  seen.sort((a, b) => a.x - b.x);
  const groups: (typeof seen)[] = [];
  for (const e of seen) {
    const last = groups[groups.length - 1];
    if (last && e.x - last[last.length - 1].x <= tolerance) last.push(e);
    else groups.push([e]);
  }
  const rowsOf = (g: typeof seen) => new Set(g.map((e) => e.row));
  const aligned = (g: typeof seen) => {
    if (side === 'start') return true;
    const others = g.map((e) => e.other);
    return Math.max(...others) - Math.min(...others) > tolerance;
  };
  const shared = groups.filter((g) => rowsOf(g).size >= MIN_ROWS && aligned(g));
  if (side === 'end') return shared.map(middle);
  // A heading (no digits) that starts two of its cells where other rows start theirs shows every column.
  const headings = new Set(
    rows
      .map((row, i) => ({ row, i }))
      .filter(
        ({ row, i }) =>
          row.heading && groups.filter((g) => rowsOf(g).has(i) && rowsOf(g).size >= 2).length >= 2,
      )
      .map(({ i }) => i),
  );
  return groups.filter((g) => shared.includes(g) || [...rowsOf(g)].some((i) => headings.has(i))).map(middle);
}

const middle = (g: { x: number }[]) => g[Math.floor(g.length / 2)].x;

/**
 * A gap in a row of values under a row of captions this much wider than the row's gaps between
 * words, and at least this many line heights wide, divides two captions' values.
 */
const CAPTION_GAP_RATIO = 1.6;
const CAPTION_GAP_MIN = 0.7;

/**
 * Where a row of values under a row of captions divides (page pixels): an invoice's "Núm. | Fecha |
 * Vencimiento" centred over "2026-142  15 de marzo de 2026  14 de abril de 2026". Tesseract joins
 * values a few spaces apart into one phrase. In a phrase under two captions or more, the widest
 * gap between two captions' middles starts the second caption's value, when it is clearly wider
 * than the phrase's gaps between words. Such an edge divides its row even in two.
 */
export function captionColumns(
  lines: Line[],
  words: Fragment[],
  width: number,
  height: number,
  lineHeight: number,
): ColumnEdge[] {
  const edges: ColumnEdge[] = [];
  const box = ([x, y, w, h]: BBox) => ({
    left: x * width,
    right: (x + w) * width,
    top: y * height,
    bottom: (y + h) * height,
  });
  for (const captions of lines) {
    if (!captions.bbox || captions.spans.length < 2 || !isHeading(captions)) continue;
    const below = box(captions.bbox).bottom;
    const middles = captions.spans.flatMap((s) => (s.bbox ? [(s.bbox[0] + s.bbox[2] / 2) * width] : []));
    for (const values of lines) {
      if (!values.bbox) continue;
      const top = box(values.bbox).top;
      if (top < below - lineHeight / 4 || top > below + 1.5 * lineHeight) continue;
      for (const span of values.spans) {
        if (!span.bbox) continue;
        const s = box(span.bbox);
        const under = middles.filter((m) => m > s.left && m < s.right);
        if (under.length < 2) continue;
        const own = words
          .filter(
            (w) =>
              w.x >= s.left - 1 &&
              w.x + w.w <= s.right + 1 &&
              w.y + w.h / 2 >= s.top &&
              w.y + w.h / 2 <= s.bottom,
          )
          .sort((a, b) => a.x - b.x);
        const gaps = own.slice(1).map((w, i) => ({ start: own[i].x + own[i].w, next: w.x }));
        const widthOf = (g: (typeof gaps)[number]) => g.next - g.start;
        const typical = medianOf(gaps.map(widthOf));
        for (const [i, middle] of under.slice(0, -1).entries()) {
          const between = gaps.filter(
            (g) => (g.start + g.next) / 2 > middle && (g.start + g.next) / 2 < under[i + 1],
          );
          const widest = between.sort((a, b) => widthOf(b) - widthOf(a))[0];
          if (!widest || widthOf(widest) < CAPTION_GAP_MIN * lineHeight) continue;
          if (gaps.length > 2 && widthOf(widest) < CAPTION_GAP_RATIO * typical) continue;
          edges.push({ x: widest.next, top: s.top, bottom: s.bottom, anyRow: true });
        }
      }
    }
  }
  return edges;
}
