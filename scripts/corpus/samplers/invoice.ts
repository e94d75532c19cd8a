/** Training-corpus invoices: seller and buyer, items, VAT, labelled in the document's language. */
import {
  addDays,
  ibanFor,
  isoDay,
  LEGAL_LINES,
  lineItems,
  localParty,
  pools,
  round2,
  vatIdFor,
} from '../content';
import { COLUMN_LABELS, UNITS } from '../labels/common';
import { INVOICE_LABELS } from '../labels/invoice';
import { formatRate } from '../locales';
import type { Align, ColumnKind, DocModel, GenOptions, MetaItem, Sample } from '../model';
import { fmt, label, pickLocale, runningSums, sayer } from '../model';
import type { Rng } from '../random';

export function invoiceSample(r: Rng, opts: GenOptions): Sample {
  const ri = opts.issuer ?? r;
  const locale = pickLocale(ri, opts);
  const lang = locale.language;
  const f = fmt(ri, locale);
  const h = opts.heldOut;
  const say = sayer(ri, INVOICE_LABELS, lang, h);
  const pool = pools(ri, lang);
  // The numbering scheme is the issuer's, the number the document's.
  const prefix = ri.pick(['INV', 'RE', 'F', 'FA', 'FT']);
  const series = `${ri.pick(['A', 'FT 2024', 'R'])}${ri.pick(['/', '-', ' '])}`;
  const number = ri.pick([
    () => `${prefix}-${r.int(100, 99999)}`,
    () => `${r.int(2023, 2025)}/${String(r.int(1, 9999)).padStart(4, '0')}`,
    () => `${series}${r.int(100, 9999)}`,
  ])();
  const issue = isoDay(r);
  const due = addDays(issue, r.pick([14, 30, 45, 60]));
  const seller = localParty(ri, pool, ri.chance(0.3) ? 3 : 2);
  const buyer = localParty(r, pool, r.chance(0.2) ? 3 : 2);
  while (buyer.name === seller.name) buyer.name = r.pick(pool.companies);
  const vatId = vatIdFor(ri, locale);
  const items = lineItems(r, opts.long ? r.int(28, 40) : r.int(1, 6), pool.products, r.chance(0.7));
  const subtotal = round2(items.reduce((a, i) => a + i.amount, 0));
  const rate = ri.pick(locale.vatRates);
  const tax = round2(subtotal * rate);
  const total = round2(subtotal + tax);
  const showCurrency = f.moneyStyle === 'plain' || ri.chance(0.3);
  const showDue = ri.chance(0.8);
  const showVat = ri.chance(0.7);
  const rateText = formatRate(rate, locale, ri.chance(0.5));

  const meta: MetaItem[] = [
    { key: 'number', label: say('number'), value: number },
    { key: 'issue', label: say('issue'), value: f.date(issue) },
  ];
  if (showDue) meta.push({ key: 'due', label: say('due'), value: f.date(due) });
  if (showCurrency) meta.push({ key: 'currency', label: say('currency'), value: locale.currency });
  const vatLine = `${say('vat')}: ${vatId}`;
  const parties: DocModel['parties'] = [
    { label: say('seller'), party: seller, extra: showVat ? [vatLine] : undefined, role: 'issuer' },
    { label: say('buyer'), party: buyer, role: 'recipient' },
  ];
  if (ri.chance(0.15)) parties.push({ label: say('shipTo'), party: localParty(r, pool), role: 'other' });

  // Optional columns real invoices carry: a position number, a unit of measure, the VAT rate.
  const withPos = ri.chance(0.35);
  const withUom = ri.chance(0.25);
  const withRate = ri.chance(0.2);
  const kinds: ColumnKind[] = [
    ...(withPos ? (['pos'] as const) : []),
    'desc',
    'qty',
    ...(withUom ? (['uom'] as const) : []),
    'unitPrice',
    ...(withRate ? (['vatRate'] as const) : []),
    'amount',
  ];
  const header: Record<string, () => string> = {
    pos: () => label(ri, COLUMN_LABELS.pos[lang], h),
    desc: () => say('desc'),
    qty: () => say('qty'),
    uom: () => label(ri, COLUMN_LABELS.unit[lang], h),
    unitPrice: () => say('unit'),
    vatRate: () => label(ri, COLUMN_LABELS.vatRate[lang], h),
    amount: () => say('amount'),
  };
  const uom = ri.pick(UNITS[lang]);
  const cell: Record<string, (i: (typeof items)[number], n: number) => string> = {
    pos: (_, n) => String(n + 1),
    desc: (i) => i.description,
    qty: (i) => f.qty(i.quantity),
    uom: () => uom,
    unitPrice: (i) => f.money(i.unit_price),
    vatRate: () => rateText,
    amount: (i) => f.money(i.amount),
  };
  const model: DocModel = {
    structure: 'invoice',
    title: say('title'),
    meta,
    parties,
    table: {
      headers: kinds.map((k) => header[k]()),
      align: kinds.map((k): Align => (k === 'desc' || k === 'uom' ? 'l' : 'r')),
      rows: items.map((i, n) => kinds.map((k) => cell[k](i, n))),
      kinds,
      running: runningSums(
        items.map((i) => i.amount),
        f.money,
      ),
    },
    totals: [
      { key: 'subtotal', label: say('subtotal'), value: f.money(subtotal) },
      { key: 'tax', label: `${say('tax')}${ri.chance(0.6) ? ` ${rateText}` : ''}`, value: f.money(tax) },
      { key: 'total', label: say('total'), value: f.money(total) },
    ],
    footer: [
      [seller.name, ...seller.address],
      [...(showVat ? [vatLine] : []), ...LEGAL_LINES[lang](ri)],
      [
        `IBAN ${ibanFor(ri, locale)
          .replace(/(.{4})/g, '$1 ')
          .trim()}`,
        `BIC ${ri.pick(['COBADEFFXXX', 'BNPAFRPPXXX', 'INGBNL2A', 'BCOMPTPL', 'UNCRITMM'])}`,
      ],
    ],
    notes: [say('note')],
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
