/**
 * Text a reviewer types into a number, money or date field → the value stored, and back.
 *
 * The inputs keep exactly what was typed on screen and only read a value from it: a controlled
 * `<input type="number">` re-formats `100.0` to `100` while typing, so the next key lands before
 * the point (`100.05` became 1005). Reading is forgiving about how a number is written
 * (`12,50`, `1.234,56`, `1,234.56`, `12.50 €`); only a lone separator followed by exactly three
 * digits (`1,234` / `1.234`) is ambiguous, and the reviewer's locale decides it — the same
 * locale the field is shown in, so what the desk shows always reads back as the same value.
 */

export type DecimalSeparator = '.' | ',';
/** How a reviewer writes dates: day first (31/12/2026) or month first (12/31/2026). */
export type DateOrder = 'dmy' | 'mdy';

export type ReadResult<T> = { ok: true; value: T } | { ok: false; message: string };

const fail = (message: string): ReadResult<never> => ({ ok: false, message });

/** The decimal separator a locale writes (`de-DE` → `,`, `en-GB` → `.`). */
export function decimalSeparatorOf(locale: string): DecimalSeparator {
  try {
    const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
    return part?.value === ',' ? ',' : '.';
  } catch {
    return '.';
  }
}

/** Whether a locale writes the day or the month first (`en-US` → mdy, `en-GB`/`de-DE` → dmy). */
export function dateOrderOf(locale: string): DateOrder {
  try {
    const parts = new Intl.DateTimeFormat(locale).formatToParts(new Date(Date.UTC(2026, 11, 31)));
    const day = parts.findIndex((p) => p.type === 'day');
    const month = parts.findIndex((p) => p.type === 'month');
    return month !== -1 && month < day ? 'mdy' : 'dmy';
  } catch {
    return 'dmy';
  }
}

