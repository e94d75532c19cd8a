/** English-language invoice layouts: US (two), UK, Australia, Nordic exporters, Ireland. */
import { a4Page, addressBlock, esc, lines, pairs, table } from './html';
import type { InvoiceLayout, InvoiceModel } from './invoice';
import { columns, totalsRows } from './invoice-parts';
import { AU_TAX, IE_SIMPLE, NORDIC_GRID, UK_LETTER, US_BAND, US_CLASSIC } from './issuers-en';
import { round2 } from './random';

/** QuickBooks-like: letterhead top left, INVOICE top right with a meta table, Bill To / Ship To. */
const usClassic: InvoiceLayout = {
  id: 'inv-us-classic',
  issuers: US_CLASSIC,
  render(m: InvoiceModel) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const hasSku = totals.lines.some((l) => l.sku);
    const hours = totals.lines.some((l) => l.unit === 'hrs');
    const cols = [
      ...(hasSku ? [col.sku('Item')] : []),
      col.description('Description'),
      col.qty(hours ? 'Qty/Hrs' : 'Qty'),
      col.price('Rate'),
      col.amount('Amount'),
    ];
    const rows = totalsRows(fmt, totals, {
      subtotal: 'Subtotal',
      shipping: 'Shipping & Handling',
      tax: (rate) => `Sales Tax (${rate})`,
      total: 'Total',
    });
    rows.push(['Balance Due', fmt.money(totals.total), 'due']);
    return a4Page(
      {
        lang: 'en-US',
        font: '"Liberation Sans", Arial, sans-serif',
        css: `
        .top { display: flex; justify-content: space-between; }
        .co { font-size: 15pt; font-weight: 700; color: ${s.accent}; }
        .title { font-size: 26pt; color: #9aa5ad; letter-spacing: 2px; text-align: right; }
        .meta td { padding: 1px 0 1px 14px; } .meta td:first-child { font-weight: 700; text-align: right; }
        .parties { display: flex; gap: 18mm; margin: 9mm 0 6mm; }
        .parties h4 { margin: 0 0 3px; background: ${s.accent}; color: #fff; padding: 2px 6px; font-size: 8.5pt; width: 60mm; }
        .items { width: 100%; } .items th { background: #eef1f3; border-bottom: 1px solid #999; padding: 4px 5px; text-align: left; }
        .items th.r { text-align: right; } .items td { padding: 4px 5px; border-bottom: 1px solid #e3e3e3; vertical-align: top; }
        .sum { margin: 4mm 0 0 auto; min-width: 70mm; } .sum td { padding: 2px 6px; } .sum .grand td { font-weight: 700; border-top: 1px solid #333; }
        .sum .due td { font-weight: 700; background: #eef1f3; }
        .notes { margin-top: 10mm; font-size: 8.5pt; }`,
      },
      `<div class="top"><div><div class="co">${esc(s.party.name)}</div>${lines([...s.party.address, s.phone, s.email, s.web])}</div>
       <div><div class="title">INVOICE</div>${pairs('meta', [
         ['Invoice #', m.number],
         ['Date', fmt.date(m.issueDate)],
         ['Due Date', fmt.date(m.dueDate)],
         ['P.O. #', m.orderRef],
       ])}</div></div>
       <div class="parties"><div><h4>BILL TO</h4>${addressBlock(m.buyer, true)}</div>
       <div><h4>SHIP TO</h4>${lines([m.buyer.name, 'Attn: Receiving', ...m.buyer.address])}</div></div>
       ${table('items', cols, totals.lines)}
       ${pairs('sum', rows)}
       <div class="notes"><b>Terms:</b> Net ${s.termsDays}<br>Please make checks payable to ${esc(s.party.name.replace(/\.$/, ''))}.<br>Thank you for your business!</div>`,
    );
  },
};

