/** Purchase order layouts: US form, German Bestellung letter, French bon de commande, Spanish pedido. */
import { a4Page, addressBlock, esc, lines, pairs, table } from './html';
import { columns, totalsRows } from './invoice-parts';
import { PO_DE, PO_ES, PO_FR, PO_US } from './issuers-order';
import type { OrderLayout, OrderModel } from './order';

/** US purchase order form: vendor and ship-to bars, a requisition strip, terms printed in the strip. */
const poUs: OrderLayout = {
  id: 'po-us-form',
  issuers: PO_US,
  render(m: OrderModel) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const strip: [string, string][] = [
      ['Requisitioner', m.requester],
      ['Ship Via', 'UPS Ground'],
      ['F.O.B.', 'Destination'],
      ['Required By', fmt.date(m.deliveryDate)],
      ['Terms', s.paymentTerms],
    ];
    return a4Page(
      {
        lang: 'en-US',
        font: '"Liberation Sans", Arial, sans-serif',
        size: 9,
        css: `
        .top { display: flex; justify-content: space-between; } .name { font-size: 14pt; font-weight: 700; color: ${s.accent}; }
        .title { font-size: 20pt; font-weight: 700; color: ${s.accent}; text-align: right; }
        .meta td { padding: 1px 0 1px 8mm; } .meta td:first-child { font-weight: 700; }
        .two { display: flex; gap: 10mm; margin: 7mm 0 5mm; } .two > div { flex: 1; }
        .bar { background: ${s.accent}; color: #fff; font-weight: 700; padding: 2px 6px; margin-bottom: 2px; font-size: 8.5pt; }
        .strip { width: 100%; border: 1px solid #777; margin-bottom: 5mm; } .strip th { background: #e0e0e0; font-size: 7.5pt; padding: 2px; border: 1px solid #777; }
        .strip td { border: 1px solid #777; padding: 3px; text-align: center; }
        .items { width: 100%; border: 1px solid #777; } .items th { background: ${s.accent}; color: #fff; padding: 3px; border: 1px solid #777; }
        .items td { padding: 3px; border-left: 1px solid #777; border-right: 1px solid #777; } .items tbody tr:nth-child(even) td { background: #f3f3f3; }
        .sum { margin: 3mm 0 0 auto; } .sum td { padding: 2px 6px; } .sum .grand td { font-weight: 700; border-top: 1px solid #000; }
        .notes { margin-top: 8mm; font-size: 8pt; } .sign { margin-top: 10mm; }`,
      },
      `<div class="top"><div><div class="name">${esc(s.party.name)}</div>${lines([...s.party.address, `Phone ${s.phone}`, s.email])}</div>
       <div><div class="title">PURCHASE ORDER</div>${pairs('meta', [
         ['PO Number', m.number],
         ['Date', fmt.date(m.orderDate)],
         ['Vendor ID', m.supplierNo],
       ])}</div></div>
       <div class="two"><div><div class="bar">VENDOR</div>${addressBlock(m.supplier, true)}</div><div><div class="bar">SHIP TO</div>${lines(s.shipTo)}</div></div>
       <table class="strip"><tr>${strip.map(([l]) => `<th>${esc(l)}</th>`).join('')}</tr><tr>${strip.map(([, v]) => `<td>${esc(v)}</td>`).join('')}</tr></table>
       ${table('items', [col.sku('Item #'), col.description('Description'), col.qty('Qty'), col.price('Unit Price'), col.amount('Total')], totals.lines)}
       ${pairs('sum', totalsRows(fmt, totals, { subtotal: 'Subtotal', shipping: 'Shipping & Handling', tax: (rate) => `Tax ${rate}`, total: 'Total' }))}
       <div class="notes">1. Please send two copies of your invoice quoting the PO number.<br>2. Enter this order in accordance with the prices, terms, delivery method and specifications listed above.<br>3. Notify us immediately if you are unable to ship as specified.</div>
       <div class="sign">Authorized by ____________________________ &nbsp; Date ______________</div>`,
    );
  },
};

