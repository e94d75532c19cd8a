/** German-language invoice layouts: a DIN 5008 business letter, an Austrian box layout, a Swiss grid. */
import { dateParts, lastDayOfMonth } from './formats';
import { a4Page, addressBlock, esc, lines, pairs, table } from './html';
import type { InvoiceLayout, InvoiceModel } from './invoice';
import { columns, totalsRows } from './invoice-parts';
import { AT_BOXES, CH_GRID, DE_DIN } from './issuers-europe';

const city = (address: string[]) => address[address.length - 1].replace(/^[\d-]+\s+/, '');

/** DIN 5008: sender line over the window address, info block to its right, footer with four columns. */
const deDin: InvoiceLayout = {
  id: 'inv-de-din5008',
  issuers: DE_DIN,
  render(m: InvoiceModel) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const twoRates = s.taxRates.length > 1;
    const cols = s.catalog.some((i) => i.sku)
      ? [
          col.pos('Pos.'),
          col.sku('Art.-Nr.'),
          col.description('Bezeichnung'),
          col.qty('Menge'),
          col.unit('Einheit'),
          col.price('Einzelpreis'),
          col.amount('Gesamtpreis'),
        ]
      : [
          col.pos('Pos.'),
          col.qty('Menge'),
          col.description('Bezeichnung'),
          ...(twoRates ? [col.rate('USt.')] : []),
          col.price('Einzelpreis €'),
          col.amount('Gesamt €'),
        ];
    const info: [string, string][] = [
      ['Kunden-Nr.', m.customerNo],
      ['Rechnungs-Nr.', m.number],
      ...(s.conventions.dates === 'long'
        ? []
        : ([['Rechnungsdatum', fmt.date(m.issueDate)]] as [string, string][])),
      ['Lieferdatum', fmt.date(m.deliveryDate, 'dmy-dot')],
      ['Ihre Bestellung', `${m.orderRef} vom ${fmt.date(m.orderDate, 'dmy-dot')}`],
      ['Ansprechpartner', m.contact],
    ];
    const rows = totalsRows(fmt, totals, {
      subtotal: 'Nettobetrag',
      tax: (rate) => `zzgl. ${rate} USt.`,
      taxTotal: 'USt. gesamt',
      total: 'Rechnungsbetrag',
    });
    const pay =
      s.due === 'date'
        ? `Zahlbar bis zum ${fmt.date(m.dueDate)} ohne Abzug.`
        : `Zahlbar innerhalb von ${s.termsDays} Tagen nach Rechnungsdatum ohne Abzug.`;
    const reg = (s.registry ?? '').split(' · ');
    return a4Page(
      {
        lang: 'de-DE',
        font: '"Liberation Sans", Arial, sans-serif',
        size: 9.5,
        margin: 20,
        css: `
        .logo { text-align: right; font-size: 22pt; font-weight: 700; color: ${s.accent}; letter-spacing: 3px; min-height: 14mm; }
        .logo small { display: block; font-size: 8pt; letter-spacing: 6px; color: #444; font-weight: 400; }
        .head { display: flex; justify-content: space-between; margin-top: 8mm; }
        .window { width: 85mm; height: 40mm; } .sender { font-size: 7pt; text-decoration: underline; margin-bottom: 3mm; color: #333; }
        .info td { padding: 0 0 0 6mm; font-size: 8.5pt; } .info td.r { text-align: left; } .info td:first-child { padding-left: 0; color: #555; }
        .place { text-align: right; margin-top: 4mm; }
        h2 { font-size: 12pt; margin: 6mm 0 3mm; }
        .items { width: 100%; } .items th { border-top: 1px solid #000; border-bottom: 1px solid #000; padding: 3px 2px; text-align: left; font-weight: 700; }
        .items th.r { text-align: right; } .items th.c { text-align: center; } .items td { padding: 3px 2px; vertical-align: top; }
        .sum { margin: 2mm 0 0 auto; border-top: 1px solid #000; min-width: 75mm; } .sum td { padding: 2px 2px; }
        .sum .grand td { font-weight: 700; border-top: 1px solid #000; border-bottom: 2px solid #000; }
        .foot { display: flex; justify-content: space-between; gap: 4mm; margin-top: 14mm; border-top: 0.5px solid #888; padding-top: 2mm; font-size: 7pt; color: #333; }`,
      },
      `<div class="logo">${esc(s.brand ?? '')}${s.brand ? '<small>ELEKTROTECHNIK</small>' : ''}</div>
       <div class="head"><div class="window"><div class="sender">${esc([s.party.name, ...s.party.address].join(' · '))}</div>${addressBlock(m.buyer, true)}</div>
       ${pairs('info', info)}</div>
       ${s.conventions.dates === 'long' ? `<div class="place">${esc(city(s.party.address))}, ${esc(fmt.date(m.issueDate))}</div>` : ''}
       <h2>Rechnung Nr. ${esc(m.number)}</h2>
       <p>Sehr geehrte Damen und Herren,<br>für unsere Lieferungen und Leistungen berechnen wir Ihnen:</p>
       ${table('items', cols, totals.lines)}
       ${pairs('sum', rows)}
       <p>${esc(pay)}</p><p>Mit freundlichen Grüßen<br>${esc(s.party.name)}</p>
       <div class="foot"><div>${addressBlock(s.party, true)}</div><div>${lines([`Tel. ${s.phone}`, s.email, s.web])}</div>
       <div>${lines([s.bank!.name, `IBAN ${s.bank!.iban}`, `BIC ${s.bank!.bic}`])}</div><div>${lines([...reg, `USt-IdNr.: ${s.vatId}`])}</div></div>`,
    );
  },
};

