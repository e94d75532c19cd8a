/**
 * Visual styles for the synthetic corpus. Each turns a document model into a full HTML page.
 * Layouts 7 and 8 are held out: tune the engine on 1–6, report 7–8 apart; `layouts-world.ts`
 * adds layouts 9–20 (held out: dark-band, three-box, right-box, till-roll).
 */
import { esc, itemsTable, type Layout, page } from './layout-parts';
import { WORLD_LAYOUTS } from './layouts-world';
import type { DocModel, MetaItem } from './model';

export type { Layout };

const partyLines = (p: DocModel['parties'][number]) => [p.party.name, ...p.party.address, ...(p.extra ?? [])];
const letterhead = (m: DocModel, cls = 'letterhead') =>
  m.letterhead
    ? `<div class="${cls}">${m.letterhead.map((l, i) => (i === 0 ? `<div class="lh-name">${esc(l)}</div>` : `<div>${esc(l)}</div>`)).join('')}</div>`
    : '';
const kvTable = (items: MetaItem[], cls: string, colon = '') =>
  `<table class="${cls}">${items.map((i) => `<tr><td class="k">${esc(i.label)}${colon}</td><td class="v">${esc(i.value)}</td></tr>`).join('')}</table>`;
/** Each party under its label, a line each: every layout but one prints them so, in its own box. */
const partyBlocks = (m: DocModel, cls?: string) =>
  m.parties
    .map(
      (p) =>
        `<div${cls ? ` class="${cls}"` : ''}><div class="lbl">${esc(p.label)}</div>${partyLines(p).map(esc).join('<br>')}</div>`,
    )
    .join('');
const notes = (m: DocModel) => m.notes.map((n) => `<p class="note">${esc(n)}</p>`).join('');

/** 1. Classic: meta as label/value rows, parties side by side, totals block on the right. */
const classic: Layout = {
  id: 'classic',
  heldOut: false,
  render: (m) =>
    page(
      `h1 { font-size: 22pt; margin: 0 0 20px; }
       .meta td { padding: 2px 18px 2px 0; } .meta .k { font-weight: bold; }
       .parties { display: flex; gap: 60px; margin: 22px 0; } .parties .lbl { font-weight: bold; margin-bottom: 2px; }
       table.items { width: 100%; margin-top: 18px; } .items th { border-bottom: 1px solid #333; text-align: left; padding: 5px 6px; }
       .items th.r { text-align: right; } .items td { padding: 5px 6px; }
       .totals { margin: 16px 0 0 auto; } .totals td { padding: 2px 0 2px 36px; } .totals .v { text-align: right; }
       .letterhead { margin-bottom: 14px; } .lh-name { font-size: 15pt; font-weight: bold; } .note { margin-top: 30px; }`,
      `${letterhead(m)}<h1>${esc(m.title)}</h1>${kvTable(m.meta, 'meta', ':')}
       <div class="parties">${partyBlocks(m)}</div>
       ${itemsTable(m)}${kvTable(m.totals, 'totals')}${notes(m)}`,
    ),
};

/** 2. Header row: meta labels in a row with the values underneath; parties stacked. */
const headerRow: Layout = {
  id: 'header-row',
  heldOut: false,
  render: (m) =>
    page(
      `h1 { font-size: 20pt; letter-spacing: 2px; margin: 0 0 18px; text-align: right; }
       table.metarow { width: 100%; margin-bottom: 20px; } .metarow th { text-align: left; font-size: 9pt; color: #444; padding: 3px 8px 3px 0; }
       .metarow td { padding: 3px 8px 3px 0; }
       .party { margin: 10px 0 14px; } .party .lbl { font-size: 9pt; text-transform: uppercase; color: #444; }
       table.items { width: 100%; margin-top: 16px; } .items th { background: #eee; text-align: left; padding: 6px; } .items th.r { text-align: right; }
       .items td { padding: 5px 6px; border-bottom: 1px solid #ddd; }
       .totals { margin: 14px 0 0 auto; } .totals td { padding: 3px 0 3px 40px; } .totals .v { text-align: right; }
       .letterhead { text-align: left; } .lh-name { font-weight: bold; font-size: 14pt; } .note { font-size: 9pt; margin-top: 24px; }`,
      `${letterhead(m)}<h1>${esc(m.title)}</h1>
       <table class="metarow"><tr>${m.meta.map((i) => `<th>${esc(i.label)}</th>`).join('')}</tr><tr>${m.meta.map((i) => `<td>${esc(i.value)}</td>`).join('')}</tr></table>
       ${partyBlocks(m, 'party')}
       ${itemsTable(m)}${kvTable(m.totals, 'totals')}${notes(m)}`,
    ),
};

