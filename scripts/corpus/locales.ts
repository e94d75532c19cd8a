/**
 * The locales of the training corpus and how each writes dates, money and quantities. English
 * month names are the review desk's own (lib/review/locale-text.ts).
 */
import { MONTHS as MONTHS_EN } from '@/lib/review/locale-text';

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
