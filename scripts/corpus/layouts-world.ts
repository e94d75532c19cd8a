/**
 * Layouts modelled on real documents from several countries, each a different visual structure:
 * an unlabeled letterhead and a DIN 5008 address window, legal small print in a footer, captions
 * under their values, boxed cells, browser-default table headers, till rolls, page breaks with
 * carried-forward lines, a ledger, dark bands. A third are held out (scored apart by the bench,
 * printed with the held-out wordings).
 */
import { LAYOUT_WORDS } from './labels/common';
import { esc, itemsTable, type Layout, page } from './layout-parts';
import type { DocModel, MetaItem } from './model';

type PartyEntry = DocModel['parties'][number];

const issuerOf = (m: DocModel) => m.parties.find((p) => p.role === 'issuer');
const recipientOf = (m: DocModel) => m.parties.find((p) => p.role === 'recipient');
const othersOf = (m: DocModel) => m.parties.filter((p) => p.role !== 'issuer' && p.role !== 'recipient');
const lines = (xs: string[]) => xs.map(esc).join('<br>');

/** The issuer as an unlabeled letterhead: a company name with its legal form, then its address. */
function companyHead(m: DocModel, cls = 'co'): string {
  const issuer = issuerOf(m);
  if (issuer)
    return `<div class="${cls}"><div class="co-name">${esc(issuer.party.name)}</div>${lines(issuer.party.address)}</div>`;
  if (!m.letterhead) return '';
  const [name, ...rest] = m.letterhead;
  return `<div class="${cls}"><div class="co-name">${esc(name)}</div>${lines(rest)}</div>`;
}

/** DIN 5008 window: the sender in one tiny line, then the recipient's address without a label. */
function addressWindow(m: DocModel): string {
  const issuer = issuerOf(m);
  const recipient = recipientOf(m);
  if (!recipient) return '<div class="window"></div>';
  const sender = issuer ? [issuer.party.name, ...issuer.party.address].join(' · ') : '';
  return `<div class="window"><div class="sender">${esc(sender)}</div>${lines([recipient.party.name, ...recipient.party.address])}</div>`;
}

const labelled = (p: PartyEntry, cls = 'pb') =>
  `<div class="${cls}"><div class="lbl">${esc(p.label)}</div>${lines([p.party.name, ...p.party.address, ...(p.extra ?? [])])}</div>`;

const kv = (items: MetaItem[], cls: string, colon = '') =>
  `<table class="${cls}">${items.map((i) => `<tr><td class="k">${esc(i.label)}${colon}</td><td class="v">${esc(i.value)}</td></tr>`).join('')}</table>`;

/** The issuer's legal small print in columns (or, without one, nothing). */
const legalFooter = (m: DocModel) =>
  m.footer ? `<div class="legal">${m.footer.map((col) => `<div>${lines(col)}</div>`).join('')}</div>` : '';

const vatSummary = (m: DocModel, cls = 'vatsum') =>
  m.vatSummary
    ? `<table class="${cls}"><tr>${m.vatSummary[0].map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${m.vatSummary
        .slice(1)
        .map((r) => `<tr>${r.map((v) => `<td class="r">${esc(v)}</td>`).join('')}</tr>`)
        .join('')}</table>`
    : '';

const notes = (m: DocModel) => m.notes.map((n) => `<p class="note">${esc(n)}</p>`).join('');

/** Where a page break's carried-forward amount goes: the amount column, or the balance. */
function carryColumn(m: DocModel): number {
  const kinds = m.table.kinds ?? [];
  const balance = kinds.indexOf('balance');
  if (balance >= 0) return balance;
  const amount = kinds.indexOf('amount');
  return amount >= 0 ? amount : m.table.headers.length - 1;
}

/**
 * The items table cut into pages: each page repeats the header, ends with a carried-forward line
 * and the next starts with the amount brought forward; "Page 1 of 2" under each.
 */
function pagedTables(m: DocModel, first: number, rest: number): string {
  const { rows, running } = m.table;
  const words = LAYOUT_WORDS[m.locale.language];
  const chunks: [number, number][] = [];
  for (let at = 0; at < rows.length; ) {
    const size = chunks.length === 0 ? first : rest;
    chunks.push([at, Math.min(rows.length, at + size)]);
    at += size;
  }
  const col = carryColumn(m);
  const descCol = Math.max(0, (m.table.kinds ?? []).indexOf('desc'));
  const carryRow = (text: string, value: string) =>
    m.table.headers.map((_, i) => (i === col ? value : i === descCol ? text : ''));
  return chunks
    .map(([a, b], n) => {
      const last = n === chunks.length - 1;
      const part: DocModel = {
        ...m,
        table: {
          ...m.table,
          rows: rows.slice(a, b),
          before: n === 0 ? m.table.before : [carryRow(words.broughtForward, running?.[a - 1] ?? '')],
          after: last ? m.table.after : [carryRow(words.carried, running?.[b - 1] ?? '')],
        },
      };
      const pageNo =
        chunks.length > 1
          ? `<div class="pageno">${words.page} ${n + 1} ${words.of} ${chunks.length}</div>`
          : '';
      return `${itemsTable(part)}${last ? '' : `${pageNo}<div class="pb-break"></div>`}${last ? pageNo : ''}`;
    })
    .join('');
}

