/** What every layout shares: the page shell, escaping and the items table. */
import type { DocModel, StructureKey } from './model';

export interface Layout {
  id: string;
  heldOut: boolean;
  /** The structures this layout prints (a till roll only receipts); all when absent. */
  structures?: StructureKey[];
  render(m: DocModel): string;
}

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function page(css: string, body: string, font = "'DejaVu Sans', Arial, sans-serif"): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  body { font-family: ${font}; font-size: 10.5pt; color: #111; margin: 40px 52px; }
  table { border-collapse: collapse; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  .r { text-align: right; }
  td, th { vertical-align: top; }
  .nw { white-space: nowrap; }
  ${css}
</style></head><body>${body}</body></html>`;
}

export function itemsTable(m: DocModel, cls = 'items'): string {
  const { headers, align, rows, before, after } = m.table;
  // Amounts, dates and headers stay on one line (as on real statements); long text may wrap, and
  // a cell's own line breaks (a reference under a booking text) are kept.
  const cell = (v: string, i: number, tag = 'td') =>
    `<${tag} class="${align[i] === 'r' ? 'r' : ''}${tag === 'th' || (v.length <= 20 && !v.includes('\n')) ? ' nw' : ''}">${esc(v).replace(/\n/g, '<br>')}</${tag}>`;
  const tr = (r: string[], cls = '') =>
    `<tr${cls ? ` class="${cls}"` : ''}>${r.map((v, i) => cell(v, i)).join('')}</tr>`;
  const head = `<thead><tr>${headers.map((h, i) => cell(h, i, 'th')).join('')}</tr></thead>`;
  const pre = (before ?? []).map((r) => tr(r, 'extra')).join('');
  const body = rows.map((r) => tr(r)).join('');
  const post = (after ?? []).map((r) => tr(r, 'extra')).join('');
  return `<table class="${cls}">${head}<tbody>${pre}${body}${post}</tbody></table>`;
}
