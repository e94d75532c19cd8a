/**
 * How a document prints numbers, money and dates: the conventions of its issuer's country and
 * software. Written out by hand (not Intl) so the printed text never changes with the ICU version.
 */
import type { Language } from './manifest';

/** 1,234.56 | 1.234,56 | 1 234,56 | 1'234.56 | 1 234.56 */
export type NumberStyle = 'en' | 'de' | 'fr' | 'ch' | 'space-dot';
export type CurrencyStyle =
  | 'symbol-before'
  | 'symbol-before-space'
  | 'symbol-after'
  | 'code-before'
  | 'code-after';
export type DateStyle =
  | 'dmy-dot' // 05.03.2026
  | 'dmy-dot-yy' // 05.03.26
  | 'dmy-slash' // 05/03/2026
  | 'dmy-dash' // 05-03-2026
  | 'mdy-slash' // 03/05/2026
  | 'iso' // 2026-03-05
  | 'long' // 5 March 2026, 5. März 2026, 5 de marzo de 2026, March 5, 2026 (US)
  | 'short' // 5 Mar 2026, 5 mrt. 2026, Mar 5, 2026 (US)
  | 'ordinal' // 5th March 2026
  | 'dd-mon-yy'; // 05 Mar 26 (UK bank statements)

export type Currency = 'EUR' | 'USD' | 'GBP' | 'CHF' | 'AUD';

export interface Conventions {
  language: Language;
  /** Region for wording that differs inside one language: US month-first long dates, Austrian "Jänner". */
  region?: 'US' | 'AT';
  numbers: NumberStyle;
  currency: Currency;
  currencyStyle: CurrencyStyle;
  dates: DateStyle;
}

/** Conventions in one line: language, number style, currency, where the currency goes, date style, region. */
export function conventions(
  language: Language,
  numbers: NumberStyle,
  currency: Currency,
  currencyStyle: CurrencyStyle,
  dates: DateStyle,
  region?: Conventions['region'],
): Conventions {
  return { language, numbers, currency, currencyStyle, dates, ...(region ? { region } : {}) };
}

/** Zero-padded numbers: pad(5) = "05", pad(42, 5) = "00042". */
export const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const SYMBOL: Record<Currency, string> = { EUR: '€', USD: '$', GBP: '£', CHF: 'CHF', AUD: '$' };

const MONTHS: Record<Language, { long: string[]; short: string[] }> = {
  en: {
    long: 'January February March April May June July August September October November December'.split(' '),
    short: 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' '),
  },
  de: {
    long: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
    short: 'Jan. Feb. März Apr. Mai Juni Juli Aug. Sept. Okt. Nov. Dez.'.split(' '),
  },
  fr: {
    long: 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(' '),
    short: 'janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.'.split(' '),
  },
  es: {
    long: 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(
      ' ',
    ),
    short: 'ene. feb. mar. abr. may. jun. jul. ago. sept. oct. nov. dic.'.split(' '),
  },
  it: {
    long: 'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre'.split(
      ' ',
    ),
    short: 'gen feb mar apr mag giu lug ago set ott nov dic'.split(' '),
  },
  nl: {
    long: 'januari februari maart april mei juni juli augustus september oktober november december'.split(
      ' ',
    ),
    short: 'jan. feb. mrt. apr. mei jun. jul. aug. sep. okt. nov. dec.'.split(' '),
  },
  pt: {
    long: 'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro'.split(
      ' ',
    ),
    short: 'jan. fev. mar. abr. mai. jun. jul. ago. set. out. nov. dez.'.split(' '),
  },
};

export function dateParts(iso: string): { y: number; m: number; d: number } {
  const [y, m, d] = iso.split('-').map(Number);
  return { y, m, d };
}

