/** French, Spanish, Italian, Dutch and Portuguese invoice layouts. */
import { a4Page, addressBlock, esc, lines, pairs, table } from './html';
import type { InvoiceLayout, InvoiceModel } from './invoice';
import { columns, totalsRows } from './invoice-parts';
import { ES_FACTURA, FR_FACTURE, IT_FATTURA, NL_FACTUUR, PT_FATURA } from './issuers-europe';
import type { TaxRow } from './types';

/** French facture: identity top left, FACTURE with number/dates top right, framed "Client" box, legal mentions. */
const frFacture: InvoiceLayout = {
  id: 'inv-fr-facture',
  issuers: FR_FACTURE,
  render(m: InvoiceModel) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const twoRates = s.taxRates.length > 1;
    const rows = totalsRows(fmt, totals, {
      subtotal: 'Total HT',
      tax: (rate) => `TVA ${rate}`,
      taxTotal: 'Total TVA',
      total: 'Total TTC',
    });
    rows.push(['Net à payer', fmt.money(totals.total), 'grand']);
    return a4Page(
      {
        lang: 'fr-FR',
        font: '"DejaVu Sans", sans-serif',
        size: 8.8,
        css: `
        .top { display: flex; justify-content: space-between; } .name { font-size: 15pt; font-weight: 700; color: ${s.accent}; }
        .doc { text-align: right; } .doc .t { font-size: 20pt; font-weight: 700; letter-spacing: 2px; }
        .client { margin: 8mm 0 6mm auto; width: 80mm; border: 1px solid #999; border-radius: 3mm; padding: 3mm 4mm; }
        .client .lab { font-size: 7pt; color: #777; text-transform: uppercase; }
        .items { width: 100%; } .items th { background: #ececec; padding: 4px; text-align: left; border: 1px solid #bbb; } .items th.r { text-align: right; }
        .items td { padding: 4px; border-left: 1px solid #bbb; border-right: 1px solid #bbb; } .items tbody tr:last-child td { border-bottom: 1px solid #bbb; }
        .sum { margin: 4mm 0 0 auto; min-width: 70mm; border: 1px solid #bbb; } .sum td { padding: 3px 5px; } .sum .grand td { font-weight: 700; background: #ececec; }
        .cond { margin-top: 7mm; font-size: 7.5pt; color: #333; }
        .foot { margin-top: 10mm; border-top: 1px solid #aaa; padding-top: 2mm; font-size: 7pt; text-align: center; color: #555; }`,
      },
      `<div class="top"><div><div class="name">${esc(s.party.name)}</div>${lines([...s.party.address, `Tél. ${s.phone}`, s.email])}</div>
       <div class="doc"><div class="t">FACTURE</div>${lines([`N° ${m.number}`, `Date : ${fmt.date(m.issueDate)}`, `Échéance : ${fmt.date(m.dueDate)}`])}</div></div>
       <div class="client"><div class="lab">Client</div>${addressBlock(m.buyer)}<br><span class="small">Réf. client : C${esc(m.customerNo)}</span></div>
       <p>Votre commande n° ${esc(m.orderRef)} du ${esc(fmt.date(m.orderDate, 'dmy-slash'))}</p>
       ${table('items', [col.description('Désignation'), col.qty('Qté'), col.price('PU HT'), ...(twoRates ? [col.rate('TVA')] : []), col.amount('Montant HT')], totals.lines)}
       ${pairs('sum', rows)}
       <div class="cond">Conditions de paiement : ${s.termsDays} jours date de facture, par virement bancaire.<br>
       IBAN : ${esc(s.bank!.iban!)} — BIC : ${esc(s.bank!.bic!)} (${esc(s.bank!.name)})<br>
       En cas de retard de paiement, pénalités au taux de trois fois le taux d'intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 €. Pas d'escompte pour paiement anticipé.</div>
       <div class="foot">${esc(s.party.name)} – ${esc(s.party.address.join(' – '))} – ${esc(s.registry ?? '')} – TVA intracommunautaire : ${esc(s.vatId ?? '')}</div>`,
    );
  },
};