/** Minor-unit digits of a currency (EUR 2, JPY 0); 2 when unknown. */
export function currencyDigits(currency: string | null | undefined): number {
  if (!currency) return 2;
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

// Currency symbols and codes around a number are accepted and ignored: the field's currency
// is the entry's, not something typed into one amount.
const CURRENCY = /^(?:\p{Sc}|[A-Za-z]{3}(?![A-Za-z]))/u;
const CURRENCY_END = /(?:\p{Sc}|(?<![A-Za-z])[A-Za-z]{3})$/u;
const SPACES = /[\s\u00a0\u202f'’]/g;

/** Strips a sign, currency and spaces: the digits-and-separators body, and whether it is negative. */
function unwrap(text: string): { body: string; negative: boolean } | null {
  let s = text.trim();
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  // Sign and currency may come in either order, on either side: "-€12", "€-12", "12 €-".
  for (let i = 0; i < 4; i++) {
    const before = s;
    s = s.replace(CURRENCY, '').replace(CURRENCY_END, '').trim();
    if (/^[-−]/.test(s) || /[-−]$/.test(s)) {
      if (negative) return null;
      negative = true;
      s = s.replace(/^[-−]|[-−]$/, '').trim();
    } else if (s.startsWith('+')) s = s.slice(1).trim();
    if (s === before) break;
  }
  const body = s.replace(SPACES, '');
  return /^[0-9.,]*[0-9][0-9.,]*$/.test(body) ? { body, negative } : null;
}

/** Digit groups of an integer part written with a grouping separator: 1,234,567 or 1,23,456. */
function groupsOk(groups: string[]): boolean {
  if (groups.length < 2) return true;
  const [first, ...rest] = groups;
  const last = rest.pop() ?? '';
  return /^\d{1,3}$/.test(first) && rest.every((g) => /^\d{2,3}$/.test(g)) && /^\d{3}$/.test(last);
}

/**
 * Reads a typed number. Empty text is null (the field was cleared). A half-typed number that
 * already means something (`100.`, `1,`) reads as that number, so the value follows the keys.
 */
export function readNumber(
  text: string,
  opts: { decimal: DecimalSeparator; integer?: boolean },
): ReadResult<number | null> {
  if (text.trim() === '') return { ok: true, value: null };
  const unwrapped = unwrap(text);
  if (!unwrapped) return fail('Not a number.');
  const { body, negative } = unwrapped;
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let decimal: DecimalSeparator | null = null;
  if (lastDot !== -1 && lastComma !== -1) decimal = lastDot > lastComma ? '.' : ',';
  else if (lastDot !== -1 || lastComma !== -1) {
    const sep: DecimalSeparator = lastDot !== -1 ? '.' : ',';
    const count = body.split(sep).length - 1;
    const after = body.length - body.lastIndexOf(sep) - 1;
    const intPart = body.slice(0, body.indexOf(sep));
    if (count > 1) decimal = null;
    else if (after === 3 && intPart !== '' && !/^0+$/.test(intPart))
      decimal = sep === opts.decimal ? sep : null; // 1,234 — the locale decides
    else decimal = sep;
  }
  let intText = body;
  let fraction = '';
  if (decimal) {
    const at = body.lastIndexOf(decimal);
    if (body.indexOf(decimal) !== at) return fail('Not a number: more than one decimal separator.');
    intText = body.slice(0, at);
    fraction = body.slice(at + 1);
    if (!/^\d*$/.test(fraction)) return fail('Not a number.');
  }
  const grouping = decimal === '.' ? ',' : decimal === ',' ? '.' : lastDot !== -1 ? '.' : ',';
  if (decimal === null && body.includes('.') && body.includes(',')) return fail('Not a number.');
  const groups = intText.split(grouping);
  if (!groupsOk(groups) || groups.some((g) => !/^\d*$/.test(g)))
    return fail(`Not a number: check the digit groups ("${text.trim()}").`);
  const digits = groups.join('');
  const value = Number(`${negative ? '-' : ''}${digits || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return fail('Not a number.');
  if (opts.integer && !Number.isInteger(value)) return fail('A whole number is expected here.');
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

/**
 * A stored number as the field shows it: the locale's decimal separator, no digit grouping
 * (grouping is easy to mistype inside an input), and for money at least the currency's digits.
 */
export function formatNumber(
  value: number,
  opts: { locale: string; minimumFractionDigits?: number },
): string {
  return new Intl.NumberFormat(opts.locale, {
    useGrouping: false,
    minimumFractionDigits: opts.minimumFractionDigits ?? 0,
    maximumFractionDigits: 20,
  }).format(value);
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** English month names, January first (also the training corpus's). */
export const MONTHS = [
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
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** How a date is to be typed in this order, for placeholders and messages. */
export const datePattern = (order: DateOrder) => (order === 'dmy' ? 'DD/MM/YYYY' : 'MM/DD/YYYY');

/**
 * Reads a typed date as ISO `YYYY-MM-DD`. Accepts ISO itself, and day and month in the
 * reviewer's order with `/`, `.`, `-` or spaces between (two-digit years are 20xx). A date
 * that does not exist (31 February) is an error, never null: the text stays for fixing.
 */
export function readDate(text: string, order: DateOrder): ReadResult<string | null> {
  const s = text.trim();
  if (s === '') return { ok: true, value: null };
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  const local = /^(\d{1,2})[-/. ]\s*(\d{1,2})[-/. ]\s*(\d{4}|\d{2})\.?$/.exec(s);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local) {
    const [a, b] = [Number(local[1]), Number(local[2])];
    [d, m] = order === 'dmy' ? [a, b] : [b, a];
    y = local[3].length === 2 ? 2000 + Number(local[3]) : Number(local[3]);
  } else return fail(`Not a date: type it as ${datePattern(order)}.`);
  if (m < 1 || m > 12) return fail(`Not a date: there is no month ${m} (dates are ${datePattern(order)}).`);
  if (d < 1 || d > daysIn(y, m)) return fail(`Not a date: ${MONTHS[m - 1]} ${y} has no day ${d}.`);
  return { ok: true, value: `${pad(y, 4)}-${pad(m)}-${pad(d)}` };
}

/** An ISO date as the reviewer writes dates; any other text as it is. */
export function formatDate(value: string, order: DateOrder): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!iso) return value;
  const [, y, m, d] = iso;
  return order === 'dmy' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}