/** 3. Inline: "Label: value" paragraphs, the party's name after its label, bordered table. */
const inline: Layout = {
  id: 'inline',
  heldOut: false,
  render: (m) =>
    page(
      `h1 { font-size: 18pt; margin: 0 0 14px; border-bottom: 2px solid #000; padding-bottom: 6px; }
       p { margin: 3px 0; } .party { margin: 14px 0; }
       table.items { width: 100%; margin-top: 18px; } .items th, .items td { border: 1px solid #555; padding: 5px 7px; }
       .items th { text-align: left; } .items th.r { text-align: right; }
       .tot { text-align: right; margin: 3px 0; } .letterhead { margin-bottom: 10px; } .lh-name { font-weight: bold; } .note { margin-top: 26px; }`,
      `${letterhead(m)}<h1>${esc(m.title)}</h1>
       ${m.meta.map((i) => `<p><b>${esc(i.label)}:</b> ${esc(i.value)}</p>`).join('')}
       ${m.parties.map((p) => `<div class="party"><b>${esc(p.label)}:</b> ${esc(p.party.name)}<br>${[...p.party.address, ...(p.extra ?? [])].map(esc).join('<br>')}</div>`).join('')}
       ${itemsTable(m)}<div style="margin-top:14px">${m.totals.map((i) => `<p class="tot">${esc(i.label)}: ${esc(i.value)}</p>`).join('')}</div>${notes(m)}`,
    ),
};

/** 4. Sidebar: parties in a left column, meta and items on the right. */
const sidebar: Layout = {
  id: 'sidebar',
  heldOut: false,
  render: (m) =>
    page(
      `.grid { display: grid; grid-template-columns: 190px 1fr; gap: 34px; }
       .side .blk { margin-bottom: 20px; } .side .lbl { font-weight: bold; color: #225; margin-bottom: 2px; }
       h1 { font-size: 20pt; margin: 0 0 14px; color: #225; }
       .meta td { padding: 2px 22px 2px 0; } .meta .k { color: #555; }
       table.items { width: 100%; margin-top: 20px; font-size: 9.5pt; } .items th { border-bottom: 2px solid #225; text-align: left; padding: 4px; }
       .items th.r { text-align: right; } .items td { padding: 4px; }
       .totals { margin: 14px 0 0 auto; } .totals td { padding: 2px 0 2px 30px; } .totals .v { text-align: right; }
       .lh-name { font-weight: bold; font-size: 13pt; } .letterhead { margin-bottom: 20px; } .note { margin-top: 22px; font-size: 9pt; }`,
      `<div class="grid"><div class="side">${letterhead(m)}${partyBlocks(m, 'blk')}</div>
       <div><h1>${esc(m.title)}</h1>${kvTable(m.meta, 'meta')}${itemsTable(m)}${kvTable(m.totals, 'totals')}${notes(m)}</div></div>`,
    ),
};