/** 9. DIN 5008 letter: unlabeled letterhead, address window with sender line, meta box on the right, legal footer. */
const dinLetter: Layout = {
  id: 'din-letter',
  heldOut: false,
  render: (m) =>
    page(
      `body { font-size: 10pt; margin: 30px 56px; }
       .top { display: flex; justify-content: flex-end; } .co { text-align: right; } .co-name { font-size: 16pt; font-weight: bold; margin-bottom: 3px; }
       .mid { display: flex; justify-content: space-between; align-items: flex-start; margin-top: 26px; }
       .window { width: 85mm; min-height: 40mm; } .sender { font-size: 6.5pt; text-decoration: underline; margin-bottom: 6px; color: #333; }
       .meta td { padding: 1px 0 1px 16px; font-size: 9pt; } .meta .v { text-align: right; }
       h1 { font-size: 13pt; margin: 18px 0 12px; } .pb .lbl { font-weight: bold; } .pb { margin-bottom: 10px; }
       table.items { width: 100%; margin-top: 10px; font-size: 9.5pt; } .items th { text-align: left; border-bottom: 1px solid #000; padding: 4px; }
       .items th.r { text-align: right; } .items td { padding: 3px 4px; }
       .totals { margin: 10px 0 0 auto; border-top: 1px solid #000; } .totals td { padding: 2px 0 2px 30px; } .totals .v { text-align: right; }
       .totals tr:last-child td { font-weight: bold; border-top: 1px solid #000; border-bottom: 3px double #000; }
       .note { margin-top: 18px; } .legal { display: flex; justify-content: space-between; gap: 14px; margin-top: 34px; padding-top: 6px; border-top: 1px solid #999; font-size: 7pt; color: #444; }`,
      `<div class="top">${companyHead(m)}</div>
       <div class="mid">${addressWindow(m)}${kv(m.meta, 'meta', ':')}</div>
       <h1>${esc(m.title)}</h1>${othersOf(m)
         .map((p) => labelled(p))
         .join('')}
       ${itemsTable(m)}${kv(m.totals, 'totals')}${vatSummary(m)}${notes(m)}${legalFooter(m)}`,
    ),
};

/** 10. Legal footer: serif letterhead top-left, labeled buyer, meta rows right, small print in four columns. */
const legalFooterLayout: Layout = {
  id: 'legal-footer',
  heldOut: false,
  render: (m) =>
    page(
      `body { font-size: 9.5pt; }
       .head { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 2px solid #444; padding-bottom: 10px; }
       .co-name { font-size: 18pt; letter-spacing: 1px; } .co { color: #333; }
       h1 { font-size: 20pt; font-weight: normal; margin: 0; text-align: right; }
       .row { display: flex; justify-content: space-between; margin: 18px 0; } .pb .lbl { font-style: italic; color: #555; }
       .meta td { padding: 1px 0 1px 14px; } .meta .k { color: #555; text-align: right; }
       table.items { width: 100%; } .items th { font-weight: normal; font-style: italic; border-bottom: 0.5px solid #000; border-top: 0.5px solid #000; padding: 4px; text-align: left; }
       .items th.r { text-align: right; } .items td { padding: 4px; border-bottom: 0.5px solid #ccc; }
       .totals { margin: 12px 0 0 auto; } .totals td { padding: 2px 0 2px 40px; } .totals .v { text-align: right; }
       .note { margin-top: 20px; } .legal { display: grid; grid-template-columns: repeat(4, 1fr); gap: 10px; margin-top: 40px; font-size: 7.5pt; color: #555; border-top: 0.5px solid #999; padding-top: 6px; }`,
      `<div class="head">${companyHead(m)}<h1>${esc(m.title)}</h1></div>
       <div class="row"><div>${[recipientOf(m), ...othersOf(m)]
         .filter((p) => p !== undefined)
         .map((p) => labelled(p))
         .join('')}</div>${kv(m.meta, 'meta')}</div>
       ${itemsTable(m)}${kv(m.totals, 'totals')}${vatSummary(m)}${notes(m)}${legalFooter(m)}`,
      "'DejaVu Serif', Georgia, serif",
    ),
};