/** German Bestellung: window address to the supplier, conditions block with delivery address and terms. */
const poDe: OrderLayout = {
  id: 'po-de-bestellung',
  issuers: PO_DE,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const place = s.party.address[s.party.address.length - 1].replace(/^\d+\s+/, '');
    const long = s.conventions.dates === 'long';
    const info: [string, string][] = [
      ['Bestell-Nr.', m.number],
      ...(long ? [] : ([['Bestelldatum', fmt.date(m.orderDate)]] as [string, string][])),
      ['Lieferanten-Nr.', m.supplierNo],
      ['Ihr Angebot', m.quoteRef],
      ['Ansprechpartner', m.requester],
      ['Telefon', s.phone ?? ''],
    ];
    return a4Page(
      {
        lang: 'de-DE',
        font: '"DejaVu Sans", sans-serif',
        size: 8.8,
        margin: 20,
        css: `
        .logo { font-size: 16pt; font-weight: 700; color: ${s.accent}; border-bottom: 3px solid ${s.accent}; padding-bottom: 2mm; }
        .head { display: flex; justify-content: space-between; margin-top: 8mm; }
        .window { width: 85mm; min-height: 36mm; } .sender { font-size: 6.8pt; color: #555; border-bottom: 0.5px solid #555; margin-bottom: 3mm; display: inline-block; }
        .info td { padding: 0 0 1px 5mm; font-size: 8pt; } .info td.r { text-align: left; } .info td:first-child { padding-left: 0; color: #666; }
        h2 { font-size: 13pt; margin: 5mm 0 2mm; } .place { text-align: right; }
        .items { width: 100%; } .items th { background: #eceff4; padding: 3px; text-align: left; border-bottom: 1px solid #333; } .items th.r { text-align: right; } .items th.c { text-align: center; }
        .items td { padding: 3px; border-bottom: 0.5px solid #ccc; }
        .sum { margin: 3mm 0 0 auto; min-width: 75mm; } .sum td { padding: 2px 3px; } .sum .grand td { font-weight: 700; border-top: 1px solid #333; }
        .cond { margin-top: 6mm; } .cond td { padding: 1px 6mm 1px 0; vertical-align: top; } .cond td:first-child { font-weight: 700; white-space: nowrap; }`,
      },
      `<div class="logo">${esc(s.party.name)}</div>
       <div class="head"><div class="window"><div class="sender">${esc([s.party.name, ...s.party.address].join(' · '))}</div><br>${addressBlock(m.supplier, true)}</div>
       ${pairs('info', info)}</div>
       ${long ? `<div class="place">${esc(place)}, ${esc(fmt.date(m.orderDate))}</div>` : ''}
       <h2>Bestellung ${esc(m.number)}</h2>
       <p>Sehr geehrte Damen und Herren,<br>wir bestellen zu den nachstehenden Bedingungen:</p>
       ${table('items', [col.pos('Pos.'), col.sku('Artikel-Nr.'), col.description('Bezeichnung'), col.qty('Menge'), col.unit('ME'), col.price('Preis/ME'), col.amount('Gesamt')], totals.lines)}
       ${pairs('sum', totalsRows(fmt, totals, { subtotal: 'Warenwert netto', tax: (rate) => `zzgl. ${rate} MwSt.`, total: 'Bestellsumme' }))}
       <table class="cond"><tr><td>Liefertermin:</td><td>${esc(fmt.date(m.deliveryDate))} (eintreffend)</td></tr>
       <tr><td>Lieferanschrift:</td><td>${lines(s.shipTo)}</td></tr>
       <tr><td>Zahlungsbedingungen:</td><td>${esc(s.paymentTerms)}</td></tr><tr><td>Versand:</td><td>frei Haus</td></tr></table>
       <p>Bitte geben Sie auf allen Lieferpapieren und Rechnungen unsere Bestellnummer an.</p><p>Mit freundlichen Grüßen<br>${esc(s.party.name)}</p>`,
    );
  },
};