/** Austrian: brand left, identity right, boxes with the label above the value, "Rechnungsempfänger". */
const atBoxes: InvoiceLayout = {
  id: 'inv-at-boxes',
  issuers: AT_BOXES,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const services = s.key === 'b';
    const { y, m: month } = dateParts(m.issueDate);
    const periodEnd = lastDayOfMonth(month === 1 ? y - 1 : y, month === 1 ? 12 : month - 1);
    const periodStart = `${periodEnd.slice(0, 8)}01`;
    const boxes: [string, string][] = [
      ['Rechnungsnummer', m.number],
      ['Rechnungsdatum', fmt.date(m.issueDate)],
      ['Fällig am', fmt.date(m.dueDate)],
      ['Kundennummer', m.customerNo],
    ];
    const rows = totalsRows(fmt, totals, {
      subtotal: 'Summe netto',
      tax: (rate) => `zzgl. ${rate} USt.`,
      total: 'Gesamtbetrag',
    });
    return a4Page(
      {
        lang: 'de-AT',
        font: '"DejaVu Sans", sans-serif',
        size: 8.8,
        css: `
        .top { display: flex; justify-content: space-between; align-items: flex-start; }
        .brand { font-size: 26pt; font-weight: 700; color: ${s.accent}; letter-spacing: -1px; line-height: 1; }
        .brand span { display: block; font-size: 9pt; letter-spacing: 5px; color: #555; font-weight: 400; }
        .me { text-align: right; font-size: 8pt; } .me b { font-size: 9.5pt; }
        h1 { font-size: 16pt; letter-spacing: 4px; color: ${s.accent}; margin: 8mm 0 4mm; }
        .boxes { display: flex; gap: 2mm; } .boxes div { flex: 1; background: #f1f5f9; padding: 2mm 3mm; }
        .boxes span { display: block; font-size: 7pt; color: #667; margin-bottom: 1mm; } .boxes b { font-size: 10pt; white-space: nowrap; }
        .two { display: flex; justify-content: space-between; margin: 7mm 0 6mm; } .lab { font-size: 7pt; color: #667; text-transform: uppercase; margin-bottom: 1mm; }
        .items { width: 100%; } .items th { background: ${s.accent}; color: #fff; padding: 4px; text-align: left; font-weight: 400; } .items th.r { text-align: right; }
        .items th.c { text-align: center; } .items td { padding: 4px; border-bottom: 1px solid #dde; }
        .sum { margin: 3mm 0 0 auto; min-width: 80mm; } .sum td { padding: 2px 4px; } .sum .grand td { font-weight: 700; background: #f1f5f9; font-size: 10.5pt; }
        .foot { margin-top: 14mm; font-size: 7pt; color: #666; text-align: center; }`,
      },
      `<div class="top"><div class="brand">${esc(s.brand ?? s.party.name.split(' ')[0])}<span>${s.brand ? 'HAUSTECHNIK' : 'STEUERBERATUNG'}</span></div>
       <div class="me"><b>${esc(s.party.name)}</b><br>${lines([...s.party.address, `Tel. ${s.phone}`, s.email, `UID-Nr. ${s.vatId}`])}</div></div>
       <h1>RECHNUNG</h1>
       <div class="boxes">${boxes.map(([l, v]) => `<div><span>${esc(l)}</span><b>${esc(v)}</b></div>`).join('')}</div>
       <div class="two"><div><div class="lab">Rechnungsempfänger</div>${addressBlock(m.buyer)}</div>
       <div>${lines([`Leistungszeitraum: ${fmt.date(periodStart, 'dmy-dot')} – ${fmt.date(periodEnd, 'dmy-dot')}`, `Ihr Zeichen: ${m.orderRef}`, `Bearbeitet von: ${m.contact}`])}</div></div>
       ${table('items', services ? [col.description('Leistung'), col.qtyUnit('Anzahl'), col.price('Einzelpreis'), col.amount('Betrag')] : [col.description('Bezeichnung'), col.qty('Menge'), col.unit('Einheit'), col.price('Preis'), col.amount('Betrag')], totals.lines)}
       ${pairs('sum', rows)}
       <p>Bitte überweisen Sie den Gesamtbetrag bis ${esc(fmt.date(m.dueDate))} auf unser Konto bei der ${esc(s.bank!.name)}, IBAN ${esc(s.bank!.iban!)}, BIC ${esc(s.bank!.bic!)}.</p>
       <div class="foot">${esc(s.party.name)} · ${esc(s.registry ?? '')}</div>`,
    );
  },
};

