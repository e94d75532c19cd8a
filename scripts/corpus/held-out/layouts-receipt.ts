/** Till receipt layouts: British café, German supermarket, French shop, US diner, Italian and Spanish tills. */
import { DE_MARKT, ES_TICKET, FR_BOUTIQUE, IT_SCONTRINO, UK_CAFE, US_DINER } from './issuers-receipt';
import { clock, type ReceiptLayout, type ReceiptModel } from './receipt';
import { lr, type PrinterSetup, type PrintLine, receiptHtml, rule } from './receipt-print';

const MONO = '"DejaVu Sans Mono", monospace';
const LIBERATION_MONO = '"Liberation Mono", monospace';

function layout(
  id: string,
  setup: PrinterSetup,
  issuers: ReceiptLayout['issuers'],
  print: (m: ReceiptModel) => PrintLine[],
): ReceiptLayout {
  return { id, setup, issuers, print, render: (m) => receiptHtml(setup, print(m)) };
}

const center = (text: string): PrintLine => ({ text, style: 'center' });

const ukCafe = layout('rcp-uk-cafe', { lang: 'en-GB', width: 40, font: MONO, size: 8.4 }, UK_CAFE, (m) => {
  const { fmt, issuer: s } = m;
  const W = 40;
  const out: PrintLine[] = [
    { text: s.party.name, style: 'big-center' },
    ...s.party.address.map(center),
    center(`Tel ${s.phone}`),
    center(`VAT No. ${s.vatId}`),
    '',
    ...lr(`Till ${m.till}  ${m.cashier}`, `Receipt ${m.number}`, W),
    ...lr(`${fmt.date(m.date)} ${clock(m)}`, m.till % 2 ? 'Eat in' : 'Take away', W),
    rule(W),
    ...m.lines.flatMap((l) => lr(`${l.quantity} ${l.description}`, fmt.money(l.amount), W)),
    rule(W),
    { text: lr('TOTAL', fmt.money(m.total), W)[0], style: 'bold' },
  ];
  if (m.payment.method === 'cash')
    out.push(
      ...lr('Cash', fmt.money(m.payment.tendered!), W),
      ...lr('Change', fmt.money(m.payment.change!), W),
    );
  else
    out.push(
      ...lr(m.payment.method === 'card' ? 'Visa Contactless' : 'Apple Pay', fmt.money(m.total), W),
      `Card no: ************${m.payment.card ?? '0000'}`,
      'Auth code: 0482XK',
    );
  out.push('');
  for (const t of m.taxes) out.push(...lr(`VAT @ ${fmt.pct(t.rate)} incl.`, fmt.num(t.amount), W));
  if (m.taxes.length > 1) out.push(...lr('Total VAT', fmt.num(m.tax), W));
  out.push('', center('Thank you for visiting!'), center('Please come again'));
  return out;
});

const deMarkt = layout(
  'rcp-de-markt',
  { lang: 'de-DE', width: 42, font: LIBERATION_MONO, size: 8 },
  DE_MARKT,
  (m) => {
    const { fmt, issuer: s } = m;
    const W = 42;
    const letter = (rate: number) => (rate === s.taxRates[0] ? 'A' : 'B');
    const out: PrintLine[] = [
      { text: s.party.name, style: 'big-center' },
      ...s.party.address.map(center),
      center(`Tel.: ${s.phone}`),
      center(s.vatId ? `USt-IdNr.: ${s.vatId}` : (s.taxNumber ?? '')),
      '',
      ...lr('', 'EUR', W),
    ];
    for (const l of m.lines) {
      out.push(...lr(l.description, `${fmt.num(l.amount)} ${letter(l.taxRate)}`, W));
      if (l.quantity !== undefined) out.push(`   ${l.quantity} Stk x ${fmt.num(l.unitPrice!)}`);
    }
    out.push(rule(W), { text: lr('SUMME EUR', fmt.num(m.total), W)[0], style: 'bold' }, rule(W, '='));
    if (m.payment.method === 'cash')
      out.push(
        ...lr('Geg. Bar', `EUR ${fmt.num(m.payment.tendered!)}`, W),
        ...lr('Rückgeld', `EUR ${fmt.num(m.payment.change!)}`, W),
      );
    else
      out.push(
        ...lr('Geg. girocard', `EUR ${fmt.num(m.total)}`, W),
        '',
        center('Kartenzahlung'),
        center('girocard'),
        `Kartennr.       ############${m.payment.card}`,
        `Terminal-ID     5531${m.payment.card}`,
        ...lr('Betrag EUR', fmt.num(m.total), W),
        center('Zahlung erfolgt'),
      );
    const vatRow = (label: string, rate: string, net: string, tax: string, gross: string) =>
      `${label.padEnd(6)}${rate.padStart(6)} ${net.padStart(9)} ${tax.padStart(9)} ${gross.padStart(9)}`;
    out.push('', vatRow('MwSt', '%', 'Netto', 'Steuer', 'Brutto'));
    for (const t of m.taxes)
      out.push(
        vatRow(
          `${letter(t.rate)}=`,
          `${fmt.num(t.rate, 1)}%`,
          fmt.num(t.base),
          fmt.num(t.amount),
          fmt.num(t.base + t.amount),
        ),
      );
    const net = m.taxes.reduce((a, t) => a + t.base, 0);
    out.push(vatRow('Gesamt', '', fmt.num(net), fmt.num(m.tax), fmt.num(m.total)));
    const iso = `${m.date}T${clock(m, true)}`;
    out.push(
      '',
      ...lr(`${fmt.date(m.date)} ${clock(m)}`, `Bon-Nr.: ${m.number}`, W),
      `Markt: 0231   Kasse: ${m.till}   Bed.: ${m.cashier}`,
      '',
      `TSE-Transaktion:    ${Number(m.number) * 3 + 11}`,
      `TSE-Start: ${iso}.000`,
      `TSE-Stopp: ${iso}.500`,
      '',
      center('Vielen Dank für Ihren Einkauf!'),
    );
    return out;
  },
);

