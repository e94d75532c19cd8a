/** Content pools of the training corpus (companies, people, addresses, items) and draws from them. */
import { LOCAL } from './content-local';
import type { Language, Locale } from './locales';
import type { Rng } from './random';

export const COMPANIES = [
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
export const PEOPLE = [
  'Jane Doe',
  'Max Mustermann',
  'Marie Dupont',
  'John Smith',
  'Erika Musterfrau',
  'Luca Rossi',
  'Aisha Khan',
  'Tom Becker',
];
export const STREETS = [
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
export const CITIES = [
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
export const PRODUCTS = [
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
export const GROCERIES = [
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
export const TX_DESCRIPTIONS = [
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
export const BANKS = [
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

export function party(r: Rng, lines = 2): Party {
  const address = [r.pick(STREETS), r.pick(CITIES)];
  if (lines > 2) address.push(r.pick(COUNTRIES));
  return { name: r.pick(COMPANIES), address };
}

export function isoDay(r: Rng, start = '2023-01-01', spanDays = 700): string {
  const t = Date.parse(`${start}T00:00:00Z`) + r.int(0, spanDays) * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
export const round2 = (v: number) => Math.round(v * 100) / 100;
export function lineItems(r: Rng, n: number, pool: string[], wholeQty = true) {
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

/** Content of the document's language (three times in four) or the English pools. */
export function pools(r: Rng, language: Language) {
  const local = LOCAL[language];
  const own = local && r.chance(0.75);
  return {
    companies: own ? local.companies : COMPANIES,
    streets: own ? local.streets : STREETS,
    cities: own ? local.cities : CITIES,
    country: own ? local.country : r.pick(COUNTRIES),
    products: local ? local.products : PRODUCTS,
    groceries: local ? local.groceries : GROCERIES,
    merchants: local
      ? local.merchants
      : ['Café Central', 'Corner Market', 'Green Leaf Grocery', 'The Daily Grind', 'Harbor Deli'],
    banks: own ? local.banks : BANKS,
    people: own ? local.people : PEOPLE,
    transactions: local ? local.transactions : TX_DESCRIPTIONS,
  };
}

export function localParty(r: Rng, pool: ReturnType<typeof pools>, lines = 2): Party {
  const address = [r.pick(pool.streets), r.pick(pool.cities)];
  if (lines > 2) address.push(pool.country);
  return { name: r.pick(pool.companies), address };
}

const digits = (r: Rng, n: number) => Array.from({ length: n }, () => r.int(0, 9)).join('');

/** A VAT number in the format of the locale's country. */
export function vatIdFor(r: Rng, locale: Locale): string {
  switch (locale.id) {
    case 'de':
      return `DE${digits(r, 9)}`;
    case 'fr':
      return `FR${digits(r, 11)}`;
    case 'es':
      return `ES${r.pick(['B', 'A'])}${digits(r, 8)}`;
    case 'it':
      return `IT${digits(r, 11)}`;
    case 'nl':
      return `NL${digits(r, 9)}B01`;
    case 'pt':
      return `PT${digits(r, 9)}`;
    case 'br':
      return `${digits(r, 2)}.${digits(r, 3)}.${digits(r, 3)}/0001-${digits(r, 2)}`;
    case 'ch':
      return `CHE${digits(r, 9)}`;
    case 'ie':
      return `IE${digits(r, 7)}${r.pick(['A', 'W', 'H'])}`;
    default:
      return `${r.pick(['GB', 'DE', 'FR'])}${digits(r, 9)}`;
  }
}

/** An IBAN of the locale's country, its check digits right (the engine checks them, as banks do). */
export function ibanFor(r: Rng, locale: Locale): string {
  const drawn = drawIban(r, locale);
  return withCheckDigits(drawn.slice(0, 2), drawn.slice(4));
}

/** ISO 13616: the two digits that make the IBAN's number modulo 97 equal 1. */
function withCheckDigits(country: string, bban: string): string {
  let rest = 0;
  for (const ch of `${bban}${country}00`) {
    for (const d of ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch) rest = (rest * 10 + Number(d)) % 97;
  }
  return `${country}${String(98 - rest).padStart(2, '0')}${bban}`;
}

/** The country, two placeholder digits (drawn, so the draws after them stay as they were) and the account. */
function drawIban(r: Rng, locale: Locale): string {
  const cc = {
    de: 'DE',
    fr: 'FR',
    es: 'ES',
    it: 'IT',
    nl: 'NL',
    pt: 'PT',
    ch: 'CH',
    ie: 'IE',
    gb: 'GB',
    br: 'BR',
  }[locale.id];
  const country = cc ?? r.pick(['DE', 'FR', 'GB', 'IE', 'CH']);
  if (country === 'NL') return `NL${r.int(10, 99)}${r.pick(['ABNA', 'INGB', 'RABO'])}${digits(r, 10)}`;
  if (country === 'GB') return `GB${r.int(10, 99)}${r.pick(['NWBK', 'BARC'])}${digits(r, 14)}`;
  if (country === 'IT') return `IT${r.int(10, 99)}X${digits(r, 22)}`;
  const len = { DE: 18, FR: 23, ES: 20, PT: 21, CH: 17, IE: 18, BR: 25 }[country] ?? 18;
  return `${country}${r.int(10, 99)}${digits(r, len)}`;
}

/** Register and management lines of a company's small print, in the document's language. */
export const LEGAL_LINES: Record<Language, (r: Rng) => string[]> = {
  en: (r) => [`Company No. ${digits(r, 8)}`, `Registered in England & Wales`],
  de: (r) => [
    `Amtsgericht ${r.pick(['München', 'Hamburg', 'Köln'])} HRB ${digits(r, 5)}`,
    `Geschäftsführer: ${r.pick(['Max Mustermann', 'Jonas Becker'])}`,
  ],
  fr: (r) => [
    `SIRET ${digits(r, 14)}`,
    `RCS ${r.pick(['Paris', 'Lyon'])} B ${digits(r, 9)}`,
    `Capital de ${r.pick(['10 000', '50 000'])} €`,
  ],
  es: (r) => [
    `Inscrita en el Registro Mercantil de ${r.pick(['Madrid', 'Barcelona'])}, Tomo ${digits(r, 4)}, Folio ${digits(r, 3)}`,
  ],
  it: (r) => [
    `REA ${r.pick(['MI', 'RM', 'TO'])}-${digits(r, 6)}`,
    `Cap. soc. € ${r.pick(['10.000,00', '50.000,00'])} i.v.`,
  ],
  nl: (r) => [`KvK ${digits(r, 8)}`, `Statutair gevestigd te ${r.pick(['Amsterdam', 'Utrecht'])}`],
  pt: (r) => [
    `Conservatória do Registo Comercial de ${r.pick(['Lisboa', 'Porto'])}`,
    `Capital social ${r.pick(['5.000', '50.000'])} €`,
  ],
};

/** Booking texts of money coming in (salary, refunds): a statement books them as credits. */
export const INCOMING = new Set([
  'Salary ACME WIDGETS GMBH',
  'Refund Online Shop',
  'Interest credit',
  'Transfer from M. Mustermann',
  'Gehalt Muster GmbH',
  'Gutschrift Erstattung',
  'Virement salaire',
  'Virement reçu M. Martin',
  'Remboursement',
  'Nómina',
  'Bizum recibido',
  'Devolución compra',
  'Stipendio',
  'Bonifico ricevuto',
  'Storno pagamento',
  'Salaris',
  'Tikkie ontvangen',
  'Terugboeking',
  'Vencimento',
  'MB WAY recebido',
  'Reembolso',
]);
