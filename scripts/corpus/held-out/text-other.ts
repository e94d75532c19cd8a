/** Purchase orders and bank statements as plain text (an e-mail body, a bank's text export). */
import type { Language } from './manifest';
import type { OrderModel } from './order';
import type { StatementModel } from './statement';
import { totalsText } from './text-invoice';
import { textTable } from './text-table';

type Words = Record<string, string>;

const ORDER_WORDS: Partial<Record<Language, Words>> = {
  en: {
    title: 'PURCHASE ORDER',
    date: 'Order date',
    delivery: 'Delivery date',
    terms: 'Payment terms',
    supplier: 'Supplier',
    shipTo: 'Ship to',
    sku: 'Item',
    desc: 'Description',
    qty: 'Qty',
    price: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    tax: 'Tax',
    total: 'Total',
  },
  de: {
    title: 'BESTELLUNG',
    date: 'Bestelldatum',
    delivery: 'Liefertermin',
    terms: 'Zahlungsbedingungen',
    supplier: 'Lieferant',
    shipTo: 'Lieferanschrift',
    sku: 'Artikel-Nr.',
    desc: 'Bezeichnung',
    qty: 'Menge',
    price: 'Preis',
    amount: 'Gesamt',
    subtotal: 'Netto',
    shipping: 'Versand',
    tax: 'MwSt.',
    total: 'Bestellsumme',
  },
  fr: {
    title: 'BON DE COMMANDE',
    date: 'Date de commande',
    delivery: 'Livraison souhaitée',
    terms: 'Conditions de paiement',
    supplier: 'Fournisseur',
    shipTo: 'Adresse de livraison',
    sku: 'Réf.',
    desc: 'Désignation',
    qty: 'Qté',
    price: 'PU HT',
    amount: 'Montant HT',
    subtotal: 'Total HT',
    shipping: 'Port',
    tax: 'TVA',
    total: 'Total TTC',
  },
  es: {
    title: 'PEDIDO DE COMPRA',
    date: 'Fecha del pedido',
    delivery: 'Fecha de entrega',
    terms: 'Forma de pago',
    supplier: 'Proveedor',
    shipTo: 'Dirección de entrega',
    sku: 'Código',
    desc: 'Descripción',
    qty: 'Cant.',
    price: 'Precio',
    amount: 'Importe',
    subtotal: 'Subtotal',
    shipping: 'Portes',
    tax: 'IVA',
    total: 'Total',
  },
};

export function orderText(m: OrderModel): string {
  const { fmt, issuer: s, totals } = m;
  const w = ORDER_WORDS[m.language] ?? ORDER_WORDS.en!;
  const table = textTable(
    [
      [w.sku, w.desc, w.qty, w.price, w.amount],
      ...totals.lines.map((l) => [
        l.sku ?? '',
        l.description,
        fmt.qty(l.quantity!),
        fmt.num(l.unitPrice!),
        fmt.num(l.amount),
      ]),
    ],
    ['l', 'l', 'r', 'r', 'r'],
  );
  const width = Math.max(...table.map((t) => t.length));
  return [
    s.party.name,
    ...s.party.address,
    '',
    `${w.title} ${m.number}`,
    `${w.date}: ${fmt.date(m.orderDate)}`,
    `${w.delivery}: ${fmt.date(m.deliveryDate)}`,
    `${w.terms}: ${s.paymentTerms}`,
    '',
    `${w.supplier}:`,
    m.supplier.name,
    ...m.supplier.address,
    '',
    `${w.shipTo}:`,
    ...s.shipTo,
    '',
    ...table,
    ...totalsText(
      fmt,
      totals,
      s.conventions.currency,
      { subtotal: w.subtotal, shipping: w.shipping, tax: w.tax, total: w.total },
      width,
    ),
    '',
  ].join('\n');
}

const STATEMENT_WORDS: Partial<Record<Language, Words>> = {
  en: {
    title: 'Account statement',
    number: 'Statement no.',
    holder: 'Account holder',
    account: 'Account number',
    period: 'Period',
    currency: 'Currency',
    opening: 'Opening balance',
    closing: 'Closing balance',
    date: 'Date',
    desc: 'Details',
    debit: 'Debit',
    credit: 'Credit',
    amount: 'Amount',
    balance: 'Balance',
  },
  de: {
    title: 'Kontoauszug',
    number: 'Auszug Nr.',
    holder: 'Kontoinhaber',
    account: 'Kontonummer',
    period: 'Zeitraum',
    currency: 'Währung',
    opening: 'Alter Kontostand',
    closing: 'Neuer Kontostand',
    date: 'Buchungstag',
    desc: 'Verwendungszweck',
    debit: 'Soll',
    credit: 'Haben',
    amount: 'Betrag',
    balance: 'Saldo',
  },
  fr: {
    title: 'Relevé de compte',
    number: 'Relevé n°',
    holder: 'Titulaire',
    account: 'N° de compte',
    period: 'Période',
    currency: 'Devise',
    opening: 'Solde précédent',
    closing: 'Nouveau solde',
    date: 'Date',
    desc: 'Libellé',
    debit: 'Débit',
    credit: 'Crédit',
    amount: 'Montant',
    balance: 'Solde',
  },
};

export function statementText(m: StatementModel): string {
  const { fmt, issuer: s } = m;
  const w = STATEMENT_WORDS[m.language] ?? STATEMENT_WORDS.en!;
  const signed = s.amounts === 'signed';
  const head = [
    w.date,
    w.desc,
    ...(signed ? [w.amount] : [w.debit, w.credit]),
    ...(s.runningBalance ? [w.balance] : []),
  ];
  const table = textTable(
    [
      head,
      ...m.transactions.map((t) => [
        fmt.date(t.date),
        t.description,
        ...(signed ? [fmt.num(t.amount)] : t.amount < 0 ? [fmt.num(-t.amount), ''] : ['', fmt.num(t.amount)]),
        ...(s.runningBalance ? [fmt.num(t.balance)] : []),
      ]),
    ],
    head.map((_, i) => (i < 2 ? 'l' : 'r')),
  );
  return [
    s.party.name,
    `${w.title}${m.number ? ` - ${w.number} ${m.number}` : ''}`,
    `${w.holder}: ${s.holder.name}`,
    ...(s.iban ? [`IBAN: ${s.iban}`] : []),
    ...(s.accountNumber ? [`${w.account}: ${s.accountNumber}`] : []),
    `${w.period}: ${fmt.date(m.periodStart)} - ${fmt.date(m.periodEnd)}`,
    `${w.currency}: ${s.conventions.currency}`,
    '',
    `${w.opening}: ${fmt.num(m.opening)}`,
    '',
    ...table,
    '',
    `${w.closing}: ${fmt.num(m.closing)}`,
    '',
  ].join('\n');
}