const frBoutique = layout(
  'rcp-fr-ticket',
  { lang: 'fr-FR', width: 40, font: MONO, size: 8.4, paper: '#fbfaf6' },
  FR_BOUTIQUE,
  (m) => {
    const { fmt, issuer: s } = m;
    const W = 40;
    const [h, min] = clock(m).split(':');
    const out: PrintLine[] = [
      { text: s.party.name, style: 'big-center' },
      ...s.party.address.map(center),
      center(`Tél. ${s.phone}`),
      center(`N° TVA ${s.vatId}`),
      '',
      `Ticket n° ${m.number}`,
      `Le ${fmt.date(m.date)} à ${h}h${min}`,
      `Caisse ${m.till} - Vendeur : ${m.cashier}`,
      rule(W),
    ];
    for (const l of m.lines)
      out.push(l.description, ...lr(`   ${l.quantity} x ${fmt.num(l.unitPrice!)}`, fmt.num(l.amount), W));
    out.push(rule(W), { text: lr('TOTAL TTC', fmt.money(m.total), W)[0], style: 'bold' }, '');
    out.push('Taux        HT       TVA       TTC');
    for (const t of m.taxes)
      out.push(
        `${fmt.pct(t.rate).padEnd(7)}${fmt.num(t.base).padStart(8)}${fmt.num(t.amount).padStart(10)}${fmt.num(t.base + t.amount).padStart(10)}`,
      );
    out.push(...lr('Total TVA', fmt.money(m.tax), W), '');
    if (m.payment.method === 'cash')
      out.push(
        ...lr('Espèces', fmt.money(m.payment.tendered!), W),
        ...lr('Rendu', fmt.money(m.payment.change!), W),
      );
    else out.push(...lr('CB sans contact', fmt.money(m.total), W), `XXXX XXXX XXXX ${m.payment.card}`);
    out.push('', center('Merci de votre visite'), center('A bientôt !'));
    return out;
  },
);

const usDiner = layout(
  'rcp-us-diner',
  { lang: 'en-US', width: 38, font: LIBERATION_MONO, size: 8.8 },
  US_DINER,
  (m) => {
    const { fmt, issuer: s } = m;
    const W = 38;
    const out: PrintLine[] = [
      { text: s.party.name, style: 'big-center' },
      ...s.party.address.map(center),
      center(s.phone ?? ''),
      '',
      ...lr(`Server: ${m.cashier}`, s.tip ? `Table ${m.till + 10}` : 'Counter', W),
      ...lr(`Check #${m.number}`, s.tip ? 'Guests: 2' : '', W),
      `${fmt.date(m.date)}  ${clock(m)}`,
      rule(W),
      ...m.lines.flatMap((l) => lr(`${l.quantity} ${l.description}`, fmt.num(l.amount), W)),
      rule(W),
      ...lr('Subtotal', fmt.num(m.subtotal!), W),
      ...lr(`Sales Tax ${fmt.pct(m.taxes[0].rate)}`, fmt.num(m.tax), W),
    ];
    if (m.tip !== undefined) out.push(...lr('Tip', fmt.num(m.tip), W));
    out.push({ text: lr('TOTAL', fmt.money(m.total), W)[0], style: 'bold' }, '');
    if (m.payment.method === 'cash')
      out.push(
        ...lr('Cash Tendered', fmt.money(m.payment.tendered!), W),
        ...lr('Change Due', fmt.money(m.payment.change!), W),
      );
    else
      out.push(
        `VISA        XXXXXXXXXXXX${m.payment.card}`,
        ...lr('Amount', fmt.money(m.total), W),
        'Auth Code: 04213B',
        'APPROVED - THANK YOU',
      );
    out.push('', center('Thank you! Come again!'));
    return out;
  },
);