/** Swiss: window on the right, values in boxes with the label underneath, a payment slip at the bottom. */
const chGrid: InvoiceLayout = {
  id: 'inv-ch-grid',
  issuers: CH_GRID,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const rows = totalsRows(fmt, totals, {
      subtotal: 'Total exkl. MWST',
      tax: (rate) => `MWST ${rate}`,
      total: 'Total inkl. MWST',
    });
    const grid: [string, string][] = [
      [m.number, 'Rechnungsnummer'],
      [fmt.date(m.issueDate), 'Rechnungsdatum'],
      [fmt.date(m.dueDate), 'Zahlbar bis'],
      [m.customerNo, 'Kundennummer'],
    ];
    const slipAmount = fmt.num(totals.total).replace(/'/g, ' ');
    return a4Page(
      {
        lang: 'de-CH',
        font: '"Liberation Sans", Arial, sans-serif',
        size: 9,
        css: `
        .top { display: flex; justify-content: space-between; } .name { font-size: 14pt; font-weight: 700; }
        .addr { margin: 10mm 0 0 95mm; min-height: 28mm; }
        h1 { font-size: 15pt; margin: 6mm 0 3mm; }
        .grid { display: grid; grid-template-columns: repeat(4, 1fr); border-top: 2px solid ${s.accent}; margin-bottom: 6mm; }
        .grid div { padding: 2mm 2mm 1mm 0; } .grid .v { font-size: 10.5pt; font-weight: 700; } .grid .l { font-size: 7pt; color: #777; }
        .items { width: 100%; } .items th { border-bottom: 1px solid #333; padding: 3px; text-align: left; } .items th.r { text-align: right; } .items th.c { text-align: center; }
        .items td { padding: 3px; }
        .sum { margin: 2mm 0 0 auto; min-width: 80mm; border-top: 1px solid #333; } .sum td { padding: 2px 3px; } .sum .grand td { font-weight: 700; border-top: 1px solid #333; }
        .slip { display: flex; margin-top: 14mm; border-top: 1px dashed #000; padding-top: 4mm; font-size: 8pt; gap: 6mm; }
        .slip > div { border-right: 1px dashed #000; padding-right: 6mm; } .slip > div:last-child { border: 0; }
        .slip h5 { margin: 0 0 2mm; font-size: 10pt; } .slip .k { font-weight: 700; font-size: 7pt; margin-top: 2mm; }`,
      },
      `<div class="top"><div><div class="name">${esc(s.party.name)}</div>${lines([...s.party.address, s.phone, s.email])}</div>
       <div class="small muted" style="text-align:right">${esc(s.taxNumber ?? '')}</div></div>
       <div class="addr">${addressBlock(m.buyer, true)}</div>
       <h1>Rechnung</h1>
       <div class="grid">${grid.map(([v, l]) => `<div><div class="v">${esc(v)}</div><div class="l">${esc(l)}</div></div>`).join('')}</div>
       ${table('items', [col.pos('Pos.'), col.description('Beschreibung'), col.qty('Menge'), col.unit('Einheit'), col.price('Preis CHF'), col.amount('Betrag CHF')], totals.lines)}
       ${pairs('sum', rows)}
       <p>Zahlbar innert ${s.termsDays} Tagen netto. Besten Dank für Ihren Auftrag.</p>
       <div class="slip"><div><h5>Empfangsschein</h5><div class="k">Konto / Zahlbar an</div>${lines([s.bank!.iban!, s.party.name])}
       <div class="k">Währung &nbsp; Betrag</div>CHF &nbsp; ${esc(slipAmount)}</div>
       <div><h5>Zahlteil</h5><div class="k">Konto / Zahlbar an</div>${lines([s.bank!.iban!, s.party.name, ...s.party.address])}
       <div class="k">Zahlbar durch</div>${lines([m.buyer.name, ...m.buyer.address])}<div class="k">Zusätzliche Informationen</div>Rechnung ${esc(m.number)} vom ${esc(fmt.date(m.issueDate, 'dmy-dot'))}</div></div>`,
    );
  },
};

export const GERMAN_INVOICE_LAYOUTS = [deDin, atBoxes, chGrid];
