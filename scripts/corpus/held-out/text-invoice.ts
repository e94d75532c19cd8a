/**
 * Invoices and purchase orders as plain text, the way an accounting export or an e-mail body carries
 * them: label lines, then the line items in space-separated columns, then the totals.
 */
import type { Formatter } from './formats';
import type { InvoiceModel } from './invoice';
import { totalsRows } from './invoice-parts';
import type { Language } from './manifest';
import { textTable, textTotals } from './text-table';
import type { Totals } from './types';

interface InvoiceWords {
  title: string;
  number: string;
  date: string;
  due: string;
  terms: (days: number) => string;
  billTo: string;
  vat: string;
  head: [string, string, string, string];
  discount: string;
  subtotal: string;
  tax: string;
  taxTotal: string;
  total: string;
}

const WORDS: Record<Language, InvoiceWords> = {
  en: {
    title: 'INVOICE',
    number: 'Invoice no.',
    date: 'Invoice date',
    due: 'Due date',
    terms: (n) => `Payment terms: ${n} days net`,
    billTo: 'Bill to',
    vat: 'VAT no.',
    head: ['Description', 'Qty', 'Unit price', 'Amount'],
    discount: 'Disc.',
    subtotal: 'Subtotal',
    tax: 'Tax',
    taxTotal: 'Total tax',
    total: 'Total',
  },
  de: {
    title: 'RECHNUNG',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    due: 'Fällig am',
    terms: (n) => `Zahlungsziel: ${n} Tage netto`,
    billTo: 'Rechnungsempfänger',
    vat: 'USt-IdNr.',
    head: ['Bezeichnung', 'Menge', 'Einzelpreis', 'Betrag'],
    discount: 'Rabatt',
    subtotal: 'Nettobetrag',
    tax: 'USt.',
    taxTotal: 'USt. gesamt',
    total: 'Gesamtbetrag',
  },
  fr: {
    title: 'FACTURE',
    number: 'Facture n°',
    date: 'Date de facture',
    due: 'Échéance',
    terms: (n) => `Paiement à ${n} jours`,
    billTo: 'Client',
    vat: 'N° TVA',
    head: ['Désignation', 'Qté', 'PU HT', 'Montant HT'],
    discount: 'Remise',
    subtotal: 'Total HT',
    tax: 'TVA',
    taxTotal: 'Total TVA',
    total: 'Total TTC',
  },
  es: {
    title: 'FACTURA',
    number: 'Nº factura',
    date: 'Fecha',
    due: 'Vencimiento',
    terms: (n) => `Pago a ${n} días`,
    billTo: 'Cliente',
    vat: 'NIF-IVA',
    head: ['Descripción', 'Cant.', 'Precio', 'Importe'],
    discount: 'Dto.',
    subtotal: 'Base imponible',
    tax: 'IVA',
    taxTotal: 'Total IVA',
    total: 'Total factura',
  },
  it: {
    title: 'FATTURA',
    number: 'Fattura n.',
    date: 'Data',
    due: 'Scadenza',
    terms: (n) => `Pagamento a ${n} gg d.f.`,
    billTo: 'Cliente',
    vat: 'P.IVA',
    head: ['Descrizione', 'Q.tà', 'Prezzo', 'Importo'],
    discount: 'Sconto',
    subtotal: 'Imponibile',
    tax: 'IVA',
    taxTotal: 'Totale IVA',
    total: 'Totale documento',
  },
  nl: {
    title: 'FACTUUR',
    number: 'Factuurnummer',
    date: 'Factuurdatum',
    due: 'Vervaldatum',
    terms: (n) => `Betalingstermijn ${n} dagen`,
    billTo: 'Klant',
    vat: 'Btw-nr.',
    head: ['Omschrijving', 'Aantal', 'Prijs', 'Bedrag'],
    discount: 'Korting',
    subtotal: 'Subtotaal',
    tax: 'Btw',
    taxTotal: 'Totaal btw',
    total: 'Totaal',
  },
  pt: {
    title: 'FATURA',
    number: 'Fatura n.º',
    date: 'Data de emissão',
    due: 'Data de vencimento',
    terms: (n) => `Pagamento a ${n} dias`,
    billTo: 'Cliente',
    vat: 'NIF',
    head: ['Descrição', 'Qtd.', 'Preço unit.', 'Total'],
    discount: 'Desc.',
    subtotal: 'Total s/ IVA',
    tax: 'IVA',
    taxTotal: 'Total IVA',
    total: 'Total a pagar',
  },
};

export function invoiceText(m: InvoiceModel): string {
  const { fmt, issuer: s, totals } = m;
  const w = WORDS[m.language];
  const discounts = totals.lines.some((l) => l.discountPct);
  const [desc, qty, price, amount] = w.head;
  const table = textTable(
    [
      discounts ? [desc, qty, price, w.discount, amount] : w.head,
      ...totals.lines.map((l) => [
        l.description,
        l.quantity === undefined ? '' : fmt.qty(l.quantity),
        l.unitPrice === undefined ? '' : fmt.num(l.unitPrice),
        ...(discounts ? [l.discountPct ? fmt.pct(l.discountPct) : ''] : []),
        fmt.num(l.amount),
      ]),
    ],
    discounts ? ['l', 'r', 'r', 'r', 'r'] : ['l', 'r', 'r', 'r'],
  );
  const width = Math.max(...table.map((t) => t.length));
  return [
    s.party.name,
    ...s.party.address,
    ...(s.vatId ? [`${w.vat} ${s.vatId}`] : []),
    '',
    `${w.title}`,
    `${w.number}: ${m.number}`,
    `${w.date}: ${fmt.date(m.issueDate)}`,
    s.due === 'date' ? `${w.due}: ${fmt.date(m.dueDate)}` : w.terms(s.termsDays),
    '',
    `${w.billTo}:`,
    m.buyer.name,
    ...m.buyer.address,
    '',
    ...table,
    ...totalsText(fmt, totals, s.conventions.currency, { ...w, shipping: 'Shipping' }, width),
    '',
  ].join('\n');
}

/** The totals under a text table: a rule, then subtotal, shipping, tax rows (and their sum), total with currency. */
export function totalsText(
  fmt: Formatter,
  totals: Totals,
  currency: string,
  w: { subtotal: string; shipping: string; tax: string; taxTotal?: string; total: string },
  width: number,
): string[] {
  const rows = totalsRows(
    fmt,
    totals,
    {
      subtotal: w.subtotal,
      shipping: w.shipping,
      tax: (rate) => `${w.tax} ${rate}`,
      taxTotal: w.taxTotal,
      total: `${w.total} ${currency}`,
    },
    (n) => fmt.num(n),
  );
  return [
    '-'.repeat(width),
    ...textTotals(
      rows.map(([label, value]): [string, string] => [label, value]),
      width,
    ),
  ];
}