/** Agency style: full-width colour band with the brand, "Prepared for", legal name only in the footer. */
const usBand: InvoiceLayout = {
  id: 'inv-us-band',
  issuers: US_BAND,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const hours = totals.lines.some((l) => l.unit === 'hrs');
    const rows = totalsRows(fmt, totals, {
      subtotal: 'Subtotal',
      tax: (rate) => `Sales tax ${rate}`,
      total: 'Total',
    });
    if (m.deposit !== undefined) {
      rows.push([`Deposit received ${fmt.date(m.orderDate)}`, fmt.money(-m.deposit)]);
      rows.push(['Balance due', fmt.money(round2(totals.total - m.deposit)), 'due']);
    }
    return a4Page(
      {
        lang: 'en-US',
        font: '"DejaVu Sans", sans-serif',
        size: 9,
        css: `
        .band { background: ${s.accent}; color: #fff; margin: 0 -18mm; padding: 9mm 18mm 7mm; display: flex; justify-content: space-between; align-items: flex-end; }
        .brand { font-size: 24pt; font-weight: 700; letter-spacing: -1px; } .doc { font-size: 14pt; text-transform: uppercase; letter-spacing: 4px; }
        .row { display: flex; justify-content: space-between; margin: 9mm 0; }
        .label { font-size: 7.5pt; text-transform: uppercase; letter-spacing: 1.5px; color: ${s.accent}; margin-bottom: 2px; }
        .meta td { padding: 1px 0; } .meta td:first-child { color: #777; padding-right: 8mm; } .meta td.r { text-align: left; }
        .items { width: 100%; } .items th { text-align: left; font-size: 7.5pt; text-transform: uppercase; letter-spacing: 1px; border-bottom: 2px solid ${s.accent}; padding: 5px 4px; }
        .items th.r { text-align: right; } .items td { padding: 6px 4px; border-bottom: 1px solid #ddd; }
        .sum { margin: 5mm 0 0 auto; min-width: 80mm; } .sum td { padding: 3px 4px; } .sum .grand td { font-weight: 700; font-size: 11pt; border-top: 2px solid ${s.accent}; }
        .sum .due td { font-weight: 700; color: ${s.accent}; }
        .foot { margin-top: 16mm; border-top: 1px solid #ccc; padding-top: 3mm; font-size: 7.5pt; color: #555; text-align: center; }`,
      },
      `<div class="band"><div class="brand">${esc(s.brand ?? s.party.name)}</div><div class="doc">Invoice</div></div>
       <div class="row"><div><div class="label">Prepared for</div>${addressBlock(m.buyer)}</div>
       <div>${pairs('meta', [
         ['Invoice No.', m.number],
         ['Issued', fmt.date(m.issueDate)],
         ['Payment due', fmt.date(m.dueDate)],
         ['Project', `${m.buyer.name.split(' ')[0]} ${m.orderRef}`],
       ])}</div></div>
       ${table('items', [col.description('Description'), col.qty(hours ? 'Hours / Qty' : 'Quantity'), col.price('Rate'), col.amount('Amount')], totals.lines)}
       ${pairs('sum', rows)}
       <p>Payment terms: net ${s.termsDays} days. ACH and wire details on request.</p>
       <div class="foot">${esc([s.party.name, ...s.party.address, s.taxNumber ?? '', s.email ?? ''].join(' · '))}</div>`,
    );
  },
};

/** British letter: letterhead right, window address left, meta grid with labels above values. */
const ukLetter: InvoiceLayout = {
  id: 'inv-uk-letter',
  issuers: UK_LETTER,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const rows = totalsRows(fmt, totals, {
      subtotal: 'Net total',
      tax: (rate) => `VAT at ${rate}`,
      total: 'Total due',
    });
    const grid = [
      ['Invoice number', m.number],
      ['Invoice date', fmt.date(m.issueDate)],
      ['Our reference', m.ourRef],
      ['Your order', m.orderRef],
    ];
    return a4Page(
      {
        lang: 'en-GB',
        font: '"Liberation Serif", "Times New Roman", serif',
        size: 10,
        margin: 20,
        css: `
        .head { text-align: right; } .head .name { font-size: 16pt; color: ${s.accent}; font-weight: 700; }
        .window { margin-top: 6mm; min-height: 30mm; }
        h1 { font-size: 15pt; letter-spacing: 3px; margin: 6mm 0 3mm; }
        .grid { width: 100%; border: 1px solid #999; margin-bottom: 6mm; } .grid td { border: 1px solid #999; padding: 2px 6px; width: 25%; }
        .grid tr:first-child td { font-size: 7.5pt; color: #555; background: #f3f3f3; }
        .items { width: 100%; } .items th { border-bottom: 1.5px solid #000; text-align: left; padding: 3px; } .items th.r { text-align: right; }
        .items td { padding: 3px; vertical-align: top; }
        .sum { margin: 4mm 0 0 auto; } .sum td { padding: 2px 6px; } .sum .grand td { font-weight: 700; border-top: 1.5px solid #000; border-bottom: 3px double #000; }
        .pay { margin-top: 8mm; } .reg { margin-top: 14mm; font-size: 7.5pt; color: #555; border-top: 1px solid #bbb; padding-top: 2mm; }`,
      },
      `<div class="head"><div class="name">${esc(s.party.name)}</div>${lines([...s.party.address, `Tel ${s.phone}`, s.email, `VAT Reg. No. ${s.vatId}`])}</div>
       <div class="window">${addressBlock(m.buyer, true)}</div>
       <h1>INVOICE</h1>
       <table class="grid"><tr>${grid.map(([l]) => `<td>${esc(l)}</td>`).join('')}</tr><tr>${grid.map(([, v]) => `<td>${esc(v)}</td>`).join('')}</tr></table>
       ${table('items', [col.description('Description'), col.qty('Qty'), col.price('Unit price'), col.rate('VAT'), col.amount('Net amount')], totals.lines)}
       ${pairs('sum', rows)}
       <div class="pay">Please settle by <b>${esc(fmt.date(m.dueDate))}</b> by BACS to ${esc(s.bank!.name)}, sort code ${esc(s.bank!.sortCode!)}, account ${esc(s.bank!.account!)}, quoting ${esc(m.number)}.</div>
       <div class="reg">${esc(s.registry ?? '')}</div>`,
    );
  },
};

