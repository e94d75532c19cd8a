/** Content pools of the training corpus (companies, people, addresses, items) and draws from them. */
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
