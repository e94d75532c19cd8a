/**
 * Synthetic documents for the accuracy benchmark: random but realistic content for each seeded
 * structure, with its ground truth, as a layout-independent document model. `layouts.ts` turns a
 * model into HTML in one of several visual styles.
 */

export type StructureKey = 'invoice' | 'receipt' | 'purchase_order' | 'bank_statement';

export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

// ───────────── locales: money and date formats ─────────────

export interface Locale {
  id: string;
  intl: string;
  currency: string;
  symbol: string;
  /** Date styles this locale writes. */
  dates: DateStyle[];
  /** Money styles this locale writes. */
  money: MoneyStyle[];
  language: 'en' | 'de' | 'fr';
}

export type DateStyle =
  | 'iso'
  | 'dmy-dot'
  | 'dmy-slash'
  | 'mdy-slash'
  | 'd-month-y'
  | 'month-d-y'
  | 'dd-mon-yyyy'
  | 'de-long';
export type MoneyStyle = 'symbol-prefix' | 'symbol-suffix' | 'code-prefix' | 'code-suffix' | 'plain';

export const LOCALES: Locale[] = [
  {
    id: 'us',
    intl: 'en-US',
    currency: 'USD',
    symbol: '$',
    dates: ['mdy-slash', 'month-d-y', 'iso'],
    money: ['symbol-prefix', 'code-prefix', 'plain'],
    language: 'en',
  },
  {
    id: 'gb',
    intl: 'en-GB',
    currency: 'GBP',
    symbol: '£',
    dates: ['dmy-slash', 'd-month-y', 'dd-mon-yyyy'],
    money: ['symbol-prefix', 'plain'],
    language: 'en',
  },
  {
    id: 'de',
    intl: 'de-DE',
    currency: 'EUR',
    symbol: '€',
    dates: ['dmy-dot', 'iso', 'de-long'],
    money: ['symbol-suffix', 'code-suffix', 'plain'],
    language: 'de',
  },
  {
    id: 'fr',
    intl: 'fr-FR',
    currency: 'EUR',
    symbol: '€',
    dates: ['dmy-slash', 'd-month-y', 'iso'],
    money: ['symbol-suffix', 'code-suffix'],
    language: 'fr',
  },
  {
    id: 'ch',
    intl: 'de-CH',
    currency: 'CHF',
    symbol: 'CHF',
    dates: ['dmy-dot', 'iso'],
    money: ['code-prefix', 'plain'],
    language: 'de',
  },
  {
    id: 'ie',
    intl: 'en-IE',
    currency: 'EUR',
    symbol: '€',
    dates: ['dmy-slash', 'd-month-y', 'iso'],
    money: ['symbol-prefix', 'code-suffix'],
    language: 'en',
  },
];

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_DE = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
const MONTHS_FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(iso: string, style: DateStyle, locale: Locale): string {
  const [y, m, d] = iso.split('-').map(Number);
  const months = locale.language === 'de' ? MONTHS_DE : locale.language === 'fr' ? MONTHS_FR : MONTHS_EN;
  switch (style) {
    case 'iso':
      return iso;
    case 'dmy-dot':
      return `${pad(d)}.${pad(m)}.${y}`;
    case 'dmy-slash':
      return `${pad(d)}/${pad(m)}/${y}`;
    case 'mdy-slash':
      return `${pad(m)}/${pad(d)}/${y}`;
    case 'd-month-y':
      return `${d} ${months[m - 1]} ${y}`;
    case 'month-d-y':
      return `${MONTHS_EN[m - 1]} ${d}, ${y}`;
    case 'dd-mon-yyyy':
      return `${pad(d)}-${MONTHS_EN[m - 1].slice(0, 3)}-${y}`;
    case 'de-long':
      return `${d}. ${MONTHS_DE[m - 1]} ${y}`;
  }
}

export function formatMoney(value: number, style: MoneyStyle, locale: Locale): string {
  const n = new Intl.NumberFormat(locale.intl, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );
  switch (style) {
    case 'symbol-prefix':
      return locale.symbol.length > 1 ? `${locale.symbol} ${n}` : `${locale.symbol}${n}`;
    case 'symbol-suffix':
      return `${n} ${locale.symbol}`;
    case 'code-prefix':
      return `${locale.currency} ${n}`;
    case 'code-suffix':
      return `${n} ${locale.currency}`;
    case 'plain':
      return n;
  }
}

