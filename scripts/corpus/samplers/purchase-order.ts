/** Training-corpus purchase orders: buyer and supplier, SKU lines, delivery date and terms. */
import { addDays, COMPANIES, isoDay, lineItems, PRODUCTS, party, round2 } from '../content';
import type { DocModel, GenOptions, MetaItem, Sample } from '../model';
import { fmt, label, pickLocale, w } from '../model';
import type { Rng } from '../random';

const PO_LABELS = {
  number: w(
    ['PO number', 'PO No.', 'Purchase order No.', 'P.O. #'],
    ['Order number', 'Purchase order #', 'PO #'],
  ),
  date: w(['Order date', 'PO date', 'Date'], ['Date of order', 'Issue date']),
  delivery: w(
    ['Delivery date', 'Required by', 'Deliver by'],
    ['Requested delivery', 'Need by', 'Expected delivery'],
  ),
  currency: w(['Currency'], ['Currency']),
  buyer: w(['Buyer', 'Ordered by', 'Purchaser'], ['Bill to', 'Customer']),
  supplier: w(['Supplier', 'Vendor'], ['Seller', 'Order to']),
  terms: w(['Payment terms', 'Terms'], ['Terms of payment']),
  subtotal: w(['Subtotal', 'Net amount'], ['Net total', 'Total net']),
  tax: w(['VAT', 'Tax'], ['Sales tax', 'VAT amount']),
  total: w(['Total', 'Order total', 'Grand total'], ['PO total', 'Total amount']),
  sku: w(['SKU', 'Item No.', 'Part No.'], ['Item #', 'Part number', 'Code']),
  desc: w(['Description', 'Item description'], ['Product', 'Item']),
  qty: w(['Qty', 'Quantity'], ['Units', 'Ordered']),
  unit: w(['Unit price', 'Price'], ['Unit cost', 'Rate']),
  amount: w(['Amount', 'Line total'], ['Extended', 'Total']),
};

export function purchaseOrderSample(r: Rng, opts: GenOptions): Sample {
  const L = PO_LABELS;
  const locale = pickLocale(r, opts);
  const f = fmt(r, locale);
  const h = opts.heldOut;
  const number = `PO-${r.int(1000, 999999)}`;
  const date = isoDay(r);
  const delivery = addDays(date, r.int(5, 60));
  const buyer = party(r);
  const supplier = party(r);
  while (supplier.name === buyer.name) supplier.name = r.pick(COMPANIES);
  const terms = r.pick(['Net 30', 'Net 45 days', '30 days net', '2% 10, net 30', 'Payment in advance']);
  const items = lineItems(r, opts.long ? r.int(28, 40) : r.int(2, 7), PRODUCTS, true).map((i) => ({
    sku: `${r.pick(['A', 'B', 'X', 'SKU'])}-${r.int(1000, 99999)}`,
    ...i,
  }));
  const subtotal = round2(items.reduce((a, i) => a + i.amount, 0));
  const tax = round2(subtotal * r.pick([0.19, 0.2, 0.1, 0.0725]));
  const total = round2(subtotal + tax);
  const showCurrency = f.moneyStyle === 'plain' || r.chance(0.4);
  const meta: MetaItem[] = [
    { key: 'number', label: label(r, L.number, h), value: number },
    { key: 'date', label: label(r, L.date, h), value: f.date(date) },
    { key: 'delivery', label: label(r, L.delivery, h), value: f.date(delivery) },
    { key: 'terms', label: label(r, L.terms, h), value: terms },
  ];
  if (showCurrency) meta.push({ key: 'currency', label: label(r, L.currency, h), value: locale.currency });
  const model: DocModel = {
    structure: 'purchase_order',
    title: r.pick(['PURCHASE ORDER', 'Purchase Order', 'Purchase order']),
    meta,
    parties: [
      { label: label(r, L.buyer, h), party: buyer },
      { label: label(r, L.supplier, h), party: supplier },
    ],
    table: {
      headers: [
        label(r, L.sku, h),
        label(r, L.desc, h),
        label(r, L.qty, h),
        label(r, L.unit, h),
        label(r, L.amount, h),
      ],
      align: ['l', 'l', 'r', 'r', 'r'],
      rows: items.map((i) => [
        i.sku,
        i.description,
        f.qty(i.quantity),
        f.money(i.unit_price),
        f.money(i.amount),
      ]),
    },
    totals: [
      { key: 'subtotal', label: label(r, L.subtotal, h), value: f.money(subtotal) },
      { key: 'tax', label: label(r, L.tax, h), value: f.money(tax) },
      { key: 'total', label: label(r, L.total, h), value: f.money(total) },
    ],
    notes: ['Please confirm this order within 2 business days.'],
    locale,
  };
  const truth = {
    po_number: number,
    order_date: date,
    delivery_date: delivery,
    currency: locale.currency,
    payment_terms: terms,
    buyer: { name: buyer.name, address: buyer.address.join(', ') },
    supplier: { name: supplier.name, address: supplier.address.join(', ') },
    line_items: items,
    subtotal,
    tax,
    total,
  };
  return { model, truth };
}
