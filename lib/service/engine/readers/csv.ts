import type { BBox, Line, Page, TextSpan } from '../types';

/** Splits CSV text into rows of cells (RFC 4180 quoting; separator guessed from the first line). */
export function parseCsv(text: string, separator?: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.split(/\r?\n/, 1)[0] ?? '';
  const sep =
    separator ??
    [',', ';', '\t', '|'].reduce(
      (best, s) => (firstLine.split(s).length > firstLine.split(best).length ? s : best),
      ',',
    );
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

const ROWS_PER_PAGE = 60;

/**
 * CSV → lines whose spans are the cells. Every column gets an equal slice of the page width so
 * that header labels and their values line up, which is what the table reader needs.
 */
export function csvToPages(text: string, separator?: string): Page[] {
  return rowsToPages(parseCsv(text, separator));
}

/** Rows of cells (CSV, a spreadsheet's sheet) → pages of lines whose spans are the cells. */
export function rowsToPages(rows: string[][]): Page[] {
  const columns = Math.max(1, ...rows.map((r) => r.length));
  const pages: Page[] = [];
  for (let start = 0; start < Math.max(rows.length, 1); start += ROWS_PER_PAGE) {
    const chunk = rows.slice(start, start + ROWS_PER_PAGE);
    const lines: Line[] = chunk.map((cells, i) => {
      const y = i / ROWS_PER_PAGE;
      const spans: TextSpan[] = [];
      cells.forEach((c, col) => {
        const t = c.trim();
        if (t !== '') spans.push({ text: t, bbox: box(col / columns, y, 1 / columns, 1 / ROWS_PER_PAGE) });
      });
      return { text: spans.map((s) => s.text).join(' '), bbox: box(0, y, 1, 1 / ROWS_PER_PAGE), spans };
    });
    pages.push({ number: pages.length + 1, lines });
  }
  return pages;
}

function box(x: number, y: number, w: number, h: number): BBox {
  const r = (v: number) => Math.round(v * 10_000) / 10_000;
  return [r(x), r(y), r(w), r(h)];
}
