import type { BBox, Line, Page, TextSpan } from '../types';

/** Lines per synthetic page when the text has no form feeds. */
export const TEXT_LINES_PER_PAGE = 60;

function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) {
    if (ch === '\t') out += ' '.repeat(8 - (out.length % 8));
    else out += ch;
  }
  return out;
}

/**
 * Plain text → pages of lines. Pages split at form feeds, else every 60 lines. Spans are the runs
 * separated by two or more spaces (or a tab), so label/value columns of text layouts stay apart.
 * Boxes are synthetic: character columns and line numbers as fractions of the page's extent.
 */
export function textToPages(text: string): Page[] {
  const normalized = text.replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '');
  const chunks: string[][] = [];
  for (const part of normalized.split('\f')) {
    const lines = part.split('\n');
    for (let i = 0; i < lines.length; i += TEXT_LINES_PER_PAGE) {
      chunks.push(lines.slice(i, i + TEXT_LINES_PER_PAGE));
    }
  }
  const pages: Page[] = [];
  for (const rawLines of chunks) {
    const lines = rawLines.map(expandTabs);
    const width = Math.max(80, ...lines.map((l) => l.length));
    const height = Math.max(TEXT_LINES_PER_PAGE, lines.length);
    const out: Line[] = [];
    lines.forEach((line, row) => {
      if (line.trim() === '') return;
      const spans: TextSpan[] = [];
      for (const m of line.matchAll(/\S+(?: \S+)*/g)) {
        spans.push({ text: m[0], bbox: box(m.index ?? 0, m[0].length, row, width, height) });
      }
      const first = line.search(/\S/);
      const trimmed = line.trim();
      out.push({ text: trimmed, bbox: box(first, trimmed.length, row, width, height), spans });
    });
    if (out.length > 0 || pages.length === 0) pages.push({ number: pages.length + 1, lines: out });
  }
  return pages;
}

function box(col: number, len: number, row: number, width: number, height: number): BBox {
  const r = (v: number) => Math.round(v * 10_000) / 10_000;
  return [r(col / width), r(row / height), r(len / width), r(1 / height)];
}