/** 11. Captions under values: the value large, a small caption below it (meta, parties, totals). */
const captionUnder: Layout = {
  id: 'caption-under',
  heldOut: false,
  render: (m) => {
    const cap = (label: string, value: string) =>
      `<div class="cu"><div class="val">${esc(value)}</div><div class="cap">${esc(label)}</div></div>`;
    const party = (p: PartyEntry) =>
      `<div class="cu"><div class="val">${esc(p.party.name)}</div><div class="addr">${lines([...p.party.address, ...(p.extra ?? [])])}</div><div class="cap">${esc(p.label)}</div></div>`;
    return page(
      `body { font-size: 10pt; }
       .lh-name { font-size: 15pt; font-weight: bold; } h1 { font-size: 24pt; margin: 0 0 16px; letter-spacing: 1px; }
       .caps { display: flex; flex-wrap: wrap; gap: 14px 36px; margin-bottom: 18px; } .val { font-size: 12.5pt; font-weight: bold; }
       .cap { font-size: 7.5pt; color: #666; border-top: 1px solid #bbb; margin-top: 2px; padding-top: 1px; }
       .addr { font-size: 9.5pt; } .parties { display: flex; gap: 40px; margin-bottom: 18px; }
       table.items { width: 100%; } .items th { text-align: left; padding: 4px; background: #f0f0f0; } .items th.r { text-align: right; } .items td { padding: 4px; }
       .tots { display: flex; justify-content: flex-end; gap: 30px; margin-top: 16px; text-align: right; } .note { margin-top: 20px; }`,
      `${m.letterhead ? `<div class="letterhead"><div class="lh-name">${esc(m.letterhead[0])}</div>${lines(m.letterhead.slice(1))}</div>` : ''}
       <h1>${esc(m.title)}</h1><div class="caps">${m.meta.map((i) => cap(i.label, i.value)).join('')}</div>
       <div class="parties">${m.parties.map(party).join('')}</div>
       ${itemsTable(m)}<div class="tots">${m.totals.map((i) => cap(i.label, i.value)).join('')}</div>${vatSummary(m)}${notes(m)}`,
      "'Liberation Sans Narrow', 'DejaVu Sans Condensed', sans-serif",
    );
  },
};

/** 12. Boxed grid: label and value share a bordered cell; parties and totals in cells too. */
const boxedGrid: Layout = {
  id: 'boxed-grid',
  heldOut: false,
  render: (m) => {
    const cell = (label: string, value: string) =>
      `<td><span class="lbl">${esc(label)}</span> <span class="val">${esc(value)}</span></td>`;
    const rowsOf = <T>(xs: T[], n: number) =>
      Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));
    return page(
      `body { font-size: 9.5pt; }
       .lh-name { font-size: 14pt; font-weight: bold; } h1 { font-size: 16pt; margin: 6px 0 10px; text-transform: uppercase; }
       table.grid { width: 100%; margin-bottom: 10px; } .grid td { border: 1px solid #333; padding: 4px 6px; vertical-align: top; }
       .lbl { font-size: 7.5pt; color: #444; display: block; } .val { font-size: 10pt; }
       table.items { width: 100%; } .items th, .items td { border: 1px solid #333; padding: 3px 5px; } .items th { background: #ddd; text-align: left; } .items th.r { text-align: right; }
       table.tgrid { margin: 8px 0 0 auto; } .tgrid td { border: 1px solid #333; padding: 3px 8px; text-align: right; min-width: 110px; }
       .note { margin-top: 16px; font-size: 8.5pt; }`,
      `${m.letterhead ? `<div class="letterhead"><div class="lh-name">${esc(m.letterhead[0])}</div>${lines(m.letterhead.slice(1))}</div>` : ''}<h1>${esc(m.title)}</h1>
       <table class="grid">${rowsOf(m.meta, 3)
         .map((r) => `<tr>${r.map((i) => cell(i.label, i.value)).join('')}</tr>`)
         .join('')}</table>
       ${m.parties.length ? `<table class="grid"><tr>${m.parties.map((p) => `<td><span class="lbl">${esc(p.label)}</span>${lines([p.party.name, ...p.party.address, ...(p.extra ?? [])])}</td>`).join('')}</tr></table>` : ''}
       ${itemsTable(m)}<table class="tgrid">${m.totals.map((i) => `<tr>${cell(i.label, i.value)}</tr>`).join('')}</table>${vatSummary(m)}${notes(m)}`,
    );
  },
};

/** 13. Plain HTML: browser-default (bold, centered) table headers, right-aligned numbers, thin rules. */
const centeredHeaders: Layout = {
  id: 'centered-th',
  heldOut: false,
  render: (m) =>
    page(
      `body { font-size: 11pt; margin: 36px 48px; } h1 { font-size: 18pt; } .lh-name { font-weight: bold; }
       .pb { margin: 8px 0; } .pb .lbl { font-weight: bold; }
       table.items { width: 100%; margin-top: 14px; } .items td { border-bottom: 0.5px solid #999; padding: 2px 4px; } .items th { padding: 2px 4px; }
       .totals { margin: 10px 0 0 auto; } .totals td { padding: 1px 0 1px 24px; } .totals .v { text-align: right; }`,
      `${m.letterhead ? `<div><div class="lh-name">${esc(m.letterhead[0])}</div>${lines(m.letterhead.slice(1))}</div>` : ''}
       <h1>${esc(m.title)}</h1>${kv(m.meta, 'meta', ':')}${m.parties.map((p) => labelled(p)).join('')}
       ${itemsTable(m)}${kv(m.totals, 'totals', ':')}${vatSummary(m)}${notes(m)}`,
      "'Liberation Serif', 'Times New Roman', serif",
    ),
};