export function addDays(iso: string, days: number): string {
  const t = new Date(`${iso}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

export function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

function ordinal(d: number): string {
  if (d % 100 >= 11 && d % 100 <= 13) return `${d}th`;
  return `${d}${['th', 'st', 'nd', 'rd'][d % 10] ?? 'th'}`;
}

export function formatDate(
  iso: string,
  style: DateStyle,
  c: Pick<Conventions, 'language' | 'region'>,
): string {
  const { y, m, d } = dateParts(iso);
  const months = MONTHS[c.language];
  let longMonth = months.long[m - 1];
  if (c.region === 'AT' && m === 1) longMonth = 'Jänner';
  const shortMonth = months.short[m - 1];
  switch (style) {
    case 'dmy-dot':
      return `${pad(d)}.${pad(m)}.${y}`;
    case 'dmy-dot-yy':
      return `${pad(d)}.${pad(m)}.${String(y).slice(2)}`;
    case 'dmy-slash':
      return `${pad(d)}/${pad(m)}/${y}`;
    case 'dmy-dash':
      return `${pad(d)}-${pad(m)}-${y}`;
    case 'mdy-slash':
      return `${pad(m)}/${pad(d)}/${y}`;
    case 'iso':
      return iso;
    case 'ordinal':
      return `${ordinal(d)} ${longMonth} ${y}`;
    case 'dd-mon-yy':
      return `${pad(d)} ${shortMonth} ${String(y).slice(2)}`;
    case 'long':
    case 'short': {
      const month = style === 'long' ? longMonth : shortMonth;
      if (c.region === 'US') return `${month} ${d}, ${y}`;
      switch (c.language) {
        case 'de':
          return `${d}. ${month} ${y}`;
        case 'fr':
          return `${d === 1 ? '1er' : d} ${month} ${y}`;
        case 'es':
        case 'pt':
          return style === 'long' ? `${d} de ${month} de ${y}` : `${d} ${month} ${y}`;
        default:
          return `${d} ${month} ${y}`;
      }
    }
  }
}

function groupDigits(int: string, separator: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

const SEPARATORS: Record<NumberStyle, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  de: { group: '.', decimal: ',' },
  fr: { group: ' ', decimal: ',' },
  ch: { group: "'", decimal: '.' },
  'space-dot': { group: ' ', decimal: '.' },
};

/** A number in the style, with `decimals` places (2 for money) and a leading minus when negative. */
export function formatNumber(n: number, style: NumberStyle, decimals = 2): string {
  const { group, decimal } = SEPARATORS[style];
  const [int, frac] = Math.abs(n).toFixed(decimals).split('.');
  const body = groupDigits(int, group) + (frac ? decimal + frac : '');
  return n < 0 && Number(Math.abs(n).toFixed(decimals)) !== 0 ? `-${body}` : body;
}

export interface Formatter {
  conventions: Conventions;
  symbol: string;
  /** 1.234,56 (no currency). */
  num(n: number, decimals?: number): string;
  /** With the currency as the issuer shows it: $1,234.56, 1.234,56 €, EUR 1,234.56… */
  money(n: number): string;
  /** Quantities: whole numbers bare, fractions with up to 2 decimals in the style. */
  qty(n: number): string;
  /** Tax rate: 19 %, 20%, 5,5 %. */
  pct(rate: number): string;
  date(iso: string, style?: DateStyle): string;
}

const SPACE_BEFORE_PERCENT: Record<Language, boolean> = {
  en: false,
  de: true,
  fr: true,
  es: false,
  it: false,
  nl: false,
  pt: false,
};

export function formatter(c: Conventions): Formatter {
  const symbol = SYMBOL[c.currency];
  const num = (n: number, decimals = 2) => formatNumber(n, c.numbers, decimals);
  const money = (n: number) => {
    const body = num(Math.abs(n));
    const sign = n < 0 ? '-' : '';
    switch (c.currencyStyle) {
      case 'symbol-before':
        return `${sign}${symbol}${body}`;
      case 'symbol-before-space':
        return `${sign}${symbol} ${body}`;
      case 'symbol-after':
        return `${sign}${body} ${symbol}`;
      case 'code-before':
        return `${c.currency} ${sign}${body}`;
      case 'code-after':
        return `${sign}${body} ${c.currency}`;
    }
  };
  const qty = (n: number) => (Number.isInteger(n) ? String(n) : num(n, 2).replace(/0$/, ''));
  const pct = (rate: number) => {
    const body = num(rate, (String(rate).split('.')[1] ?? '').length);
    return SPACE_BEFORE_PERCENT[c.language] ? `${body} %` : `${body}%`;
  };
  return {
    conventions: c,
    symbol,
    num,
    money,
    qty,
    pct,
    date: (iso, style = c.dates) => formatDate(iso, style, c),
  };
}
