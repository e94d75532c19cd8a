/** Small HTML builders the layouts share: the A4 page shell, escaping, tables and address blocks. */
import type { Party } from './types';

export const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface PageOptions {
  lang: string;
  font: string;
  /** Base font size in pt. */
  size?: number;
  css?: string;
  /** Left/right page margin in mm (the PDF renderer sets only top/bottom). */
  margin?: number;
}

/**
 * An A4 document. Printed, the renderer gives 14 mm top and bottom margins; on screen (PNG) the
 * same margins come from padding, so both look alike.
 */
export function a4Page(o: PageOptions, body: string): string {
  const margin = o.margin ?? 18;
  return `<!doctype html><html lang="${o.lang}"><head><meta charset="utf-8"><style>
  html, body { margin: 0; }
  body { font-family: ${o.font}; font-size: ${o.size ?? 9.5}pt; color: #1d1d1f; width: 210mm; box-sizing: border-box;
    padding: 0 ${margin}mm; line-height: 1.35; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  @media screen { body { padding-top: 14mm; padding-bottom: 14mm; } }
  table { border-collapse: collapse; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  .r { text-align: right; white-space: nowrap; }
  .c { text-align: center; white-space: nowrap; }
  .nw { white-space: nowrap; }
  .muted { color: #666; }
  .small { font-size: 0.8em; }
  b, strong { font-weight: 700; }
  ${o.css ?? ''}
</style></head><body>${body}</body></html>`;
}

export interface Column<T> {
  head: string;
  /** 'r' right-aligned numbers, 'c' centred. */
  align?: 'r' | 'c';
  width?: string;
  cell(row: T, index: number): string;
}

/** A table with a repeated header; cells are escaped by the caller's cell function via `esc`. */
export function table<T>(cls: string, columns: Column<T>[], rows: T[]): string {
  const head = columns
    .map(
      (c) => `<th class="${c.align ?? ''}"${c.width ? ` style="width:${c.width}"` : ''}>${esc(c.head)}</th>`,
    )
    .join('');
  const body = rows
    .map(
      (row, i) =>
        `<tr>${columns.map((c) => `<td class="${c.align ?? ''}">${c.cell(row, i)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table class="${cls}"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** Label/value rows (label cell first), e.g. a totals block or a meta block. */
export function pairs(cls: string, rows: [string, string, string?][]): string {
  return `<table class="${cls}">${rows
    .map(
      ([label, value, rowCls]) =>
        `<tr class="${rowCls ?? ''}"><td>${esc(label)}</td><td class="r">${esc(value)}</td></tr>`,
    )
    .join('')}</table>`;
}

/** Name and address lines, one per line (name in bold unless `plainName`). */
export function addressBlock(p: Party, plainName = false): string {
  const name = plainName ? esc(p.name) : `<strong>${esc(p.name)}</strong>`;
  return [name, ...p.address.map(esc)].join('<br>');
}

export const lines = (xs: (string | undefined | false)[]) =>
  xs
    .filter((x): x is string => Boolean(x))
    .map(esc)
    .join('<br>');
