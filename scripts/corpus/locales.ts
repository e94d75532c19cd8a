/**
 * The locales of the training corpus and how each writes dates, money and quantities. English
 * month names are the review desk's own (lib/review/locale-text.ts); the others are in `MONTHS`.
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
  language: Language;
  /** Group thousands even in four-digit amounts (es/it/pt write "1.234,56" on invoices). */
  groupAlways?: boolean;
  /** VAT (or sales tax) rates used in this country. */
  vatRates: number[];
}

export type Language = 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'pt';

export type DateStyle =
  | 'iso'
  | 'dmy-dot'
  | 'dmy-slash'
  | 'mdy-slash'
  | 'd-month-y'
  | 'month-d-y'
  | 'dd-mon-yyyy'
  | 'de-long'
  | 'dmy-dash'
  | 'd-de-month-de-y'
  | 'dd-mon-local';
export type MoneyStyle =
  | 'symbol-prefix'
  | 'symbol-prefix-space'
  | 'symbol-suffix'
  | 'code-prefix'
  | 'code-suffix'
  | 'plain';

export const LOCALES: Locale[] = [
  {
    id: 'us',
    vatRates: [0.0725, 0.08, 0.06],
    intl: 'en-US',
    currency: 'USD',
    symbol: '$',
    dates: ['mdy-slash', 'month-d-y', 'iso'],
    money: ['symbol-prefix', 'code-prefix', 'plain'],
    language: 'en',
  },
  {
    id: 'gb',
    vatRates: [0.2],
    intl: 'en-GB',
    currency: 'GBP',
    symbol: '£',
    dates: ['dmy-slash', 'd-month-y', 'dd-mon-yyyy'],
    money: ['symbol-prefix', 'plain'],
    language: 'en',
  },
  {
    id: 'de',
    vatRates: [0.19, 0.07],
    intl: 'de-DE',
    currency: 'EUR',
    symbol: '€',
    dates: ['dmy-dot', 'iso', 'de-long'],
    money: ['symbol-suffix', 'code-suffix', 'plain'],
    language: 'de',
  },
  {
    id: 'fr',
    vatRates: [0.2, 0.1, 0.055],
    intl: 'fr-FR',
    currency: 'EUR',
    symbol: '€',
    dates: ['dmy-slash', 'd-month-y', 'iso'],
    money: ['symbol-suffix', 'code-suffix'],
    language: 'fr',
  },
  {
    id: 'ch',
    vatRates: [0.081, 0.026],
    intl: 'de-CH',
    currency: 'CHF',
    symbol: 'CHF',
    dates: ['dmy-dot', 'iso'],
    money: ['code-prefix', 'plain'],
    language: 'de',
  },
  {
    id: 'ie',
    vatRates: [0.23, 0.135],
    intl: 'en-IE',
    currency: 'EUR',
    symbol: '€',
    dates: ['dmy-slash', 'd-month-y', 'iso'],
    money: ['symbol-prefix', 'code-suffix'],
    language: 'en',
  },
  {
    id: 'es',
    vatRates: [0.21, 0.1],
    intl: 'es-ES',
    currency: 'EUR',
    symbol: '€',
    dates: ['dmy-slash', 'dmy-dash', 'd-de-month-de-y'],
    money: ['symbol-suffix', 'code-suffix', 'plain'],
    language: 'es',
    groupAlways: true,
  },
  {
    id: 'it',
    vatRates: [0.22, 0.1],
    intl: 'it-IT',
    currency: 'EUR',
    symbol: '€',
    dates: ['dmy-slash', 'dmy-dash', 'd-month-y', 'dmy-dot'],
    money: ['symbol-prefix-space', 'symbol-suffix', 'code-prefix'],
    language: 'it',
    groupAlways: true,
  },
  {
    id: 'nl',
    vatRates: [0.21, 0.09],
    intl: 'nl-NL',
    currency: 'EUR',
    symbol: '€',
    dates: ['dmy-dash', 'd-month-y', 'dd-mon-local'],
    money: ['symbol-prefix-space', 'code-prefix', 'plain'],
    language: 'nl',
  },
  {
    id: 'pt',
    vatRates: [0.23, 0.13],
    intl: 'pt-PT',
    currency: 'EUR',
    symbol: '€',
    dates: ['dmy-slash', 'dmy-dash', 'd-de-month-de-y', 'iso'],
    money: ['symbol-suffix', 'code-suffix', 'plain'],
    language: 'pt',
    groupAlways: true,
  },
  {
    id: 'br',
    vatRates: [0.18, 0.12],
    intl: 'pt-BR',
    currency: 'BRL',
    symbol: 'R$',
    dates: ['dmy-slash', 'd-de-month-de-y'],
    money: ['symbol-prefix', 'code-prefix'],
    language: 'pt',
  },
];

const MONTHS: Record<Language, readonly string[]> = {
  en: MONTHS_EN,
  de: [
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
  ],
  fr: [
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
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  it: [
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ],
  nl: [
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ],
  pt: [
    'janeiro',
    'fevereiro',
    'março',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ],
};

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(iso: string, style: DateStyle, locale: Locale): string {
  const [y, m, d] = iso.split('-').map(Number);
  const months = MONTHS[locale.language];
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
      return `${d}. ${MONTHS.de[m - 1]} ${y}`;
    case 'dmy-dash':
      return `${pad(d)}-${pad(m)}-${y}`;
    case 'd-de-month-de-y':
      return `${d} de ${months[m - 1]} de ${y}`;
    case 'dd-mon-local':
      // Dutch banks and tills: "05 mrt 2026" (month cut to three letters, "mrt" for maart).
      return `${pad(d)} ${m === 3 && locale.language === 'nl' ? 'mrt' : months[m - 1].slice(0, 3)} ${y}`;
  }
}

export function formatMoney(value: number, style: MoneyStyle, locale: Locale): string {
  const n = new Intl.NumberFormat(locale.intl, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    ...(locale.groupAlways ? { useGrouping: 'always' as never } : {}),
  }).format(value);
  switch (style) {
    case 'symbol-prefix':
      return locale.symbol.length > 1 ? `${locale.symbol} ${n}` : `${locale.symbol}${n}`;
    case 'symbol-prefix-space':
      return `${locale.symbol} ${n}`;
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

/** A tax rate as printed in a label: "19 %", "8,1%", "7.25%". */
export function formatRate(rate: number, locale: Locale, space: boolean): string {
  const n = new Intl.NumberFormat(locale.intl, { maximumFractionDigits: 2 }).format(
    Math.round(rate * 10000) / 100,
  );
  return `${n}${space ? ' ' : ''}%`;
}
