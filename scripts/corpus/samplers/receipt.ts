/** Training-corpus receipts: a merchant letterhead, grocery lines, tax, an optional tip, the payment. */
import { CITIES, GROCERIES, isoDay, lineItems, round2, STREETS } from '../content';
import type { DocModel, GenOptions, MetaItem, Sample } from '../model';
import { fmt, label, pickLocale, w } from '../model';
import type { Rng } from '../random';

const RECEIPT_LABELS = {
  number: w(['Receipt No.', 'Receipt #', 'Transaction #'], ['Trans. #', 'Ticket No.', 'Check #']),
  date: w(['Date', 'Purchase date'], ['Transaction date', 'Sale date']),
  subtotal: w(['Subtotal', 'Sub-total'], ['Net', 'Sub total']),
  tax: w(['Tax', 'VAT'], ['Sales tax', 'GST']),
  tip: w(['Tip', 'Gratuity'], ['Service charge']),
  total: w(['Total', 'TOTAL', 'Amount paid'], ['Total paid', 'To pay', 'Grand total']),
  payment: w(['Payment', 'Paid by', 'Payment method'], ['Tender', 'Paid with']),
  desc: w(['Item', 'Description'], ['Article', 'Product']),
  qty: w(['Qty', 'Quantity'], ['Qty.', 'Pcs']),
  unit: w(['Price', 'Unit price'], ['Each', 'Unit']),
  amount: w(['Amount', 'Total'], ['Sum', 'Line total']),
};

const PAYMENTS: Record<string, string[]> = {
  cash: ['Cash', 'CASH'],
  card: ['Visa', 'Mastercard', 'Card', 'Debit card', 'Credit card'],
  mobile: ['Apple Pay', 'Google Pay'],
};

export function receiptSample(r: Rng, opts: GenOptions): Sample {
  const L = RECEIPT_LABELS;
  const locale = pickLocale(r, opts);
  const f = fmt(r, locale);
  const h = opts.heldOut;
  const merchant = {
    name: r.pick([
      'Café Central',
      'Corner Market',
      'Bäckerei Schmidt',
      'Green Leaf Grocery',
      'The Daily Grind',
      'Marché Lumière',
      'Harbor Deli',
    ]),
    address: [r.pick(STREETS), r.pick(CITIES)],
  };
  const number = `${r.int(1000, 999999)}`;
  const date = isoDay(r);
  const items = lineItems(r, r.int(2, 8), GROCERIES, true).map((i) => ({
    ...i,
    quantity: r.int(1, 3),
    unit_price: r.int(1, 12) + r.pick([0, 0.5, 0.2, 0.99, 0.45]),
  }));
  for (const i of items) i.amount = round2(i.quantity * i.unit_price);
  const subtotal = round2(items.reduce((a, i) => a + i.amount, 0));
  const tax = round2(subtotal * r.pick([0.07, 0.19, 0.08, 0.2]));
  const showTip = r.chance(0.3);
  const tip = showTip ? r.int(1, 5) : 0;
  const total = round2(subtotal + tax + tip);
  const paymentKind = r.pick(Object.keys(PAYMENTS));
  const totals: MetaItem[] = [
    { key: 'subtotal', label: label(r, L.subtotal, h), value: f.money(subtotal) },
    { key: 'tax', label: label(r, L.tax, h), value: f.money(tax) },
  ];
  if (showTip) totals.push({ key: 'tip', label: label(r, L.tip, h), value: f.money(tip) });
  // With bare amounts, receipts name the currency at the total ("Total EUR").
  const totalLabel = label(r, L.total, h) + (f.moneyStyle === 'plain' ? ` ${locale.currency}` : '');
  totals.push({ key: 'total', label: totalLabel, value: f.money(total) });
  totals.push({ key: 'payment', label: label(r, L.payment, h), value: r.pick(PAYMENTS[paymentKind]) });
  const model: DocModel = {
    structure: 'receipt',
    title: r.pick(['RECEIPT', 'Receipt', 'Sales receipt']),
    letterhead: [merchant.name, ...merchant.address],
    meta: [
      { key: 'number', label: label(r, L.number, h), value: number },
      { key: 'date', label: label(r, L.date, h), value: f.date(date) },
    ],
    parties: [],
    table: {
      headers: [label(r, L.desc, h), label(r, L.qty, h), label(r, L.unit, h), label(r, L.amount, h)],
      align: ['l', 'r', 'r', 'r'],
      rows: items.map((i) => [i.description, String(i.quantity), f.money(i.unit_price), f.money(i.amount)]),
    },
    totals,
    notes: ['Thank you for shopping with us!'],
    locale,
  };
  const truth: Record<string, unknown> = {
    merchant: { name: merchant.name, address: merchant.address.join(', ') },
    receipt_number: number,
    date,
    currency: locale.currency,
    line_items: items,
    subtotal,
    tax,
    total,
    payment_method: paymentKind,
  };
  if (showTip) truth.tip = tip;
  return { model, truth };
}