/** The receipt lines of a till roll: text and amount on one line, "2 x 1,50" under it or before it. */
function tillLines(m: DocModel, qtyFirst: boolean): string[][] {
  const k = m.table.kinds ?? [];
  const [d, q, u, a] = ['desc', 'qty', 'unitPrice', 'amount'].map((x) => k.indexOf(x as never));
  return m.table.rows.flatMap((r) => {
    if (!r[q]) return [[r[d], r[a]]];
    return qtyFirst
      ? [
          [`${r[q]} x ${r[d]}`, r[a]],
          [`  @ ${r[u]}`, ''],
        ]
      : [
          [r[d], r[a]],
          [`  ${r[q]} x ${r[u]}`, ''],
        ];
  });
}

/** 14. Thermal receipt, 80 mm: centered merchant, "2 x Coffee  3,00" lines, totals, tender, VAT summary. */
const thermal: Layout = {
  id: 'thermal',
  heldOut: false,
  structures: ['receipt'],
  render: (m) =>
    page(
      `body { width: 72mm; margin: 20px auto; font-size: 9pt; } .c { text-align: center; } .lh-name { font-size: 12pt; font-weight: bold; }
       table { width: 100%; } td { padding: 1px 0; } td.r { text-align: right; white-space: nowrap; } hr { border: 0; border-top: 1px dashed #000; }
       .tot td { font-size: 10pt; } .tot tr.big td { font-size: 12pt; font-weight: bold; } .vatsum th { font-weight: normal; font-size: 8pt; text-align: right; } .vatsum td { font-size: 8pt; }
       .note { text-align: center; margin-top: 10px; }`,
      `<div class="c">${m.letterhead ? `<div class="lh-name">${esc(m.letterhead[0])}</div>${lines(m.letterhead.slice(1))}` : ''}<div>${esc(m.title)}</div></div><hr>
       ${kv(m.meta, 'meta')}<hr>
       <table>${tillLines(m, true)
         .map(([t, v]) => `<tr><td>${esc(t)}</td><td class="r">${esc(v)}</td></tr>`)
         .join('')}</table><hr>
       <table class="tot">${m.totals.map((i) => `<tr class="${i.key === 'total' ? 'big' : ''}"><td>${esc(i.label)}</td><td class="r">${esc(i.value)}</td></tr>`).join('')}</table><hr>
       ${vatSummary(m)}${notes(m)}`,
      "'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif",
    ),
};

/** 15. Paged: a long table cut into pages with repeated headers and carried-forward lines. */
const paged: Layout = {
  id: 'paged',
  heldOut: false,
  render: (m) =>
    page(
      `body { font-size: 9pt; } .head { display: flex; justify-content: space-between; }
       .co-name { font-size: 13pt; font-weight: bold; } h1 { font-size: 15pt; margin: 14px 0 8px; }
       .meta td { padding: 1px 10px 1px 0; } .pbs { display: flex; gap: 40px; margin: 10px 0; } .pb .lbl { font-weight: bold; }
       table.items { width: 100%; } .items th { text-align: left; border-bottom: 1px solid #000; padding: 3px; } .items th.r { text-align: right; }
       .items td { padding: 2px 3px; } .items tr.extra td { font-style: italic; border-top: 1px solid #999; }
       .pageno { text-align: right; font-size: 8pt; color: #555; margin-top: 6px; } .pb-break { break-after: page; }
       .totals { margin: 10px 0 0 auto; } .totals td { padding: 1px 0 1px 30px; } .totals .v { text-align: right; } .note { margin-top: 14px; }`,
      `<div class="head">${companyHead(m)}${kv(m.meta, 'meta', ':')}</div><h1>${esc(m.title)}</h1>
       <div class="pbs">${m.parties
         .filter((p) => p.role !== 'issuer')
         .map((p) => labelled(p))
         .join('')}${(() => {
         const i = issuerOf(m);
         return i?.extra ? `<div class="pb">${lines(i.extra)}</div>` : '';
       })()}</div>
       ${pagedTables(m, 16, 30)}${kv(m.totals, 'totals')}${vatSummary(m)}${notes(m)}`,
      "'DejaVu Sans', Arial, sans-serif",
    ),
};