/** French bon de commande: two framed boxes (supplier, delivery address), conditions line, signature. */
const poFr: OrderLayout = {
  id: 'po-fr-commande',
  issuers: PO_FR,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    return a4Page(
      {
        lang: 'fr-FR',
        font: '"Liberation Serif", serif',
        size: 10,
        css: `
        .top { display: flex; justify-content: space-between; } .name { font-size: 14pt; font-weight: 700; }
        .doc { text-align: right; } .doc .t { font-size: 18pt; font-weight: 700; color: ${s.accent}; }
        .boxes { display: flex; gap: 6mm; margin: 7mm 0 4mm; } .boxes > div { flex: 1; border: 1px solid #555; padding: 2mm 3mm; }
        .boxes .lab { font-weight: 700; text-decoration: underline; margin-bottom: 1mm; }
        .cond { margin-bottom: 4mm; }
        .items { width: 100%; } .items th { border: 1px solid #555; background: #eee; padding: 3px; } .items td { border: 1px solid #999; padding: 3px; }
        .sum { margin: 3mm 0 0 auto; border: 1px solid #555; } .sum td { padding: 2px 6px; } .sum .grand td { font-weight: 700; background: #eee; }
        .sign { margin-top: 12mm; display: flex; justify-content: space-between; }`,
      },
      `<div class="top"><div><div class="name">${esc(s.party.name)}</div>${lines([...s.party.address, `Tél. ${s.phone}`, s.email])}</div>
       <div class="doc"><div class="t">BON DE COMMANDE</div>${lines([`N° ${m.number}`, `Date : ${fmt.date(m.orderDate)}`])}</div></div>
       <div class="boxes"><div><div class="lab">Fournisseur</div>${addressBlock(m.supplier)}<br>Code fournisseur : ${esc(m.supplierNo)}</div>
       <div><div class="lab">Adresse de livraison</div>${lines(s.shipTo)}</div></div>
       <div class="cond">${lines([`Date de livraison souhaitée : ${fmt.date(m.deliveryDate)}`, `Conditions de paiement : ${s.paymentTerms}`, `Votre devis : ${m.quoteRef} – Demandeur : ${m.requester}`])}</div>
       ${table('items', [col.sku('Référence'), col.description('Désignation'), col.qty('Quantité'), col.price('Prix unitaire HT'), col.amount('Montant HT')], totals.lines)}
       ${pairs('sum', totalsRows(fmt, totals, { subtotal: 'Total HT', tax: (rate) => `TVA (${rate})`, total: 'Total TTC' }))}
       <div class="sign"><div>Merci de nous retourner l'accusé de réception de commande.</div><div>Bon pour accord<br>Le responsable des achats</div></div>`,
    );
  },
};

/** Spanish pedido de compra: header table with labels above values, proveedor / entrega blocks. */
const poEs: OrderLayout = {
  id: 'po-es-pedido',
  issuers: PO_ES,
  render(m) {
    const { fmt, issuer: s, totals } = m;
    const col = columns(fmt);
    const head = [
      ['Nº de pedido', m.number],
      ['Fecha del pedido', fmt.date(m.orderDate)],
      ['Fecha de entrega', fmt.date(m.deliveryDate)],
      ['Nº proveedor', m.supplierNo],
    ];
    return a4Page(
      {
        lang: 'es-ES',
        font: '"DejaVu Sans Condensed", "DejaVu Sans", sans-serif',
        size: 9,
        css: `
        .top { display: flex; justify-content: space-between; align-items: flex-start; } .name { font-size: 13pt; font-weight: 700; color: ${s.accent}; }
        .t { font-size: 17pt; font-weight: 700; text-align: right; }
        .head { width: 100%; margin: 6mm 0; } .head th { background: ${s.accent}; color: #fff; font-weight: 400; padding: 2px; font-size: 8pt; } .head td { border: 1px solid ${s.accent}; padding: 3px; text-align: center; white-space: nowrap; }
        .two { display: flex; gap: 8mm; margin-bottom: 6mm; } .two > div { flex: 1; } .two .lab { font-weight: 700; color: ${s.accent}; border-bottom: 1px solid ${s.accent}; margin-bottom: 1mm; }
        .items { width: 100%; } .items th { border-bottom: 2px solid ${s.accent}; text-align: left; padding: 3px; } .items th.r { text-align: right; } .items td { padding: 3px; border-bottom: 1px solid #ddd; }
        .sum { margin: 3mm 0 0 auto; min-width: 70mm; } .sum td { padding: 2px 5px; } .sum .grand td { font-weight: 700; font-size: 11pt; border-top: 2px solid ${s.accent}; }`,
      },
      `<div class="top"><div><div class="name">${esc(s.party.name)}</div>${lines([...s.party.address, `Tel. ${s.phone}`, s.email])}</div><div class="t">PEDIDO DE COMPRA</div></div>
       <table class="head"><tr>${head.map(([l]) => `<th>${esc(l)}</th>`).join('')}</tr><tr>${head.map(([, v]) => `<td>${esc(v)}</td>`).join('')}</tr></table>
       <div class="two"><div><div class="lab">Proveedor</div>${addressBlock(m.supplier, true)}</div><div><div class="lab">Dirección de entrega</div>${lines(s.shipTo)}</div></div>
       ${table('items', [col.sku('Código'), col.description('Descripción'), col.qty('Cantidad'), col.price('Precio unitario'), col.amount('Importe')], totals.lines)}
       ${pairs('sum', totalsRows(fmt, totals, { subtotal: 'Subtotal', tax: (rate) => `IVA ${rate}`, total: 'Total pedido' }))}
       <p>Forma de pago: ${esc(s.paymentTerms)}</p>
       <p class="small">Rogamos confirmen la recepción de este pedido e indiquen el número de pedido en albaranes y facturas.</p>`,
    );
  },
};

export const ORDER_LAYOUTS = [poUs, poDe, poFr, poEs];