/** Spanish factura: FACTURA with a label-above box row left, issuer right, tax summary with cuotas. */
const esFactura: InvoiceLayout = {
  id: 'inv-es-factura',
  issuers: ES_FACTURA,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const withDiscount = s.discount?.as === 'column';
    const cols = withDiscount
      ? [
          col.description('Descripción'),
          col.qty('Cant.'),
          col.price('Precio'),
          col.discount('Dto.'),
          col.rate('IVA'),
          col.amount('Importe'),
        ]
      : [
          col.description('Concepto'),
          col.qty('Unidades'),
          col.price('Precio unitario'),
          col.amount('Importe'),
        ];
    const summary = totals.taxes
      .map(
        (t: TaxRow) =>
          `<tr><td class="r">${fmt.num(t.base)}</td><td class="r">${fmt.pct(t.rate)}</td><td class="r">${fmt.num(t.amount)}</td></tr>`,
      )
      .join('');
    return a4Page(
      {
        lang: 'es-ES',
        font: '"Liberation Sans", Arial, sans-serif',
        size: 9,
        css: `
        .top { display: flex; justify-content: space-between; } .t { font-size: 26pt; font-weight: 700; color: ${s.accent}; }
        .boxes { border-collapse: collapse; margin-top: 3mm; } .boxes th { background: ${s.accent}; color: #fff; font-weight: 400; font-size: 7.5pt; padding: 2px 8px; }
        .boxes td { border: 1px solid ${s.accent}; padding: 3px 8px; text-align: center; }
        .me { text-align: right; } .me b { font-size: 11pt; }
        .cli { margin: 7mm 0 6mm; border-left: 3px solid ${s.accent}; padding-left: 4mm; } .cli .lab { font-weight: 700; color: ${s.accent}; }
        .items { width: 100%; } .items th { border-bottom: 2px solid ${s.accent}; padding: 4px; text-align: left; } .items th.r { text-align: right; }
        .items td { padding: 4px; border-bottom: 1px solid #e5e5e5; }
        .tax { margin: 5mm 0 0 auto; } .tax th { font-size: 7.5pt; color: #555; padding: 2px 8px; text-align: right; } .tax td { padding: 2px 8px; }
        .tax .sum td { border-top: 1px solid #999; font-weight: 700; }
        .grand { margin: 3mm 0 0 auto; font-size: 12pt; font-weight: 700; } .grand td { padding: 3px 8px; background: #f4f4f4; }
        .foot { margin-top: 10mm; font-size: 7pt; color: #666; }`,
      },
      `<div class="top"><div><div class="t">FACTURA</div>
       <table class="boxes"><tr><th>Nº factura</th><th>Fecha</th><th>Vencimiento</th></tr><tr><td>${esc(m.number)}</td><td>${esc(fmt.date(m.issueDate))}</td><td>${esc(fmt.date(m.dueDate))}</td></tr></table></div>
       <div class="me"><b>${esc(s.party.name)}</b><br>${lines([...s.party.address, `NIF-IVA: ${s.vatId}`, `Tel. ${s.phone}`, s.email])}</div></div>
       <div class="cli"><div class="lab">Cliente</div>${addressBlock(m.buyer, true)}<br>Nº cliente: ${esc(m.customerNo)}</div>
       ${table('items', cols, totals.lines)}
       <table class="tax"><tr><th>Base imponible</th><th>% IVA</th><th>Cuota IVA</th></tr>${summary}
       <tr class="sum"><td class="r">${fmt.num(totals.subtotal)}</td><td></td><td class="r">${fmt.num(totals.tax)}</td></tr></table>
       <table class="grand"><tr><td>TOTAL FACTURA</td><td class="r">${esc(fmt.money(totals.total))}</td></tr></table>
       <p>Forma de pago: transferencia bancaria a ${s.termsDays} días.<br>IBAN: ${esc(s.bank!.iban!)} · ${esc(s.bank!.name)}</p>
       <div class="foot">${esc(s.registry ?? '')}</div>`,
    );
  },
};

