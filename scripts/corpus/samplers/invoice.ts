/** Training-corpus invoices: seller and buyer, items, VAT, with label wordings per split. */
import { addDays, COMPANIES, isoDay, lineItems, PRODUCTS, party, round2 } from '../content';
import type { DocModel, GenOptions, MetaItem, Sample } from '../model';
import { fmt, label, pickLocale, w } from '../model';
import type { Rng } from '../random';

const INVOICE_LABELS = {
  number: w(
    ['Invoice No.', 'Invoice #', 'Invoice number', 'Invoice Nr'],
    ['Inv. No.', 'Invoice ID', 'Bill number'],
  ),
  issue: w(
    ['Invoice date', 'Date', 'Date of issue', 'Issue date'],
    ['Billing date', 'Issued on', 'Date issued'],
  ),
  due: w(['Due date', 'Payment due', 'Due by'], ['Pay by', 'Date due', 'Payable by']),
  currency: w(['Currency'], ['Currency code']),
  seller: w(['From', 'Seller', 'Vendor', 'Supplier'], ['Issued by', 'Billed by', 'Sold by']),
  buyer: w(['Bill to', 'Billed to', 'Customer', 'Sold to'], ['Invoice to', 'Client', 'Buyer']),
  vat: w(['VAT ID', 'VAT No.', 'Tax ID'], ['VAT number', 'VAT Reg No']),
  subtotal: w(['Subtotal', 'Net amount', 'Sub-total'], ['Net total', 'Total excl. VAT']),
  tax: w(['VAT', 'Tax', 'Sales tax'], ['VAT amount', 'Tax amount', 'GST']),
  total: w(
    ['Total', 'Total due', 'Amount due', 'Grand total'],
    ['Balance due', 'Invoice total', 'Total amount due'],
  ),
  desc: w(['Description', 'Item', 'Service'], ['Item description', 'Product', 'Details']),
  qty: w(['Qty', 'Quantity', 'Hours'], ['Units', 'Qty.']),
  unit: w(['Unit price', 'Price', 'Rate'], ['Unit cost', 'Price per unit']),
  amount: w(['Amount', 'Total', 'Line total'], ['Amount', 'Line total', 'Net']),
};

export function invoiceSample(r: Rng, opts: GenOptions): Sample {
  const L = INVOICE_LABELS;
  const locale = pickLocale(r, opts);
  const f = fmt(r, locale);
  const h = opts.heldOut;
  const number = `${r.pick(['INV', 'RE', 'F', '2024'])}-${r.int(100, 99999)}`;
  const issue = isoDay(r);
  const due = addDays(issue, r.pick([14, 30, 45, 60]));
  const seller = party(r, r.chance(0.3) ? 3 : 2);
  const buyer = party(r);
  while (buyer.name === seller.name) buyer.name = r.pick(COMPANIES);
  const vatId = `${r.pick(['DE', 'FR', 'GB', 'IE', 'CHE'])}${r.int(100000000, 999999999)}`;
  const items = lineItems(r, opts.long ? r.int(28, 40) : r.int(1, 6), PRODUCTS, r.chance(0.7));
  const subtotal = round2(items.reduce((a, i) => a + i.amount, 0));
  const rate = r.pick([0.19, 0.2, 0.07, 0.1, 0.081, 0.23]);
  const tax = round2(subtotal * rate);
  const total = round2(subtotal + tax);
  const showCurrency = f.moneyStyle === 'plain' || r.chance(0.3);
  const showDue = r.chance(0.8);
  const showVat = r.chance(0.7);

  const meta: MetaItem[] = [
    { key: 'number', label: label(r, L.number, h), value: number },
    { key: 'issue', label: label(r, L.issue, h), value: f.date(issue) },
  ];
  if (showDue) meta.push({ key: 'due', label: label(r, L.due, h), value: f.date(due) });
  if (showCurrency) meta.push({ key: 'currency', label: label(r, L.currency, h), value: locale.currency });
  const sellerExtra = showVat ? [`${label(r, L.vat, h)}: ${vatId}`] : undefined;
  const amountHeader = label(r, L.amount, h);
  const model: DocModel = {
    structure: 'invoice',
    title: r.pick(['INVOICE', 'Invoice', 'Tax invoice', 'INVOICE']),
    meta,
    parties: [
      { label: label(r, L.seller, h), party: seller, extra: sellerExtra },
      { label: label(r, L.buyer, h), party: buyer },
    ],
    table: {
      headers: [label(r, L.desc, h), label(r, L.qty, h), label(r, L.unit, h), amountHeader],
      align: ['l', 'r', 'r', 'r'],
      rows: items.map((i) => [i.description, f.qty(i.quantity), f.money(i.unit_price), f.money(i.amount)]),
    },
    totals: [
      { key: 'subtotal', label: label(r, L.subtotal, h), value: f.money(subtotal) },
      {
        key: 'tax',
        label: `${label(r, L.tax, h)}${r.chance(0.5) ? ` ${Math.round(rate * 1000) / 10}%` : ''}`,
        value: f.money(tax),
      },
      { key: 'total', label: label(r, L.total, h), value: f.money(total) },
    ],
    notes: [
      r.pick([
        'Payment within 30 days. Thank you for your business.',
        'Please quote the invoice number with your payment.',
        'Bank transfer to the account below.',
      ]),
    ],
    locale,
  };
  const truth: Record<string, unknown> = {
    invoice_number: number,
    issue_date: issue,
    currency: locale.currency,
    seller: { name: seller.name, address: seller.address.join(', '), ...(showVat ? { vat_id: vatId } : {}) },
    buyer: { name: buyer.name, address: buyer.address.join(', ') },
    line_items: items,
    subtotal,
    tax,
    total,
  };
  if (showDue) truth.due_date = due;
  return { model, truth };
}