/** Australian tax invoice: ABN under the name, quantity first, GST column, amounts in AUD. */
const auTax: InvoiceLayout = {
  id: 'inv-au-tax',
  issuers: AU_TAX,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const rows = totalsRows(fmt, totals, {
      subtotal: 'Subtotal',
      tax: (rate) => `Total GST ${rate}`,
      total: 'Invoice Total AUD',
    });
    rows.push(['Amount Due AUD', fmt.money(totals.total), 'due']);
    return a4Page(
      {
        lang: 'en-AU',
        font: '"DejaVu Sans Condensed", "DejaVu Sans", sans-serif',
        css: `
        .top { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 3px solid ${s.accent}; padding-bottom: 4mm; }
        .name { font-size: 13pt; font-weight: 700; } .title { font-size: 20pt; font-weight: 700; color: ${s.accent}; }
        .two { display: flex; justify-content: space-between; margin: 6mm 0; } .two h3 { margin: 0 0 2px; font-size: 9pt; }
        .meta td { padding: 1px 0 1px 10mm; } .meta td:first-child { font-weight: 700; padding-left: 0; }
        .items { width: 100%; } .items th { background: ${s.accent}; color: #fff; padding: 4px; text-align: left; } .items th.r { text-align: right; }
        .items td { padding: 4px; border-bottom: 1px dotted #aaa; }
        .sum { margin: 4mm 0 0 auto; } .sum td { padding: 2px 6px; } .sum .grand td { font-weight: 700; border-top: 1px solid #000; }
        .sum .due td { font-weight: 700; font-size: 11pt; }
        .pay { margin-top: 10mm; border: 1px solid #bbb; padding: 3mm; width: 95mm; }`,
      },
      `<div class="top"><div><div class="name">${esc(s.party.name)}</div>${lines([s.taxNumber, ...s.party.address, s.phone, s.email])}</div>
       <div class="title">TAX INVOICE</div></div>
       <div class="two"><div><h3>Invoice To</h3>${addressBlock(m.buyer, true)}</div>
       ${pairs('meta', [
         ['Invoice Number', m.number],
         ['Invoice Date', fmt.date(m.issueDate)],
         ['Due Date', fmt.date(m.dueDate)],
         ['Reference', m.orderRef],
       ])}</div>
       ${table('items', [col.qty('Qty'), col.description('Description'), col.price('Unit Price'), col.rate('GST'), col.amount('Amount AUD')], totals.lines)}
       ${pairs('sum', rows)}
       <div class="pay"><b>How to pay</b><br>Direct deposit: ${esc(s.bank!.name)}<br>${esc(s.bank!.bic!)} &nbsp; Account ${esc(s.bank!.account!)}<br>Please use ${esc(m.number)} as your reference.</div>`,
    );
  },
};