export function formatQty(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale.intl, { maximumFractionDigits: 2 }).format(value);
}

// ───────────── content pools ─────────────

const COMPANIES = [
  'Acme Widgets GmbH',
  'Globex Corporation',
  'Initech SARL',
  'Umbrella Supplies Ltd',
  'Stark Components Inc.',
  'Wayne Logistics LLC',
  'Hooli Services AG',
  'Vandelay Industries',
  'Soylent Foods BV',
  'Cyberdyne Systems',
  'Pied Piper Software',
  'Tyrell Manufacturing',
  'Nordwind Handels GmbH',
  'Blue Harbor Trading',
  'Lumen Print & Co.',
  'Bergmann Elektro KG',
  'Atelier Dubois',
  'Oakridge Consulting',
  'Kestrel Office Supply',
  'Meridian Labs Ltd',
];
const PEOPLE = [
  'Jane Doe',
  'Max Mustermann',
  'Marie Dupont',
  'John Smith',
  'Erika Musterfrau',
  'Luca Rossi',
  'Aisha Khan',
  'Tom Becker',
];
const STREETS = [
  'Hauptstraße 12',
  '742 Evergreen Terrace',
  '3 rue de la Paix',
  'Bahnhofstrasse 1',
  '221B Baker Street',
  '1600 Amphitheatre Pkwy',
  'Königsallee 27',
  '12 Harbour Road',
  'Via Roma 8',
  '55 Water Street',
];
const CITIES = [
  '10115 Berlin',
  'Springfield, OR 97403',
  '75002 Paris',
  '8001 Zürich',
  'London NW1 6XE',
  'Mountain View, CA 94043',
  '40212 Düsseldorf',
  'Dublin D02 XY45',
  '00184 Roma',
  'New York, NY 10041',
];
const COUNTRIES = ['Germany', 'United States', 'France', 'Switzerland', 'United Kingdom', 'Ireland', 'Italy'];
const PRODUCTS = [
  'Widget, large (blue)',
  'Assembly service',
  'Shipping and handling',
  'Consulting hours',
  'USB-C cable 2 m',
  'Office chair Ergo 200',
  'Printer paper A4 (box)',
  'Annual software licence',
  'Installation on site',
  'Steel bracket M8',
  'LED panel 60x60',
  'Maintenance contract Q2',
  'Design workshop',
  'Laptop stand',
  'Toner cartridge black',
  'Network switch 24-port',
  'Cleaning supplies',
  'Training session (half day)',
  'Replacement filter',
  'Wireless keyboard',
];
const GROCERIES = [
  'Coffee latte',
  'Croissant',
  'Mineral water 0.5l',
  'Sandwich ham & cheese',
  'Orange juice',
  'Bananas 1kg',
  'Bread rye',
  'Milk 1l',
  'Pasta 500g',
  'Tomatoes',
  'Chocolate bar',
  'Cappuccino',
  'Muffin blueberry',
  'Green tea',
];
const TX_DESCRIPTIONS = [
  'Card payment SUPERMARKT 0412',
  'Salary ACME WIDGETS GMBH',
  'Direct debit Stadtwerke',
  'Transfer to J. Doe',
  'ATM withdrawal Hauptbahnhof',
  'Standing order rent',
  'Card payment AMAZON EU',
  'Refund Online Shop',
  'Insurance premium Allianz',
  'Mobile phone contract',
  'Interest credit',
  'Account fee',
  'Transfer from M. Mustermann',
  'Card payment Fuel Station 17',
  'Direct debit Netflix',
];
const BANKS = [
  'Northbridge Bank',
  'Sparkasse Musterstadt',
  'Banque Lumière',
  'First Harbor Savings',
  'Alpenbank AG',
  'Royal Meridian Bank',
];

export interface Party {
  name: string;
  address: string[];
}

function party(r: Rng, lines = 2): Party {
  const address = [r.pick(STREETS), r.pick(CITIES)];
  if (lines > 2) address.push(r.pick(COUNTRIES));
  return { name: r.pick(COMPANIES), address };
}