/** 16. Ledger: account box on top, zebra rows, a shaded header, totals under a double rule. */
const ledger: Layout = {
  id: 'ledger',
  heldOut: false,
  render: (m) =>
    page(
      `body { font-size: 9pt; } .top { display: flex; justify-content: space-between; align-items: flex-start; margin-bottom: 16px; }
       .co-name { font-size: 14pt; color: #0a4a7a; font-weight: bold; } .box { border: 1px solid #0a4a7a; padding: 6px 10px; }
       .box td { padding: 1px 6px; } .box .k { color: #0a4a7a; } h1 { font-size: 14pt; color: #0a4a7a; margin: 0 0 10px; }
       .pbs { display: flex; gap: 30px; margin-bottom: 12px; } .pb .lbl { color: #0a4a7a; font-weight: bold; }
       table.items { width: 100%; } .items th { background: #dfe9f3; text-align: left; padding: 4px; font-weight: normal; } .items th.r { text-align: right; }
       .items td { padding: 3px 4px; } .items tbody tr:nth-child(even) td { background: #f4f7fa; } .items tr.extra td { font-weight: bold; }
       .totals { margin: 8px 0 0 auto; border-top: 3px double #0a4a7a; } .totals td { padding: 2px 0 2px 30px; } .totals .v { text-align: right; } .note { margin-top: 16px; color: #555; }`,
      `<div class="top">${companyHead(m)}<div class="box">${kv(m.meta, 'meta')}</div></div><h1>${esc(m.title)}</h1>
       <div class="pbs">${m.parties
         .filter((p) => p.role !== 'issuer')
         .map((p) => labelled(p))
         .join('')}${(() => {
         const i = issuerOf(m);
         return i?.extra ? `<div class="pb">${lines(i.extra)}</div>` : '';
       })()}</div>
       ${itemsTable(m)}${kv(m.totals, 'totals')}${vatSummary(m)}${notes(m)}`,
      "'Liberation Sans', Arial, sans-serif",
    ),
};

/** 17 (held out). Dark bands: light text on a dark header, labels above values on the band, a dark total box. */
const darkBand: Layout = {
  id: 'dark-band',
  heldOut: true,
  render: (m) =>
    page(
      `body { margin: 0; font-size: 9pt; } .band { background: #222; color: #f2f2f2; padding: 20px 44px; display: flex; justify-content: space-between; }
       .co-name { font-size: 14pt; font-weight: bold; color: #fff; } h1 { margin: 0; font-size: 26pt; font-weight: 300; color: #ffd54f; }
       .strip { background: #444; color: #eee; padding: 8px 44px; display: flex; gap: 34px; } .strip .l { font-size: 7pt; color: #bbb; text-transform: uppercase; }
       .content { padding: 16px 44px; } .pbs { display: flex; gap: 40px; margin-bottom: 14px; } .pb .lbl { font-size: 7.5pt; text-transform: uppercase; color: #777; }
       table.items { width: 100%; } .items th { background: #222; color: #fff; padding: 5px; text-align: left; } .items th.r { text-align: right; }
       .items td { padding: 4px 5px; border-bottom: 1px solid #e3e3e3; }
       .totals { margin: 10px 0 0 auto; } .totals td { padding: 3px 10px 3px 40px; } .totals .v { text-align: right; }
       .totals tr:last-child td { background: #222; color: #fff; font-weight: bold; font-size: 11pt; } .note { color: #666; margin-top: 16px; }`,
      `<div class="band">${companyHead(m)}<h1>${esc(m.title)}</h1></div>
       <div class="strip">${m.meta.map((i) => `<div><div class="l">${esc(i.label)}</div><div>${esc(i.value)}</div></div>`).join('')}</div>
       <div class="content"><div class="pbs">${m.parties
         .filter((p) => p.role !== 'issuer')
         .map((p) => labelled(p))
         .join('')}${(() => {
         const i = issuerOf(m);
         return i?.extra ? `<div class="pb">${lines(i.extra)}</div>` : '';
       })()}</div>
       ${itemsTable(m)}${kv(m.totals, 'totals')}${vatSummary(m)}${notes(m)}</div>`,
      "'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif",
    ),
};

/** 18 (held out). Three boxes: every party in a box side by side, meta box top right, totals as a labelled row. */
const threeBox: Layout = {
  id: 'three-box',
  heldOut: true,
  render: (m) =>
    page(
      `body { font-size: 9.5pt; } .top { display: flex; justify-content: space-between; align-items: flex-start; }
       h1 { font-size: 18pt; margin: 0 0 6px; } .lh-name { font-weight: bold; font-size: 12pt; }
       .meta { border: 1px solid #000; } .meta td { padding: 2px 8px; border-bottom: 1px solid #ccc; } .meta .k { font-weight: bold; }
       .boxes { display: flex; gap: 10px; margin: 16px 0; } .boxes > div { flex: 1; border: 1px solid #000; padding: 6px 8px; }
       .boxes .lbl { background: #000; color: #fff; margin: -6px -8px 6px; padding: 2px 8px; font-size: 8pt; text-transform: uppercase; }
       table.items { width: 100%; } .items th, .items td { border: 1px solid #000; padding: 3px 5px; } .items th { text-align: center; }
       table.trow { margin: 10px 0 0 auto; } .trow th { font-size: 8pt; padding: 2px 10px; border-bottom: 1px solid #000; text-align: right; } .trow td { padding: 3px 10px; text-align: right; }
       .note { margin-top: 16px; }`,
      `<div class="top"><div>${m.letterhead ? `<div class="lh-name">${esc(m.letterhead[0])}</div>${lines(m.letterhead.slice(1))}` : ''}</div>
       <div><h1>${esc(m.title)}</h1>${kv(m.meta, 'meta')}</div></div>
       ${m.parties.length ? `<div class="boxes">${m.parties.map((p) => labelled(p, 'bx')).join('')}</div>` : '<div style="height:14px"></div>'}
       ${itemsTable(m)}
       <table class="trow"><tr>${m.totals.map((i) => `<th>${esc(i.label)}</th>`).join('')}</tr><tr>${m.totals.map((i) => `<td>${esc(i.value)}</td>`).join('')}</tr></table>
       ${vatSummary(m)}${notes(m)}`,
      "'DejaVu Serif Condensed', 'DejaVu Serif', serif",
    ),
};