/** Nordic exporter: value boxes with their labels underneath, totals in EUR, identity in a footer. */
const nordicGrid: InvoiceLayout = {
  id: 'inv-nordic-grid',
  issuers: NORDIC_GRID,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const zero = s.taxRates[0] === 0;
    const rows = totalsRows(
      fmt,
      totals,
      {
        subtotal: 'Sum excl. VAT',
        tax: (rate) => (zero ? `VAT ${rate} (reverse charge)` : `VAT ${rate}`),
        total: 'Total to pay',
      },
      fmt.money,
    );
    const boxes: [string, string][] = [
      [m.number, 'Invoice no.'],
      [fmt.date(m.issueDate), 'Invoice date'],
      [fmt.date(m.dueDate), 'Due date'],
      [m.customerNo, 'Customer no.'],
      [m.ourRef, 'Our ref.'],
    ];
    return a4Page(
      {
        lang: 'en',
        font: '"DejaVu Sans", sans-serif',
        size: 9,
        css: `
        .top { display: flex; justify-content: space-between; align-items: baseline; }
        .brand { font-size: 18pt; font-weight: 700; color: ${s.accent}; } .doc { font-size: 22pt; font-weight: 200; color: #888; }
        .boxes { display: flex; gap: 3mm; margin: 7mm 0; } .box { flex: 1; border: 1px solid #c8c8c8; padding: 2mm 3mm; }
        .box .v { font-size: 10.5pt; font-weight: 700; } .box .l { font-size: 7pt; color: #777; text-transform: uppercase; border-top: 1px solid #e2e2e2; margin-top: 1mm; padding-top: 1mm; }
        .cust { margin-bottom: 7mm; } .cust .l { font-size: 7pt; color: #777; text-transform: uppercase; }
        .items { width: 100%; } .items th { text-align: left; border-bottom: 1px solid #000; padding: 3px; font-weight: 400; color: #555; } .items th.r { text-align: right; }
        .items td { padding: 3px; border-bottom: 1px solid #eee; }
        .sum { margin: 5mm 0 0 auto; min-width: 80mm; } .sum td { padding: 2px 4px; } .sum .grand td { font-weight: 700; font-size: 11pt; border-top: 1px solid #000; }
        .foot { display: flex; gap: 12mm; margin-top: 16mm; border-top: 1px solid #999; padding-top: 3mm; font-size: 7.5pt; color: #444; }`,
      },
      `<div class="top"><div class="brand">${esc(s.party.name)}</div><div class="doc">INVOICE</div></div>
       <div class="boxes">${boxes.map(([v, l]) => `<div class="box"><div class="v">${esc(v)}</div><div class="l">${esc(l)}</div></div>`).join('')}</div>
       <div class="cust">${addressBlock(m.buyer)}<div class="l">Invoice address</div></div>
       ${table('items', [col.description('Description'), col.qty('Qty'), col.unit('Unit'), col.price('Unit price'), col.amount('Amount')], totals.lines)}
       ${pairs('sum', rows)}
       <p>Payment within ${s.termsDays} days to IBAN ${esc(s.bank!.iban!)} (BIC ${esc(s.bank!.bic!)}), reference ${esc(m.number)}.</p>
       <div class="foot"><div>${addressBlock(s.party, true)}</div><div>${lines([s.phone, s.email])}</div><div>${lines([s.taxNumber, s.vatId && `VAT no. ${s.vatId}`, s.bank!.name])}</div></div>`,
    );
  },
};

/** Small Irish business, word-processor look: serif, "Invoice to:", labels with colons, two VAT rates. */
const ieSimple: InvoiceLayout = {
  id: 'inv-ie-simple',
  issuers: IE_SIMPLE,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const rows = totalsRows(fmt, totals, {
      subtotal: 'Sub-total',
      tax: (rate) => `VAT @ ${rate}`,
      taxTotal: 'Total VAT',
      total: 'Total',
    });
    const meta = [`Invoice No: ${m.number}`, `Date: ${fmt.date(m.issueDate)}`];
    if (s.due === 'date') meta.push(`Due date: ${fmt.date(m.dueDate)}`);
    return a4Page(
      {
        lang: 'en-IE',
        font: '"DejaVu Serif", Georgia, serif',
        size: 9.5,
        css: `
        .top { display: flex; justify-content: space-between; } .big { font-size: 30pt; letter-spacing: 1px; }
        .me { text-align: right; } .me .n { font-weight: 700; font-size: 11pt; }
        .row { display: flex; justify-content: space-between; margin: 10mm 0 6mm; }
        .items { width: 100%; border: 1px solid #444; } .items th, .items td { border: 1px solid #444; padding: 3px 5px; } .items th { background: #e8e8e8; }
        .sum { margin: 0 0 0 auto; border: 1px solid #444; border-top: 0; } .sum td { padding: 3px 5px; border: 1px solid #444; min-width: 30mm; }
        .sum .grand td { font-weight: 700; }
        .terms { margin-top: 8mm; }`,
      },
      `<div class="top"><div class="big">INVOICE</div><div class="me"><div class="n">${esc(s.party.name)}</div>${lines([...s.party.address, `Tel: ${s.phone}`, `Email: ${s.email}`, `VAT No: ${s.vatId}`])}</div></div>
       <div class="row"><div><b>Invoice to:</b><br>${addressBlock(m.buyer, true)}</div><div>${lines(meta)}</div></div>
       ${table('items', [col.qty('Qty'), col.description('Description'), col.price('Unit Price'), col.rate('VAT %'), col.amount('Total')], totals.lines)}
       ${pairs('sum', rows)}
       <div class="terms">${s.due === 'terms' ? `Payment terms: strictly ${s.termsDays} days from date of invoice.` : `Payment terms: ${s.termsDays} days.`}<br>
       Bank: ${esc(s.bank!.name)} &nbsp; IBAN: ${esc(s.bank!.iban!)} &nbsp; BIC: ${esc(s.bank!.bic!)}</div>`,
    );
  },
};

export const ENGLISH_INVOICE_LAYOUTS = [usClassic, usBand, ukLetter, auTax, nordicGrid, ieSimple];