/** Italian fattura: centred heading with legal data, "Spett.le", number and date in one line, VAT per line. */
const itFattura: InvoiceLayout = {
  id: 'inv-it-fattura',
  issuers: IT_FATTURA,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const goods = s.catalog.some((i) => i.sku);
    const cols = goods
      ? [
          col.sku('Codice'),
          col.description('Descrizione'),
          col.unit('U.M.'),
          col.qty('Q.tà'),
          col.price('Prezzo unitario'),
          col.discount('Sconto'),
          col.amount('Importo'),
          col.rate('IVA'),
        ]
      : [
          col.description('Descrizione'),
          col.qty('Q.tà'),
          col.price('Prezzo'),
          col.amount('Importo'),
          col.rate('IVA'),
        ];
    const rows = totalsRows(fmt, totals, {
      subtotal: 'Totale imponibile',
      tax: (rate) => `IVA ${rate}`,
      total: 'Totale documento',
    });
    rows.push(['Netto a pagare', fmt.money(totals.total), 'grand']);
    return a4Page(
      {
        lang: 'it-IT',
        font: '"DejaVu Serif", serif',
        size: 8.6,
        css: `
        .head { text-align: center; border-bottom: 2px solid ${s.accent}; padding-bottom: 3mm; } .head .n { font-size: 16pt; font-weight: 700; color: ${s.accent}; }
        .head .small { color: #444; }
        .spett { margin: 7mm 0 5mm auto; width: 80mm; }
        .doc { font-size: 11pt; font-weight: 700; margin: 3mm 0; }
        .info { width: 100%; border: 1px solid #999; margin-bottom: 5mm; } .info td { border: 1px solid #999; padding: 2px 5px; font-size: 8pt; }
        .items { width: 100%; font-family: "DejaVu Sans", sans-serif; font-size: 8pt; } .items th { border: 1px solid #999; background: #eef; padding: 3px; }
        .items td { border-left: 1px solid #ccc; border-right: 1px solid #ccc; padding: 3px; } .items tbody tr:last-child td { border-bottom: 1px solid #999; }
        .sum { margin: 4mm 0 0 auto; min-width: 75mm; } .sum td { padding: 2px 5px; border-bottom: 1px solid #ddd; } .sum .grand td { font-weight: 700; }
        .bank { margin-top: 8mm; font-size: 8pt; }`,
      },
      `<div class="head"><div class="n">${esc(s.party.name)}</div>${esc(s.party.address.join(' – '))}<br>
       <span class="small">P.IVA ${esc(s.vatId ?? '')} – ${esc(s.registry ?? '')}<br>Tel. ${esc(s.phone ?? '')} – ${esc(s.email ?? '')}</span></div>
       <div class="spett">Spett.le<br>${addressBlock(m.buyer)}</div>
       <div class="doc">FATTURA N. ${esc(m.number)} del ${esc(fmt.date(m.issueDate))}</div>
       <table class="info"><tr><td>Pagamento: bonifico bancario ${s.termsDays} gg d.f.</td><td>Scadenza: ${esc(fmt.date(m.dueDate))}</td><td>Vs. ordine n. ${esc(m.orderRef)} del ${esc(fmt.date(m.orderDate))}</td></tr></table>
       ${table('items', cols, totals.lines)}
       ${pairs('sum', rows)}
       <div class="bank">Coordinate bancarie: ${esc(s.bank!.name)} – IBAN ${esc(s.bank!.iban!)}</div>`,
    );
  },
};

/** Dutch factuur: clean, identity column right, "Factuur aan", payment request sentence with amount and date. */
const nlFactuur: InvoiceLayout = {
  id: 'inv-nl-factuur',
  issuers: NL_FACTUUR,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const twoRates = s.taxRates.length > 1;
    const rows = totalsRows(fmt, totals, {
      subtotal: 'Subtotaal',
      tax: (rate) => `Btw ${rate}`,
      taxTotal: 'Totaal btw',
      total: 'Totaal',
    });
    return a4Page(
      {
        lang: 'nl-NL',
        font: '"DejaVu Sans", sans-serif',
        size: 8.8,
        css: `
        .top { display: flex; justify-content: space-between; } .logo { font-size: 20pt; font-weight: 700; color: ${s.accent}; }
        .side { font-size: 7.8pt; color: #555; text-align: right; line-height: 1.5; }
        .to { margin-top: 6mm; } .to .lab { color: ${s.accent}; font-weight: 700; font-size: 8pt; }
        h1 { font-size: 22pt; font-weight: 300; margin: 9mm 0 3mm; }
        .meta td { padding: 1px 12mm 1px 0; } .meta td.r { text-align: left; }
        .items { width: 100%; margin-top: 6mm; } .items th { text-align: left; color: ${s.accent}; border-bottom: 1px solid ${s.accent}; padding: 4px 3px; }
        .items th.r { text-align: right; } .items td { padding: 4px 3px; border-bottom: 1px solid #eee; }
        .sum { margin: 4mm 0 0 auto; min-width: 70mm; } .sum td { padding: 2px 3px; } .sum .grand td { font-weight: 700; font-size: 11pt; border-top: 1px solid #000; }
        .req { margin-top: 8mm; }`,
      },
      `<div class="top"><div><div class="logo">${esc(s.party.name)}</div>
       <div class="to"><div class="lab">Factuur aan</div>${addressBlock(m.buyer, true)}</div></div>
       <div class="side">${lines([...s.party.address, s.phone, s.email, '', s.registry, `Btw-nr. ${s.vatId}`, `IBAN ${s.bank!.iban}`, `BIC ${s.bank!.bic}`])}</div></div>
       <h1>Factuur</h1>
       ${pairs('meta', [
         ['Factuurnummer', m.number],
         ['Factuurdatum', fmt.date(m.issueDate)],
         ['Vervaldatum', fmt.date(m.dueDate)],
         ['Klantnummer', m.customerNo],
       ])}
       ${table('items', [col.description('Omschrijving'), col.qty('Aantal'), col.price('Prijs', true), ...(twoRates ? [col.rate('Btw')] : []), col.amount('Bedrag', true)], totals.lines)}
       ${pairs('sum', rows)}
       <p class="req">Wij verzoeken u vriendelijk het totaalbedrag van ${esc(fmt.money(totals.total))} vóór ${esc(fmt.date(m.dueDate))} over te maken op IBAN ${esc(s.bank!.iban!)} t.n.v. ${esc(s.party.name)}, onder vermelding van het factuurnummer.</p>`,
    );
  },
};