/** 19 (held out). Right box: centered letterhead, window address, shaded meta box at the right, legal footer, 8 pt. */
const rightBox: Layout = {
  id: 'right-box',
  heldOut: true,
  render: (m) =>
    page(
      `body { font-size: 8.5pt; } .co { text-align: center; border-bottom: 1px solid #888; padding-bottom: 6px; } .co-name { font-size: 15pt; letter-spacing: 2px; }
       .mid { display: flex; justify-content: space-between; align-items: flex-start; margin-top: 22px; } .window { width: 80mm; } .sender { font-size: 6pt; border-bottom: 0.5px solid #000; margin-bottom: 4px; }
       .rb { border: 1px solid #666; } .rb td { padding: 2px 8px; } .rb .k { background: #e8e8e8; }
       h1 { font-size: 12pt; margin: 16px 0 8px; } .pb .lbl { text-decoration: underline; }
       table.items { width: 100%; } .items th { border-top: 1px solid #000; border-bottom: 1px solid #000; padding: 3px; text-align: left; } .items th.r { text-align: right; }
       .items td { padding: 2px 3px; } .totals { margin: 8px 0 0 auto; } .totals td { padding: 1px 0 1px 26px; } .totals .v { text-align: right; }
       .note { margin-top: 12px; } .legal { display: flex; justify-content: space-around; margin-top: 28px; font-size: 6.5pt; color: #555; text-align: center; }`,
      `${companyHead(m)}<div class="mid">${addressWindow(m)}${kv(m.meta, 'rb')}</div>
       <h1>${esc(m.title)}</h1>${othersOf(m)
         .map((p) => labelled(p))
         .join('')}
       ${itemsTable(m)}${kv(m.totals, 'totals')}${vatSummary(m)}${notes(m)}${legalFooter(m)}`,
      "'Liberation Sans Narrow', 'DejaVu Sans Condensed', sans-serif",
    ),
};

/** 20 (held out). Till roll in a monospace font: the amount on the text's line, "2 x 1,50" under it. */
const tillRoll: Layout = {
  id: 'till-roll',
  heldOut: true,
  structures: ['receipt'],
  render: (m) => {
    const width = 40;
    const line = (left: string, right = '') =>
      `${left}${' '.repeat(Math.max(1, width - left.length - right.length))}${right}`;
    const center = (s: string) => `${' '.repeat(Math.max(0, Math.floor((width - s.length) / 2)))}${s}`;
    const out = [
      ...(m.letterhead ?? []).map(center),
      '',
      center(m.title),
      ...m.meta.map((i) => line(`${i.label}:`, i.value)),
      '='.repeat(width),
      ...tillLines(m, false).map(([t, v]) => line(t, v)),
      '-'.repeat(width),
      ...m.totals.map((i) => line(i.label, i.value)),
      '='.repeat(width),
      ...(m.vatSummary ?? []).map((r) => r.map((v) => v.padStart(9)).join(' ')),
      '',
      ...m.notes.map(center),
    ];
    return page(
      `body { width: 82mm; margin: 24px auto; } pre { font-size: 8.5pt; line-height: 1.3; }`,
      `<pre>${esc(out.join('\n'))}</pre>`,
      "'DejaVu Sans Mono', 'Liberation Mono', monospace",
    );
  },
};

/**
 * How a supermarket till prints its items, after German, French, Italian and Spanish rolls: a
 * quantity under the item ("  2 Stk x 0,59"), above it ("2 x 1,50" then the item and its amount)
 * or in front of its text with the unit price before the amount ("2 LECHE  1,50  3,00"); and, on
 * some, a tax class after each amount, a letter or a figure ("1,19 A", "1,19 1"), that the VAT
 * summary names ("A 19 %").
 */
interface TillStyle {
  quantity: 'under' | 'above' | 'front';
  /** The class after each amount: a letter ("A"), a figure ("1"), or none. */
  taxClass: 'A' | '1' | null;
}

/** One style per merchant (its name picks it), so that an issuer's receipts look alike. */
function tillStyle(m: DocModel, quantities: TillStyle['quantity'][]): TillStyle {
  const hash = [...(m.letterhead?.[0] ?? '')].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  return {
    quantity: quantities[hash % quantities.length],
    taxClass: (['A', '1', null] as const)[(hash >> 4) % 3],
  };
}