const itScontrino = layout(
  'rcp-it-scontrino',
  { lang: 'it-IT', width: 42, font: MONO, size: 7.8 },
  IT_SCONTRINO,
  (m) => {
    const { fmt, issuer: s } = m;
    const W = 42;
    const out: PrintLine[] = [
      { text: s.party.name, style: 'bold-center' },
      ...s.party.address.map(center),
      center(`P.IVA ${s.vatId}`),
      '',
      { text: 'DOCUMENTO COMMERCIALE', style: 'bold-center' },
      center('di vendita o prestazione'),
      '',
      ...lr('DESCRIZIONE', 'IVA   Prezzo(€)', W),
    ];
    for (const l of m.lines) {
      if (l.quantity !== undefined) out.push(`${l.quantity} x ${fmt.num(l.unitPrice!)}`);
      out.push(...lr(l.description, `${fmt.num(l.taxRate, 2)}%${fmt.num(l.amount).padStart(10)}`, W));
    }
    out.push(
      rule(W),
      { text: lr('TOTALE COMPLESSIVO', fmt.num(m.total), W)[0], style: 'bold' },
      ...lr('DI CUI IVA', fmt.num(m.tax), W),
      '',
    );
    if (m.payment.method === 'cash')
      out.push(
        ...lr('Pagamento contante', fmt.num(m.payment.tendered!), W),
        ...lr('Resto', fmt.num(m.payment.change!), W),
      );
    else out.push(...lr('Pagamento elettronico', fmt.num(m.total), W));
    out.push(
      ...lr('Importo pagato', fmt.num(m.total), W),
      '',
      `${fmt.date(m.date)} ${clock(m)}`,
      `DOCUMENTO N. ${m.number}`,
      'RT 99MEY012345',
      '',
      center('Grazie e arrivederci'),
    );
    return out;
  },
);

const esTicket = layout(
  'rcp-es-ticket',
  { lang: 'es-ES', width: 40, font: LIBERATION_MONO, size: 8.4 },
  ES_TICKET,
  (m) => {
    const { fmt, issuer: s } = m;
    const W = 40;
    const out: PrintLine[] = [
      { text: s.party.name, style: 'bold-center' },
      ...s.party.address.map(center),
      center(`NIF: ${s.vatId}`),
      '',
      { text: 'FACTURA SIMPLIFICADA', style: 'bold-center' },
      `Nº: ${m.number}`,
      `Fecha: ${fmt.date(m.date)}   Hora: ${clock(m, true)}`,
      `Le atendió: ${m.cashier}`,
      rule(W),
      ...lr('UDS x PRECIO', 'IMPORTE', W),
    ];
    for (const l of m.lines)
      out.push(l.description, ...lr(`  ${l.quantity} x ${fmt.num(l.unitPrice!)}`, fmt.num(l.amount), W));
    out.push(
      rule(W),
      { text: lr('TOTAL (IVA incl.)', fmt.money(m.total), W)[0], style: 'bold' },
      '',
      'BASE IMP.      % IVA        CUOTA',
    );
    for (const t of m.taxes)
      out.push(
        `${fmt.num(t.base).padStart(9)}${fmt.pct(t.rate).padStart(11)}${fmt.num(t.amount).padStart(13)}`,
      );
    out.push('');
    if (m.payment.method === 'cash')
      out.push(
        ...lr('EFECTIVO', fmt.money(m.payment.tendered!), W),
        ...lr('CAMBIO', fmt.money(m.payment.change!), W),
      );
    else out.push(...lr('TARJETA', fmt.money(m.total), W), `**** **** **** ${m.payment.card}`);
    out.push('', center('*** GRACIAS POR SU VISITA ***'));
    return out;
  },
);

export const RECEIPT_LAYOUTS = [ukCafe, deMarkt, frBoutique, usDiner, itScontrino, esTicket];