/** Portuguese fatura: "Original", label-above meta boxes, "Exmo.(s) Sr.(s)", tax summary, certified-software line. */
const ptFatura: InvoiceLayout = {
  id: 'inv-pt-fatura',
  issuers: PT_FATURA,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const boxes: [string, string][] = [
      ['Data de emissão', fmt.date(m.issueDate)],
      ['Data de vencimento', fmt.date(m.dueDate)],
      ['V/ Ref.ª', m.orderRef],
      ['Cliente n.º', m.customerNo],
    ];
    const summary = totals.taxes
      .map(
        (t) =>
          `<tr><td>IVA ${fmt.pct(t.rate)}</td><td class="r">${fmt.num(t.base)}</td><td class="r">${fmt.num(t.amount)}</td></tr>`,
      )
      .join('');
    const atcud = `JFA7Q2KC-${m.number.replace(/\D/g, '').slice(-4)}`;
    return a4Page(
      {
        lang: 'pt-PT',
        font: '"Liberation Sans", Arial, sans-serif',
        size: 8.6,
        css: `
        .top { display: flex; justify-content: space-between; } .name { font-size: 13pt; font-weight: 700; }
        .doc { text-align: right; } .doc .t { font-size: 17pt; font-weight: 700; color: ${s.accent}; } .doc .o { font-size: 7.5pt; border: 1px solid #555; padding: 0 4px; }
        .boxes { display: flex; gap: 2mm; margin: 6mm 0 4mm; } .boxes div { flex: 1; border: 1px solid #bbb; padding: 1mm 2mm; }
        .boxes span { display: block; font-size: 7pt; color: #666; }
        .cli { margin: 0 0 5mm auto; width: 85mm; }
        .items { width: 100%; } .items th { background: #e9eef2; padding: 3px; text-align: left; border-bottom: 1px solid #888; } .items th.r { text-align: right; }
        .items td { padding: 3px; border-bottom: 1px dotted #bbb; }
        .bottom { display: flex; justify-content: space-between; margin-top: 5mm; } .taxes th { font-size: 7.5pt; padding: 2px 6px; text-align: left; border-bottom: 1px solid #888; }
        .taxes td { padding: 2px 6px; } .sum td { padding: 2px 6px; } .sum .grand td { font-weight: 700; font-size: 10.5pt; border-top: 1px solid #000; }
        .foot { margin-top: 12mm; font-size: 7pt; color: #555; }`,
      },
      `<div class="top"><div><div class="name">${esc(s.party.name)}</div>${lines([...s.party.address, `NIF ${s.vatId}`, `Tel. ${s.phone}`, s.email])}</div>
       <div class="doc"><div class="t">FATURA</div><span class="o">Original</span><br><b>${esc(m.number)}</b></div></div>
       <div class="boxes">${boxes.map(([l, v]) => `<div><span>${esc(l)}</span>${esc(v)}</div>`).join('')}</div>
       <div class="cli">Exmo.(s) Sr.(s)<br>${addressBlock(m.buyer)}</div>
       ${table('items', [col.description('Descrição'), col.qty('Qtd.'), col.unit('Un.'), col.price('Preço unit.'), col.rate('IVA'), col.amount('Total')], totals.lines)}
       <div class="bottom"><table class="taxes"><tr><th>Taxa</th><th class="r">Incidência</th><th class="r">Valor IVA</th></tr>${summary}</table>
       ${pairs('sum', totalsRows(fmt, totals, { subtotal: 'Total s/ IVA', tax: () => 'Total IVA', total: 'Total a pagar' }))}</div>
       <p>Pagamento por transferência bancária até à data de vencimento · IBAN ${esc(s.bank!.iban!)}</p>
       <div class="foot">${esc(s.registry ?? '')}<br>ATCUD: ${esc(atcud)} · Processado por programa certificado n.º 2231/AT</div>`,
    );
  },
};

export const LATIN_INVOICE_LAYOUTS = [frFacture, esFactura, itFattura, nlFactuur, ptFatura];