/** 5. Label above value: meta in a grid of small captions; parties in boxes. */
const captions: Layout = {
  id: 'captions',
  heldOut: false,
  render: (m) =>
    page(
      `h1 { font-size: 19pt; margin: 0 0 16px; }
       .cap { display: grid; grid-template-columns: repeat(3, 1fr); gap: 12px 20px; margin-bottom: 18px; }
       .cap .lbl { font-size: 8.5pt; color: #555; text-transform: uppercase; } .cap .val { font-size: 11pt; }
       .boxes { display: flex; gap: 20px; margin-bottom: 18px; } .box { border: 1px solid #999; padding: 8px 12px; flex: 1; }
       .box .lbl { font-size: 8.5pt; color: #555; text-transform: uppercase; margin-bottom: 3px; }
       table.items { width: 100%; } .items th { text-align: left; padding: 5px; border-top: 1px solid #000; border-bottom: 1px solid #000; }
       .items th.r { text-align: right; } .items td { padding: 5px; }
       .totals { margin: 16px 0 0 auto; } .totals td { padding: 3px 0 3px 44px; } .totals .v { text-align: right; } .totals tr:last-child td { font-weight: bold; }
       .lh-name { font-weight: bold; font-size: 15pt; } .letterhead { margin-bottom: 12px; } .note { margin-top: 26px; }`,
      `${letterhead(m)}<h1>${esc(m.title)}</h1>
       <div class="cap">${m.meta.map((i) => `<div><div class="lbl">${esc(i.label)}</div><div class="val">${esc(i.value)}</div></div>`).join('')}</div>
       ${m.parties.length ? `<div class="boxes">${partyBlocks(m, 'box')}</div>` : ''}
       ${itemsTable(m)}${kvTable(m.totals, 'totals')}${notes(m)}`,
    ),
};

/** 6. Monospace: a typewriter/POS look, columns made of spaces inside <pre>. */
const monospace: Layout = {
  id: 'monospace',
  heldOut: false,
  render: (m) => {
    const all = [...(m.table.before ?? []), ...m.table.rows, ...(m.table.after ?? [])];
    const widths = m.table.headers.map(
      (h, i) => Math.max(h.length, ...all.flatMap((r) => r[i].split('\n').map((l) => l.length))) + 3,
    );
    const padCell = (v: string, i: number) =>
      m.table.align[i] === 'r' ? v.padStart(widths[i] - 3).padEnd(widths[i]) : v.padEnd(widths[i]);
    // A cell of two lines (a booking text and its reference) continues on a line of its own.
    const row = (r: string[]) => {
      const depth = Math.max(...r.map((v) => v.split('\n').length));
      return Array.from({ length: depth }, (_, k) =>
        r
          .map((v, i) => padCell(v.split('\n')[k] ?? '', i))
          .join('')
          .trimEnd(),
      ).join('\n');
    };
    const total = widths.reduce((a, b) => a + b, 0);
    const kv = (i: MetaItem) => `${i.label}:${' '.repeat(Math.max(3, 21 - i.label.length))}${i.value}`;
    const lines = [
      ...(m.letterhead ?? []),
      '',
      m.title.toUpperCase(),
      '',
      ...m.meta.map(kv),
      '',
      ...m.parties.flatMap((p) => [`${p.label}:`, ...partyLines(p), '']),
      row(m.table.headers),
      '-'.repeat(total),
      ...(m.table.before ?? []).map(row),
      ...m.table.rows.map(row),
      ...(m.table.after ?? []).map(row),
      '-'.repeat(total),
      ...m.totals.map((i) => `${i.label}:`.padStart(total - 16) + i.value.padStart(16)),
      '',
      ...m.notes,
    ];
    return page(
      `pre { font-size: 9pt; line-height: 1.35; margin: 0; }`,
      `<pre>${esc(lines.join('\n'))}</pre>`,
      "'DejaVu Sans Mono', monospace",
    );
  },
};