/** "x" between quantity and unit price, as each country's tills write it. */
const TIMES: Record<string, string> = { de: 'Stk x', fr: 'x', it: 'X', es: 'x', nl: 'x', pt: 'x', en: '@' };

function supermarketLines(m: DocModel, style: TillStyle): [string, string][] {
  const k = m.table.kinds ?? [];
  const [d, q, u, a] = ['desc', 'qty', 'unitPrice', 'amount'].map((x) => k.indexOf(x as never));
  const times = TIMES[m.locale.language] ?? 'x';
  const taxed = (amount: string) => (style.taxClass ? `${amount} ${style.taxClass}` : amount);
  return m.table.rows.flatMap((r): [string, string][] => {
    if (!r[q]) return [[r[d], taxed(r[a])]];
    const each = `${r[q]} ${times} ${r[u]}`;
    if (style.quantity === 'under')
      return [
        [r[d], taxed(r[a])],
        [`   ${each}`, ''],
      ];
    if (style.quantity === 'above')
      return [
        [each, ''],
        [r[d], taxed(r[a])],
      ];
    return [[`${r[q]} ${r[d]}`, `${r[u]}   ${taxed(r[a])}`]];
  });
}

/** The roll as lines of text left and amount right (the VAT summary keyed by the class letter). */
function supermarketRoll(m: DocModel, style: TillStyle): string {
  const row = ([left, right]: [string, string], cls = '') =>
    `<div class="l ${cls}"><span>${esc(left)}</span><span>${esc(right)}</span></div>`;
  const vat = m.vatSummary
    ? `<table class="vatsum">${m.vatSummary
        .map(
          (r, i) =>
            `<tr>${(style.taxClass ? [i === 0 ? '' : style.taxClass, ...r] : r).map((v) => `<td>${esc(v)}</td>`).join('')}</tr>`,
        )
        .join('')}</table>`
    : '';
  return `<div class="c">${m.letterhead ? `<div class="lh-name">${esc(m.letterhead[0])}</div>${lines(m.letterhead.slice(1))}` : ''}</div>
       ${m.meta.map((i) => row([i.label, i.value])).join('')}
       ${style.taxClass ? row(['', m.locale.currency], 'cur') : '<hr>'}
       ${supermarketLines(m, style)
         .map((x) => row(x))
         .join('')}<hr>
       ${m.totals.map((i) => row([i.label, i.value], i.key === 'total' ? 'big' : '')).join('')}<hr>
       ${vat}<div class="c note">${m.notes.map(esc).join('<br>')}</div>`;
}

const SUPERMARKET_CSS = `.c { text-align: center; } .lh-name { font-size: 13pt; font-weight: bold; }
  .l { display: flex; justify-content: space-between; gap: 8px; } .l span:last-child { white-space: nowrap; }
  .big { font-size: 12pt; font-weight: bold; } hr { border: 0; border-top: 1px dashed #000; margin: 4px 0; }
  .vatsum { width: 100%; font-size: 8pt; } .vatsum td { text-align: right; } .note { margin-top: 10px; }`;

/** A supermarket roll layout: its width and print, and the ways its merchants print counts. */
const supermarketLayout = (
  id: string,
  heldOut: boolean,
  body: string,
  quantities: TillStyle['quantity'][],
  font: string,
): Layout => ({
  id,
  heldOut,
  structures: ['receipt'],
  render: (m) =>
    page(`body { ${body} } ${SUPERMARKET_CSS}`, supermarketRoll(m, tillStyle(m, quantities)), font),
});

/** 21. Supermarket roll: the quantity under or over the item, tax classes on some merchants'. */
const supermarket = supermarketLayout(
  'supermarket',
  false,
  'width: 74mm; margin: 20px auto; font-size: 9pt;',
  ['under', 'above'],
  "'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif",
);

/** 22. Discount store roll in a narrow monospace font: the quantity in front of the item or under it. */
const discounter = supermarketLayout(
  'discounter',
  false,
  'width: 70mm; margin: 18px auto; font-size: 8.5pt;',
  ['front', 'under'],
  "'Liberation Mono', 'DejaVu Sans Mono', monospace",
);

/** 23 (held out). Market hall roll in a serif font: the quantity over the item or in front of it. */
const marketHall = supermarketLayout(
  'market-hall',
  true,
  'width: 78mm; margin: 22px auto; font-size: 9.5pt;',
  ['above', 'front'],
  "'Liberation Serif', 'DejaVu Serif', serif",
);

/**
 * What the fine-caption layouts share: each value in a cell with a tiny grey capital caption over
 * or under it, and parties captioned the same way. Such captions are what a scan's OCR drops first.
 */
