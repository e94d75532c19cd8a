/** Training-corpus receipts: a merchant letterhead, till lines, tax, an optional tip, the tender. */
import { isoDay, pools, round2, vatIdFor } from '../content';
import { INVOICE_LABELS } from '../labels/invoice';
import { RECEIPT_LABELS, TENDER } from '../labels/receipt';
import { formatRate } from '../locales';
import type { DocModel, GenOptions, MetaItem, Sample } from '../model';
import { fmt, label, pickLocale, sayer } from '../model';
import type { Rng } from '../random';

export function receiptSample(r: Rng, opts: GenOptions): Sample {
  const ri = opts.issuer ?? r;
  const locale = pickLocale(ri, opts);
  const lang = locale.language;
  const f = fmt(ri, locale);
  const h = opts.heldOut;
  const say = sayer(ri, RECEIPT_LABELS, lang, h);
  const pool = pools(ri, lang);
  const merchant = { name: ri.pick(pool.merchants), address: [ri.pick(pool.streets), ri.pick(pool.cities)] };
  // The numbering scheme is the merchant's, the number the receipt's.
  const number = ri.pick([
    () => `${r.int(1000, 999999)}`,
    () => `${r.int(1, 9)}/${r.int(1000, 9999)}`,
    () => `${r.int(1000, 9999)}-${r.int(100, 999)}`,
  ])();
  const date = isoDay(r);
  // Tills print one unit without a quantity; "mixed" shows quantity and unit price only above one.
  const qtyMode = ri.pick(['all', 'all', 'mixed'] as const);
  const items = Array.from({ length: r.int(2, 8) }, (_, i) => {
    const quantity = r.chance(0.6) ? 1 : r.int(2, 4);
    const unit_price = round2(r.int(1, 12) + r.pick([0, 0.5, 0.2, 0.99, 0.45]));
    const base = pool.groceries[(i + r.int(0, pool.groceries.length - 1)) % pool.groceries.length];
    return { description: base, quantity, unit_price, amount: round2(quantity * unit_price) };
  });
  const subtotal = round2(items.reduce((a, i) => a + i.amount, 0));
  const rate = ri.pick(locale.vatRates);
  const tax = round2(subtotal * rate);
  const showTip = ri.chance(0.2);
  const tip = showTip ? r.int(1, 5) : 0;
  const total = round2(subtotal + tax + tip);
  const paymentKind = r.pick(['cash', 'card', 'card', 'mobile'] as const);
  const totals: MetaItem[] = [
    { key: 'subtotal', label: say('subtotal'), value: f.money(subtotal) },
    {
      key: 'tax',
      label: `${say('tax')}${ri.chance(0.5) ? ` ${formatRate(rate, locale, ri.chance(0.5))}` : ''}`,
      value: f.money(tax),
    },
  ];
  if (showTip) totals.push({ key: 'tip', label: say('tip'), value: f.money(tip) });
  // With bare amounts, receipts name the currency at the total ("Total EUR").
  const totalLabel = say('total') + (f.moneyStyle === 'plain' ? ` ${locale.currency}` : '');
  totals.push({ key: 'total', label: totalLabel, value: f.money(total) });
  totals.push({ key: 'payment', label: say('payment'), value: r.pick(TENDER[lang][paymentKind]) });
  const time = `${String(r.int(7, 21)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}`;
  const withTime = ri.chance(0.6);
  const showVatId = ri.chance(0.4);
  const vatId = vatIdFor(ri, locale);
  const vatSummary = ri.chance(0.5)
    ? [
        [say('vatRate'), say('net'), say('tax'), say('gross')],
        [formatRate(rate, locale, true), f.money(subtotal), f.money(tax), f.money(round2(subtotal + tax))],
      ]
    : undefined;
  const model: DocModel = {
    structure: 'receipt',
    title: say('title'),
    letterhead: [
      merchant.name,
      ...merchant.address,
      ...(showVatId ? [`${label(ri, INVOICE_LABELS.vat[lang], h)}: ${vatId}`] : []),
    ],
    meta: [
      { key: 'number', label: say('number'), value: number },
      { key: 'date', label: say('date'), value: withTime ? `${f.date(date)} ${time}` : f.date(date) },
    ],
    parties: [],
    table: {
      headers: [say('desc'), say('qty'), say('unit'), say('amount')],
      align: ['l', 'r', 'r', 'r'],
      kinds: ['desc', 'qty', 'unitPrice', 'amount'],
      rows: items.map((i) => {
        const bare = qtyMode === 'mixed' && i.quantity === 1;
        return [
          i.description,
          bare ? '' : String(i.quantity),
          bare ? '' : f.money(i.unit_price),
          f.money(i.amount),
        ];
      }),
    },
    totals,
    vatSummary,
    notes: [say('note')],
    locale,
  };
  const truth: Record<string, unknown> = {
    merchant: {
      name: merchant.name,
      address: merchant.address.join(', '),
      ...(showVatId ? { vat_id: vatId } : {}),
    },
    receipt_number: number,
    date,
    currency: locale.currency,
    line_items: items.map((i) =>
      qtyMode === 'mixed' && i.quantity === 1 ? { description: i.description, amount: i.amount } : i,
    ),
    subtotal,
    tax,
    total,
    payment_method: paymentKind,
  };
  if (showTip) truth.tip = tip;
  return { model, truth };
}