/** 7 (held out). Modern: coloured band, right-aligned meta labels, zebra table, big amount due. */
const modern: Layout = {
  id: 'modern',
  heldOut: true,
  render: (m) =>
    page(
      `body { margin: 0; } .band { background: #1d3557; color: #fff; padding: 26px 52px; display: flex; justify-content: space-between; align-items: flex-start; }
       .band h1 { margin: 0; font-size: 24pt; font-weight: 300; } .band .lh-name { font-weight: bold; font-size: 13pt; }
       .band table td { padding: 2px 0 2px 14px; } .band .k { text-align: right; color: #cde; }
       .content { padding: 22px 52px; } .parties { display: flex; gap: 70px; margin-bottom: 20px; }
       .parties .lbl { color: #1d3557; font-size: 9pt; font-weight: bold; text-transform: uppercase; margin-bottom: 3px; }
       .parties .nm { font-weight: bold; }
       table.items { width: 100%; } .items th { background: #1d3557; color: #fff; text-align: left; padding: 7px; } .items th.r { text-align: right; }
       .items td { padding: 6px 7px; } .items tbody tr:nth-child(even) td { background: #f1f4f8; }
       .totals { margin: 18px 0 0 auto; } .totals td { padding: 3px 0 3px 50px; } .totals .v { text-align: right; }
       .totals tr:last-child td { font-size: 14pt; font-weight: bold; color: #1d3557; padding-top: 8px; } .note { color: #555; margin-top: 28px; }`,
      `<div class="band"><div>${letterhead(m)}<h1>${esc(m.title)}</h1></div>${kvTable(m.meta, 'meta')}</div>
       <div class="content"><div class="parties">${m.parties.map((p) => `<div><div class="lbl">${esc(p.label)}</div><div class="nm">${esc(p.party.name)}</div>${[...p.party.address, ...(p.extra ?? [])].map(esc).join('<br>')}</div>`).join('')}</div>
       ${itemsTable(m)}${kvTable(m.totals, 'totals')}${notes(m)}</div>`,
    ),
};

/** 8 (held out). Letter: meta spread along one line, an extra "#" column, totals left under the table. */
const letter: Layout = {
  id: 'letter',
  heldOut: true,
  render: (m) => {
    const numbered: DocModel = m.table.kinds?.includes('pos')
      ? m
      : {
          ...m,
          table: {
            ...m.table,
            headers: ['#', ...m.table.headers],
            align: ['l', ...m.table.align],
            rows: m.table.rows.map((r, i) => [String(i + 1), ...r]),
            before: m.table.before?.map((r) => ['', ...r]),
            after: m.table.after?.map((r) => ['', ...r]),
            kinds: m.table.kinds && ['pos', ...m.table.kinds],
          },
        };
    return page(
      `body { font-family: 'DejaVu Serif', Georgia, serif; } .top { display: flex; justify-content: space-between; }
       h1 { font-size: 17pt; font-variant: small-caps; margin: 26px 0 10px; }
       .metaline { display: flex; flex-wrap: wrap; gap: 8px 54px; margin-bottom: 22px; } .metaline b { margin-right: 8px; }
       .parties { display: flex; gap: 50px; } .parties .lbl { font-style: italic; margin-bottom: 2px; }
       table.items { width: 100%; margin-top: 24px; } .items th { border-bottom: 1px solid #000; text-align: left; padding: 4px 6px; font-style: italic; }
       .items th.r { text-align: right; } .items td { padding: 4px 6px; }
       .totals { margin-top: 20px; } .totals td { padding: 2px 50px 2px 0; } .totals .v { text-align: right; }
       .lh-name { font-size: 16pt; } .note { margin-top: 30px; font-style: italic; }`,
      `<div class="top">${letterhead(m)}</div><h1>${esc(m.title)}</h1>
       <div class="metaline">${m.meta.map((i) => `<span><b>${esc(i.label)}</b> ${esc(i.value)}</span>`).join('')}</div>
       <div class="parties">${partyBlocks(m)}</div>
       ${itemsTable(numbered)}${kvTable(m.totals, 'totals')}${notes(m)}`,
    );
  },
};

export const LAYOUTS: Layout[] = [
  classic,
  headerRow,
  inline,
  sidebar,
  captions,
  monospace,
  modern,
  letter,
  ...WORLD_LAYOUTS,
];