const fineCaptionParts = (captionPt: number, placement: 'over' | 'under') => {
  const cap = (label: string) => `<div class="fc">${esc(label)}</div>`;
  const cell = (label: string, value: string) =>
    placement === 'over'
      ? `<td>${cap(label)}<div class="fv">${esc(value)}</div></td>`
      : `<td><div class="fv">${esc(value)}</div>${cap(label)}</td>`;
  const captioned = (p: PartyEntry) =>
    placement === 'over'
      ? `<div class="fp">${cap(p.label)}${lines([p.party.name, ...p.party.address, ...(p.extra ?? [])])}</div>`
      : `<div class="fp">${lines([p.party.name, ...p.party.address, ...(p.extra ?? [])])}${cap(p.label)}</div>`;
  const css = `.fc { font-size: ${captionPt}pt; color: #777; text-transform: uppercase; letter-spacing: 0.4px; }
       .fv { font-size: 9.5pt; } .strip { width: 100%; margin: 14px 0 16px; }
       .strip td { border: 0.5px solid #999; padding: 2px 6px 3px; }
       .fp { margin-bottom: 10px; } .fparties { display: flex; justify-content: space-between; gap: 30px; }`;
  return { cell, captioned, css };
};

/** 23. Reference strip: a row of hairline boxes, 6 pt captions over the values; the recipient captioned, the issuer a letterhead on the right. */
const referenceStrip: Layout = {
  id: 'reference-strip',
  heldOut: false,
  render: (m) => {
    const { cell, captioned, css } = fineCaptionParts(6, 'over');
    const issuer = issuerOf(m);
    const rest = m.parties.filter((p) => p !== issuer);
    return page(
      `body { font-size: 9.5pt; } ${css}
       .top { display: flex; justify-content: space-between; } .co { text-align: right; } .co-name { font-size: 13pt; font-weight: bold; }
       h1 { font-size: 15pt; margin: 18px 0 0; }
       table.items { width: 100%; } .items th { text-align: left; border-bottom: 1px solid #444; padding: 3px 4px; } .items th.r { text-align: right; } .items td { padding: 3px 4px; }
       table.totals { margin: 12px 0 0 auto; } .totals td { padding: 2px 8px; } .totals .v { text-align: right; } .note { margin-top: 16px; font-size: 8.5pt; }`,
      `<div class="top"><div class="fparties">${rest.map(captioned).join('')}</div>${companyHead(m)}</div>
       <h1>${esc(m.title)}</h1>
       <table class="strip"><tr>${m.meta.map((i) => cell(i.label, i.value)).join('')}</tr></table>
       ${itemsTable(m)}${kv(m.totals, 'totals')}${vatSummary(m)}${notes(m)}${legalFooter(m)}`,
    );
  },
};

/** 24 (held out). Fine captions under the values, in a serif letter: meta and totals alike. */
const fineCaptionUnder: Layout = {
  id: 'fine-caption-under',
  heldOut: true,
  render: (m) => {
    const { cell, captioned, css } = fineCaptionParts(6.5, 'under');
    // Without letterhead lines the issuer heads the page, and is not captioned again below.
    const issuer = m.letterhead ? undefined : issuerOf(m);
    return page(
      `body { font-size: 10pt; } ${css}
       .strip td, .tstrip td { border: none; border-bottom: 0.5px solid #aaa; }
       .letterhead .lh-name { font-size: 14pt; font-variant: small-caps; } h1 { font-size: 18pt; font-weight: normal; margin: 16px 0 4px; }
       table.items { width: 100%; margin-top: 6px; } .items th { text-align: left; font-weight: normal; font-style: italic; border-bottom: 0.5px solid #333; padding: 3px; } .items th.r { text-align: right; } .items td { padding: 3px; }
       table.tstrip { margin: 14px 0 0 auto; } .tstrip td { padding: 2px 10px; text-align: right; } .note { margin-top: 16px; }`,
      `${m.letterhead ? `<div class="letterhead"><div class="lh-name">${esc(m.letterhead[0])}</div>${lines(m.letterhead.slice(1))}</div>` : ''}
       ${issuer ? `<div class="letterhead"><div class="lh-name">${esc(issuer.party.name)}</div>${lines([...issuer.party.address, ...(issuer.extra ?? [])])}</div>` : ''}
       <h1>${esc(m.title)}</h1>
       <table class="strip"><tr>${m.meta.map((i) => cell(i.label, i.value)).join('')}</tr></table>
       <div class="fparties">${m.parties
         .filter((p) => p !== issuer)
         .map(captioned)
         .join('')}</div>
       ${itemsTable(m)}<table class="tstrip"><tr>${m.totals.map((i) => cell(i.label, i.value)).join('')}</tr></table>${vatSummary(m)}${notes(m)}`,
      "'Liberation Serif', 'DejaVu Serif', serif",
    );
  },
};

export const WORLD_LAYOUTS: Layout[] = [
  dinLetter,
  legalFooterLayout,
  captionUnder,
  boxedGrid,
  centeredHeaders,
  thermal,
  paged,
  ledger,
  darkBand,
  threeBox,
  rightBox,
  tillRoll,
  supermarket,
  discounter,
  marketHall,
  referenceStrip,
  fineCaptionUnder,
];
