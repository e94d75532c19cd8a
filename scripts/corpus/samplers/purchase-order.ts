/** Training-corpus purchase orders: buyer and supplier, SKU lines, delivery date and terms. */
import { addDays, isoDay, LEGAL_LINES, lineItems, localParty, pools, round2, vatIdFor } from '../content';
import { COLUMN_LABELS, UNITS } from '../labels/common';
import { INVOICE_LABELS } from '../labels/invoice';
import { PO_LABELS, PO_TERMS } from '../labels/purchase-order';
import { formatRate } from '../locales';
import type { Align, ColumnKind, DocModel, GenOptions, MetaItem, Sample } from '../model';
import { fmt, label, pickLocale, runningSums, sayer } from '../model';
import type { Rng } from '../random';

export function purchaseOrderSample(r: Rng, opts: GenOptions): Sample {
  const ri = opts.issuer ?? r;
  const locale = pickLocale(ri, opts);
  const lang = locale.language;
  const f = fmt(ri, locale);
  const h = opts.heldOut;
  const say = sayer(ri, PO_LABELS, lang, h);
  const pool = pools(ri, lang);
  // The numbering scheme is the issuer's, the number the document's.
  const prefix = ri.pick(['B', 'BE', 'OA', 'BC']);
  const number = ri.pick([
    () => `PO-${r.int(1000, 999999)}`,
    () => `${prefix}${r.int(10000, 99999)}`,
    () => `${r.int(2023, 2025)}-${r.int(100, 9999)}`,
  ])();
  const date = isoDay(r);
  const delivery = addDays(date, r.int(5, 60));
  const buyer = localParty(ri, pool);
  const supplier = localParty(r, pool, r.chance(0.2) ? 3 : 2);
  while (supplier.name === buyer.name) supplier.name = r.pick(pool.companies);
  const terms = r.pick(PO_TERMS[lang]);
  // The supplier's article numbers share one scheme ("ART-20417", "X20417", "20417").
  const skuPrefix = ri.pick(['A', 'B', 'X', 'SKU', 'ART', '']);
  const skuSeparator = skuPrefix ? ri.pick(['-', '']) : '';
  const items = lineItems(r, opts.long ? r.int(28, 40) : r.int(2, 7), pool.products, true).map((i) => ({
    sku: `${skuPrefix}${skuSeparator}${r.int(1000, 99999)}`,
    ...i,
  }));
  const subtotal = round2(items.reduce((a, i) => a + i.amount, 0));
  const rate = ri.pick(locale.vatRates);
  const tax = round2(subtotal * rate);
  const total = round2(subtotal + tax);
  const showCurrency = f.moneyStyle === 'plain' || ri.chance(0.4);
  const meta: MetaItem[] = [
    { key: 'number', label: say('number'), value: number },
    { key: 'date', label: say('date'), value: f.date(date) },
    { key: 'delivery', label: say('delivery'), value: f.date(delivery) },
    { key: 'terms', label: say('terms'), value: terms },
  ];
  if (showCurrency) meta.push({ key: 'currency', label: say('currency'), value: locale.currency });
  const parties: DocModel['parties'] = [
    { label: say('buyer'), party: buyer, role: 'issuer' },
    { label: say('supplier'), party: supplier, role: 'recipient' },
  ];
  // A delivery address apart from the buyer's (a warehouse, a site): not a party of the truth.
  if (ri.chance(0.4)) parties.push({ label: say('shipTo'), party: localParty(r, pool), role: 'other' });
  const withPos = ri.chance(0.3);
  const withUom = ri.chance(0.3);
  const kinds: ColumnKind[] = [
    ...(withPos ? (['pos'] as const) : []),
    'sku',
    'desc',
    'qty',
    ...(withUom ? (['uom'] as const) : []),
    'unitPrice',
    'amount',
  ];
  const header: Record<string, () => string> = {
    pos: () => label(ri, COLUMN_LABELS.pos[lang], h),
    sku: () => say('sku'),
    desc: () => say('desc'),
    qty: () => say('qty'),
    uom: () => label(ri, COLUMN_LABELS.unit[lang], h),
    unitPrice: () => say('unit'),
    amount: () => say('amount'),
  };
  const uom = ri.pick(UNITS[lang]);
  const posStep = ri.pick([1, 10]);
  const cell: Record<string, (i: (typeof items)[number], n: number) => string> = {
    pos: (_, n) => String((n + 1) * posStep),
    sku: (i) => i.sku,
    desc: (i) => i.description,
    qty: (i) => f.qty(i.quantity),
    uom: () => uom,
    unitPrice: (i) => f.money(i.unit_price),
    amount: (i) => f.money(i.amount),
  };
  const model: DocModel = {
    structure: 'purchase_order',
    title: say('title'),
    meta,
    parties,
    table: {
      headers: kinds.map((k) => header[k]()),
      align: kinds.map((k): Align => (k === 'desc' || k === 'sku' || k === 'uom' ? 'l' : 'r')),
      rows: items.map((i, n) => kinds.map((k) => cell[k](i, n))),
      kinds,
      running: runningSums(
        items.map((i) => i.amount),
        f.money,
      ),
    },
    totals: [
      { key: 'subtotal', label: say('subtotal'), value: f.money(subtotal) },
      {
        key: 'tax',
        label: `${say('tax')}${ri.chance(0.4) ? ` ${formatRate(rate, locale, true)}` : ''}`,
        value: f.money(tax),
      },
      { key: 'total', label: say('total'), value: f.money(total) },
    ],
    footer: [
      [buyer.name, ...buyer.address],
      [`${label(ri, INVOICE_LABELS.vat[lang], h)}: ${vatIdFor(ri, locale)}`, ...LEGAL_LINES[lang](ri)],
    ],
    notes: [say('note')],
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