function isoDay(r: Rng, start = '2023-01-01', spanDays = 700): string {
  const t = Date.parse(`${start}T00:00:00Z`) + r.int(0, spanDays) * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const round2 = (v: number) => Math.round(v * 100) / 100;

// ───────────── the document model ─────────────

export type Align = 'l' | 'r';

/** One field as shown: its label wording and its formatted value; `key` names it for layouts. */
export interface MetaItem {
  key: string;
  label: string;
  value: string;
}

export interface DocModel {
  structure: StructureKey;
  title: string;
  /** Lines at the very top without a label (a receipt's merchant, a statement's bank). */
  letterhead?: string[];
  meta: MetaItem[];
  parties: { label: string; party: Party; extra?: string[] }[];
  table: { headers: string[]; align: Align[]; rows: string[][]; before?: string[][] };
  totals: MetaItem[];
  notes: string[];
  locale: Locale;
}

export interface Sample {
  model: DocModel;
  truth: Record<string, unknown>;
}

/** Label wordings per field; `heldOut` wordings are only used by held-out layouts. */
interface Wordings {
  train: string[];
  heldOut: string[];
}
const w = (train: string[], heldOut: string[] = train): Wordings => ({ train, heldOut });

function label(r: Rng, words: Wordings, heldOut: boolean): string {
  return r.pick(heldOut ? words.heldOut : words.train);
}

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

export interface GenOptions {
  heldOut: boolean;
  /** Number of table rows: small, or enough to run over a page. */
  long: boolean;
  locale?: Locale;
}

function pickLocale(r: Rng, opts: GenOptions, allowed?: string[]): Locale {
  if (opts.locale) return opts.locale;
  const pool = allowed ? LOCALES.filter((l) => allowed.includes(l.id)) : LOCALES;
  return r.pick(pool);
}

function fmt(r: Rng, locale: Locale) {
  const dateStyle = r.pick(locale.dates);
  const moneyStyle = r.pick(locale.money);
  return {
    date: (iso: string) => formatDate(iso, dateStyle, locale),
    money: (v: number) => formatMoney(v, moneyStyle, locale),
    qty: (v: number) => formatQty(v, locale),
    moneyStyle,
  };
}

function lineItems(r: Rng, n: number, pool: string[], wholeQty = true) {
  const items: { description: string; quantity: number; unit_price: number; amount: number }[] = [];
  for (let i = 0; i < n; i++) {
    const quantity = wholeQty || r.chance(0.6) ? r.int(1, 12) : r.int(1, 20) / 2;
    const unit_price = r.chance(0.2)
      ? r.int(1000, 4000) + r.int(0, 99) / 100
      : r.int(2, 400) + r.int(0, 99) / 100;
    const base = pool[(i + r.int(0, pool.length - 1)) % pool.length];
    const description = n > pool.length || r.chance(0.3) ? `${base} ${i + 1}` : base;
    items.push({ description, quantity, unit_price, amount: round2(quantity * unit_price) });
  }
  return items;
}

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

const BANK_LABELS = {
  holder: w(['Account holder', 'Account name'], ['Account owner', 'Prepared for']),
  iban: w(['IBAN'], ['IBAN']),
  account: w(['Account number', 'Account No.'], ['Acct No.', 'Account #']),
  statement: w(['Statement No.', 'Statement number'], ['Statement #']),
  period: w(['Statement period', 'Period'], ['For the period']),
  opening: w(['Opening balance', 'Previous balance'], ['Balance brought forward', 'Beginning balance']),
  closing: w(['Closing balance', 'New balance'], ['Ending balance', 'Balance carried forward']),
  currency: w(['Currency', 'Account currency'], ['Currency']),
  date: w(['Date', 'Booking date'], ['Posting date', 'Value date']),
  desc: w(['Description', 'Details'], ['Transaction details', 'Particulars']),
  debit: w(['Debit', 'Withdrawals', 'Paid out'], ['Money out', 'Debits']),
  credit: w(['Credit', 'Deposits', 'Paid in'], ['Money in', 'Credits']),
  amount: w(['Amount'], ['Amount']),
  balance: w(['Balance'], ['Running balance']),
};

export function bankStatementSample(r: Rng, opts: GenOptions): Sample {
  const L = BANK_LABELS;
  const locale = pickLocale(r, opts, ['us', 'gb', 'de', 'fr', 'ie', 'ch']);
  const f = fmt(r, locale);
  const h = opts.heldOut;
  const bank = r.pick(BANKS);
  const holder = r.pick(PEOPLE);
  const iban = `${r.pick(['DE', 'FR', 'GB', 'IE', 'CH'])}${r.int(10, 99)}${Array.from({ length: 18 }, () => r.int(0, 9)).join('')}`;
  const start = `${isoDay(r).slice(0, 8)}01`;
  const end = addDays(`${addDays(start, 32).slice(0, 8)}01`, -1);
  const n = opts.long ? r.int(35, 50) : r.int(5, 14);
  const opening = round2(r.int(200, 9000) + r.int(0, 99) / 100);
  let balance = opening;
  const signed = r.chance(0.4);
  const txs: Record<string, unknown>[] = [];
  const days = [...Array(n)].map(() => r.int(0, 27)).sort((a, b) => a - b);
  for (let i = 0; i < n; i++) {
    const credit = r.chance(0.3);
    const amount = round2(r.int(3, credit ? 3000 : 600) + r.int(0, 99) / 100);
    balance = round2(balance + (credit ? amount : -amount));
    const tx: Record<string, unknown> = {
      date: addDays(start, days[i]),
      description: r.pick(TX_DESCRIPTIONS),
    };
    if (signed) tx.amount = credit ? amount : -amount;
    else tx[credit ? 'credit' : 'debit'] = amount;
    tx.balance = balance;
    txs.push(tx);
  }
  const showCurrency = f.moneyStyle === 'plain' || r.chance(0.3);
  const periodText = `${f.date(start)} ${r.pick(['–', '-', 'to'])} ${f.date(end)}`;
  const meta: MetaItem[] = [
    { key: 'holder', label: label(r, L.holder, h), value: holder },
    { key: 'iban', label: label(r, L.iban, h), value: iban.replace(/(.{4})/g, '$1 ').trim() },
    { key: 'period', label: label(r, L.period, h), value: periodText },
  ];
  if (showCurrency) meta.push({ key: 'currency', label: label(r, L.currency, h), value: locale.currency });
  const money = (v: number) => f.money(v);
  const headers = signed
    ? [label(r, L.date, h), label(r, L.desc, h), label(r, L.amount, h), label(r, L.balance, h)]
    : [
        label(r, L.date, h),
        label(r, L.desc, h),
        label(r, L.debit, h),
        label(r, L.credit, h),
        label(r, L.balance, h),
      ];
  const rows = txs.map((t) => {
    const date = f.date(t.date as string);
    if (signed) return [date, t.description as string, money(t.amount as number), money(t.balance as number)];
    return [
      date,
      t.description as string,
      t.debit ? money(t.debit as number) : '',
      t.credit ? money(t.credit as number) : '',
      money(t.balance as number),
    ];
  });
  const openingInTable = r.chance(0.5);
  const openingLabel = label(r, L.opening, h);
  const model: DocModel = {
    structure: 'bank_statement',
    title: r.pick(['Account statement', 'STATEMENT OF ACCOUNT', 'Bank statement']),
    letterhead: [bank],
    meta,
    parties: [],
    table: {
      headers,
      align: signed ? ['l', 'l', 'r', 'r'] : ['l', 'l', 'r', 'r', 'r'],
      rows,
      before: openingInTable
        ? [signed ? ['', openingLabel, '', money(opening)] : ['', openingLabel, '', '', money(opening)]]
        : undefined,
    },
    totals: [
      ...(openingInTable ? [] : [{ key: 'opening', label: openingLabel, value: money(opening) }]),
      { key: 'closing', label: label(r, L.closing, h), value: money(balance) },
    ],
    notes: ['Please check this statement and report any discrepancies within 30 days.'],
    locale,
  };
  const truth = {
    bank_name: bank,
    account_holder: holder,
    iban,
    period_start: start,
    period_end: end,
    currency: locale.currency,
    opening_balance: opening,
    closing_balance: balance,
    transactions: txs,
  };
  return { model, truth };
}

export const SAMPLERS: Record<StructureKey, (r: Rng, o: GenOptions) => Sample> = {
  invoice: invoiceSample,
  receipt: receiptSample,
  purchase_order: purchaseOrderSample,
  bank_statement: bankStatementSample,
};
