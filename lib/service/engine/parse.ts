/**
 * Value parsers for the rule extractor. Each returns the parsed value with a cleanliness score
 * (1 = unambiguous; lower when a guess was needed), or null when the text is not such a value.
 */
import {
  type DateOrder,
  type DateSpan,
  dateOrderOf,
  dateSpanOf,
  isMonthOfYear,
  parseDate as parseDateWithOrder,
} from './dates';

export interface Parsed<T> {
  value: T;
  /** 0..1: how cleanly the text parsed. */
  clean: number;
  /** The part of the input that held the value. */
  text: string;
}

/** What a document tells us about its own conventions; see `detectConventions`. */
export interface ParseContext {
  /** The document's decimal separator, when its amounts reveal it. */
  decimal?: '.' | ',' | null;
  /** The text came from OCR: identifiers get letters confused with digits repaired. */
  ocr?: boolean;
  /** Day/month order for ambiguous numeric dates such as 05/03/2024, and how sure it is. */
  dateOrder?: DateOrder;
  /** The first and last full dates printed: the year of a date printed without one. */
  dateSpan?: DateSpan;
}

const CURRENCY_SYMBOLS =
  /US\$|CA?\$|A\$|NZ\$|HK\$|S\$|R\$|[$€£¥₹₽₩₺₪฿₫₴₦₱₣]|\bFr\.|\bSFr\.?|\bkr\.?|\bzł|\bRs\.?/gi;
/** A minus, a currency symbol, then the figure ("-€ 454,39"): the symbol's spaces kept from parting them. */
const SIGN_BEFORE_SYMBOL = new RegExp(`([-−–])\\s*(?:${CURRENCY_SYMBOLS.source})\\s*(?=\\d)`, 'gi');
/**
 * A price with its cents: a currency code run into it ("BRL8,00") is a currency only before one, an
 * article number's letters ("ART52774") are not.
 */
export const PRICE_WITH_CENTS = String.raw`-?\d{1,3}(?:[.,']?\d{3})*[.,]\d{2}`;
// Also run into the figure, its space lost ("42,32EUR", "545EUR": its mark lost too, "BRL8,00").
const CURRENCY_CODE = new RegExp(
  String.raw`\b[A-Z]{3}\b|(?<=\d)[A-Z]{3}\b|\b[A-Z]{3}(?=${PRICE_WITH_CENTS}\b)`,
  'g',
);
const MINUS = /[-−–]/;

/**
 * Parses an amount written in any common style: 1,234.56 (US/UK), 1.234,56 (EU), 1 234,56 (FR),
 * 1'234.56 (CH), with currency symbols or codes around it, negatives as -12, 12- or (12).
 * A single separator followed by exactly three digits is a thousands separator unless the
 * document's own decimal separator is that character (then 1.234 is one and a bit).
 */
const BASE_OF_RATE =
  /\d\s?%\s*(?:on|of|auf|von|sur|de|su|sobre|op|over)\s+(?:[$€£]|[A-Z]{3})?\s?[\d.,'\u00a0 ]*\d\s*(?:[$€£]|[A-Z]{3})?\s*$/;

/**
 * What OCR does to an amount's marks: a space after the decimal mark ("409. 82"), the mark doubled
 * by a speck ("296..14"), a colon or a slash for the point ("458:63 EUR", "10/00 EUR", only beside a
 * currency: a time or a date is no amount) or a colon for a grouping mark ("24:289,44"), the decimal
 * mark read as the grouping mark ("4,172,48"), a Swiss apostrophe read as another quote
 * ("5‘779.56"), the decimal mark lost to a space ("34 34 EUR": a space groups three digits, never
 * two). Two digits after the mark make it a decimal mark.
 */
function repairOcrAmount(text: string, decimal: ParseContext['decimal']): string {
  const repaired = text
    .replace(/(?<=\d)([.,])(?:\s+|\1)(?=\d{2}(?!\d))/g, '$1')
    // A decimal comma read with a speck over it ("5.739;58").
    .replace(/(?<=\d);(?=\d{2}(?!\d))/g, ',')
    // A grouping mark read as a colon before a thousand's three digits and the cents
    // ("24:289,44"): a time has two digits after its colon.
    .replace(/(?<=\d):(?=\d{3}[.,]\d{2}(?!\d))/g, '')
    // A decimal mark read as the grouping mark before it ("4,172,48", "1.233.45"): groups of three
    // never end in two digits, so the last mark is the decimal one.
    .replace(/(?<![\d.,])\d{1,3}(?:([.,])\d{3})+\1\d{2}(?![\d.,])/g, (m, mark: string) => {
      const last = m.lastIndexOf(mark);
      return m.slice(0, last).replaceAll(mark, '') + m.slice(last);
    })
    // The decimal mark lost after a thousand's group, the grouping mark read as the other
    // ("3.03561" for 3,035.61): an amount has two decimals, so five digits after a lone mark are a
    // group of three and the cents. Not after a lone 0: a rate or a unit price may run so long.
    .replace(
      /(?<![\d.,])([1-9]\d{0,2})([.,])(\d{3})(\d{2})(?![\d.,])/g,
      (_, units: string, mark: string, group: string, cents: string) =>
        `${units}${mark}${group}${mark === '.' ? ',' : '.'}${cents}`,
    )
    // A Swiss grouping apostrophe read as an opening quote or an accent ("5‘779.56", "5´779.56").
    .replace(/(?<=\d)[‘´`](?=\s?\d{3}(?!\d))/g, "'")
    // A speck read as a point before an amount with its own decimal mark (".12,00"): no amount
    // starts so; a bare ".50" stays.
    .replace(/^([^\d.,\p{L}]*)[.,]\s*(?=\d{1,3}(?:[.,]\d{3})*[.,]\d{2}(?![\d.,]))/u, '$1')
    .replace(
      SPACE_FOR_MARK,
      (_, before: string, units: string, grouping: string | undefined, cents: string, after: string) => {
        // A grouping mark in the units leaves the other mark for decimals, whatever the page's.
        const mark = grouping ? (grouping === '.' ? ',' : '.') : (decimal ?? '.');
        return `${before}${units}${mark}${cents}${after}`;
      },
    );
  if (!CURRENCY_NEAR.test(repaired)) return repaired;
  return repaired.replace(/(?<=\d)[:/](?=\d{2}(?![\d:/]))/g, decimal ?? '.');
}

const CURRENCY_NEAR = /[$€£¥₹]|\b[A-Z]{3}\b/;
/**
 * The whole amount is units, one space and two digits, a currency beside it at most. Anchored at
 * both ends (not a lookbehind to the start, which rescans the text before every position).
 */
const SPACE_FOR_MARK = /^([^\d.,]*)(\d{1,3}(?:([.,])\d{3})*) (\d{2})([^\d.,]*)$/;

/** Right after an amount with cents, its currency beside it or not. */
const AFTER_AMOUNT = String.raw`(?<=\d[.,]\d{2}(?:\s?(?:[€$£]|[A-Z]{3}))?)`;

/**
 * A till's tax class after an amount with cents ("1,19 A", "7,00 B1"): one capital, or the accented
 * one OCR reads for it ("7,99 À"), its space lost or a speck after it ("4,20A.", "10.20 A-").
 */
export const TAX_CLASS = new RegExp(`${AFTER_AMOUNT}\\s{0,3}[A-ZÀÁÂÄ]\\d?[.,-]?$`);

/**
 * A tax class printed as a figure after a till line's amount ("1,19 1", "20,40€ 1"), or its letter
 * read as one ("1,19 4"). Only a till line's: elsewhere a figure after an amount may be anything.
 */
export const TAX_CLASS_FIGURE = new RegExp(`${AFTER_AMOUNT}\\s{1,3}\\d$`);

/** A debit side's "S" read as a 5 after an amount's cents (see `parseNumberText`). */
function sideReadAsFive(decimal: ParseContext['decimal']): RegExp {
  if (!decimal) return /(?<=\d[.,]\d{2})\s5$/;
  return decimal === '.' ? /(?<=\d\.\d{2})\s?5$/ : /(?<=\d,\d{2})\s?5$/;
}

export function parseNumberText(input: string, ctx: ParseContext = {}, kind: 'money' | 'number' = 'number') {
  let raw = ctx.ocr && kind === 'money' ? repairOcrAmount(input.trim(), ctx.decimal) : input.trim();
  let clean = 1;
  if (raw.includes('%')) {
    // "20% on 100.00", "19 % auf 200,00": the amount the rate is taken of, no amount of its own.
    if (kind === 'money' && BASE_OF_RATE.test(raw)) return null;
    // "19%: € 303.92": the rate is not the amount; a bare percentage is no amount at all.
    const rates: string[] = [];
    raw = raw
      .replace(/\(?[-+]?(\d+)(?:[.,]\d+)?\s*%\)?/g, (_, whole: string) => {
        rates.push(whole);
        return ' ';
      })
      .trim();
    if (raw.includes('%')) return null;
    // "USt. 7 7%": the rate's figure read twice (OCR split "7 %") is no amount either.
    if (kind === 'money' && ctx.ocr && rates.includes(raw)) return null;
    clean *= 0.95;
  }
  // "Total (4 art.)", "(3 items)": a count of things is no amount.
  if (kind === 'money') raw = raw.replace(/\(\s*\d+\s+\p{L}{2,}\.?\s*\)/gu, ' ').trim();
  if (raw === '') return null;
  // Dates are not amounts (2023-03-04, 05.03.2024, 05/03/24, and a statement's yearless 05.03.).
  if (/\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|^\d{1,2}\.\d{1,2}\.$/.test(raw))
    return null;
  // …and dates in words neither ("4 de abril de 2024", "15. März 2024", "August 7, 2024", "April 2024").
  const bare = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (/^\d{1,2}\.?\s+(?:de\s+)?\p{L}{3,}\.?,?\s+(?:de\s+)?\d{4}$/u.test(bare)) return null;
  if (/^\p{L}{3,}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s*\d{4}$/u.test(bare) || isMonthOfYear(bare)) return null;
  // OCR reads a statement's debit side "S" (Soll) as a 5: "353.91 5", or "521.585" with its space
  // lost too (a third decimal, where the document's decimal mark is that one).
  if (ctx.ocr && kind === 'money') raw = raw.replace(sideReadAsFive(ctx.decimal), ' S');
  // Statements mark the side after the amount: "578,32 D" / "S" / "DR" is paid out, "H" / "CR" in.
  const side = kind === 'money' ? raw.match(/(?<=\d|[€$£])\s*(DR|Dr|Db|D|S|CR|Cr|C|H)\.?$/) : null;
  if (side) raw = raw.slice(0, side.index).trim();
  const debitSide = side !== null && /^(?:DR|Dr|Db|D|S)$/.test(side[1]);
  // A till's tax class after the amount is no part of it.
  if (kind === 'money' && !side) raw = raw.replace(TAX_CLASS, '');
  // "-€ 454,39": a minus before the currency symbol is the figure's; "28,05 €-": so is a trailing
  // minus after it.
  const text = raw
    .replace(SIGN_BEFORE_SYMBOL, '$1')
    .replace(CURRENCY_SYMBOLS, ' ')
    .replace(CURRENCY_CODE, ' ')
    .replace(/(\d)\s+-\s*$/, '$1-');
  // Number-like runs: digits with grouping/decimal marks inside.
  const runs = [...text.matchAll(/\(?[-−–]?\s?(?:\d(?:[\d.,'’\u00a0\u202f ]*\d)?|(?<!\d)[.,]\d+)\)?-?/g)];
  if (runs.length === 0) return null;
  let run = runs[0][0];
  if (runs.length > 1) {
    // "2 x 12.50" or "12.50 15.00": take the last amount-looking run, but say it was a guess.
    run = runs[runs.length - 1][0];
    clean *= 0.7;
  }
  const rest = text.replace(run, ' ').replace(/[\s:.,;*=/]+/g, '');
  if (rest.length > 0) {
    if (/[A-Za-z]{4,}/.test(rest) || /\d/.test(rest)) clean *= 0.6;
    else clean *= 0.85;
    // Identifiers like DE123456789 or A4 have letters against their digits; "2 Stk." is a count.
    if (/\p{L}\d|\d\p{L}/u.test(text) && /[A-Za-z]/.test(rest)) return null;
  }
  let negative = false;
  let body = run.trim();
  if (body.startsWith('(') && body.endsWith(')')) {
    negative = true;
    body = body.slice(1, -1);
  }
  body = body.replace(/[()]/g, '').trim();
  if (MINUS.test(body[0] ?? '')) {
    negative = true;
    body = body.slice(1).trim();
  } else if (body.endsWith('-')) {
    negative = true;
    body = body.slice(0, -1).trim();
  }
  if (/[\u00a0\u202f ]/.test(body)) {
    // Spaces group thousands only when every group after one has exactly three digits (a Swiss
    // apostrophe may stand before the space: "36' 183.95").
    const parts = body.split(/[\u00a0\u202f ]+/);
    const grouped =
      parts.slice(1).every((p) => /^\d{3}(?:['’]|[.,]\d+)?$/.test(p)) && /^\d{1,3}['’]?$/.test(parts[0]);
    if (grouped) body = parts.join('');
    else {
      body = parts[parts.length - 1];
      clean *= 0.7;
    }
  }
  body = body.replace(/['’]/g, '');
  if (!/^[\d.,]+$/.test(body)) return null;
  const dots = (body.match(/\./g) ?? []).length;
  const commas = (body.match(/,/g) ?? []).length;
  let normalized: string;
  if (dots > 0 && commas > 0) {
    const decimal = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    if ((body.match(decimal === '.' ? /\./g : /,/g) ?? []).length > 1) return null;
    const [intPart, frac] = body.split(decimal);
    if (
      !intPart
        .split(thousands)
        .slice(1)
        .every((g) => g.length === 3)
    )
      clean *= 0.7;
    normalized = `${intPart.split(thousands).join('')}.${frac}`;
  } else if (dots + commas === 0) {
    normalized = body;
  } else {
    const sep = dots > 0 ? '.' : ',';
    const count = dots + commas;
    const parts = body.split(sep);
    if (count > 1) {
      if (!parts.slice(1).every((g) => g.length === 3)) return null;
      normalized = parts.join('');
    } else {
      const frac = parts[1];
      if (frac.length !== 3) normalized = `${parts[0]}.${frac}`;
      else if (ctx.decimal === sep) normalized = `${parts[0]}.${frac}`;
      else if (ctx.decimal && ctx.decimal !== sep) normalized = parts.join('');
      else {
        // No hint: in amounts a lone ",ddd"/".ddd" groups thousands (three decimals are rare).
        normalized = parts.join('');
        clean *= kind === 'money' ? 0.9 : 0.75;
      }
    }
  }
  if (normalized.startsWith('.')) normalized = `0${normalized}`;
  const value = Number(normalized);
  if (!Number.isFinite(value)) return null;
  if (debitSide) negative = !negative;
  return { value: negative ? -value : value, clean, text: run.trim() } satisfies Parsed<number>;
}

export function parseMoney(text: string, ctx: ParseContext = {}): Parsed<number> | null {
  const parsed = parseNumberText(text, ctx, 'money');
  if (!parsed) return null;
  return { ...parsed, value: Math.round(parsed.value * 100) / 100 };
}

export function parseNumber(text: string, ctx: ParseContext = {}): Parsed<number> | null {
  return parseNumberText(text, ctx, 'number');
}

/** See `dates.ts`: the context's date order decides ambiguous numeric dates. */
export function parseDate(input: string, ctx: ParseContext = {}): Parsed<string> | null {
  const parsed = parseDateWithOrder(input, ctx.dateOrder, ctx.dateSpan);
  if (parsed || !ctx.ocr) return parsed;
  // OCR read a date's first separator as a digit ("07712/2023" for 07/12/2023): less sure.
  const lost = input.trim().match(/^(\d{2})[17|lI](\d{2}([/.-])\d{2}(?:\d{2})?)$/);
  const repaired =
    (lost && parseDateWithOrder(`${lost[1]}${lost[3]}${lost[2]}`, ctx.dateOrder, ctx.dateSpan)) ||
    parseDateWithOrder(dateMended(input.trim()), ctx.dateOrder, ctx.dateSpan);
  return repaired ? { ...repaired, clean: repaired.clean * 0.8, text: input.trim() } : null;
}

/**
 * A numeric date as OCR misread it, mended: a comma for one of its points ("10.03,2024"), a day or
 * month led by a 9, 8 or 6 for its 0 ("94/01/2024" for 04/01/2024: no day or month can be 94), a
 * year's 0 read so ("2624" for 2024: no document is dated so far ahead), in the year-first form too
 * ("2024-62-12"). Other texts as they are.
 */
function dateMended(text: string): string {
  const iso = text.match(/^(\d{4})([/.-])(\d{2})\2(\d{2})$/);
  if (iso) return `${yearMended(iso[1])}${iso[2]}${ledByZero(iso[3], 12)}${iso[2]}${iso[4]}`;
  const m = text.match(/^(\d{2})([/.,-])(\d{2})([/.,-])(\d{2}(?:\d{2})?)$/);
  if (!m) return text;
  const separators = new Set([m[2], m[4]]);
  separators.delete(',');
  if (separators.size !== 1) return text;
  const [separator] = separators;
  return `${ledByZero(m[1], 31)}${separator}${ledByZero(m[3], 31)}${separator}${yearMended(m[5])}`;
}

/** A day or month above `most` led by a figure OCR reads for a 0 ("94", "62"): led by its 0. */
const ledByZero = (part: string, most: number) =>
  Number(part) > most && /^[689]/.test(part) ? `0${part[1]}` : part;
/** A year of the 27th century or later led by "2" then a figure OCR reads for a 0: of the 21st. */
const yearMended = (year: string) =>
  /^2[689]\d\d$/.test(year) && Number(year) > 2199 ? `20${year.slice(2)}` : year;

const normalizeWord = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface EnumWords {
  exact: Map<string, string>;
  words: { value: string; word: string; w: string; re: RegExp }[];
}
// Value lists (currencies: hundreds of codes and symbols) are prepared once per list.
const prepared = new WeakMap<Record<string, string[]>, EnumWords>();

function prepare(values: Record<string, string[]>): EnumWords {
  let p = prepared.get(values);
  if (p) return p;
  p = { exact: new Map(), words: [] };
  for (const [value, synonyms] of Object.entries(values)) {
    for (const word of [value, ...synonyms]) {
      const w = normalizeWord(word);
      if (w === '') continue;
      if (!p.exact.has(w)) p.exact.set(w, value);
      const wordy = /^[\p{L}\p{N}]/u.test(w) && /[\p{L}\p{N}]$/u.test(w);
      const re = wordy
        ? new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(w)}(?![\\p{L}\\p{N}])`, 'u')
        : new RegExp(escapeRegExp(w));
      p.words.push({ value, word, w, re });
    }
  }
  prepared.set(values, p);
  return p;
}

/**
 * Finds one of the allowed values (or a synonym of one) in the text: the whole text first,
 * then as a word inside it (longest synonym wins).
 */
export function parseEnum(input: string, values: Record<string, string[]>): Parsed<string> | null {
  const text = normalizeWord(input.replace(/[:;]+$/, ''));
  if (text === '') return null;
  const { exact, words } = prepare(values);
  const whole = exact.get(text);
  if (whole) return { value: whole, clean: 1, text: input.trim() };
  let best: { value: string; len: number; at: number; word: string } | null = null;
  const found = new Set<string>();
  for (const { value, word, w, re } of words) {
    if (!text.includes(w)) continue;
    const m = re.exec(text);
    if (!m) continue;
    found.add(value);
    if (!best || w.length > best.len || (w.length === best.len && m.index < best.at)) {
      best = { value, len: w.length, at: m.index, word };
    }
  }
  if (!best) return null;
  return { value: best.value, clean: found.size > 1 ? 0.6 : 0.9, text: best.word };
}

const TRUE_WORDS = ['yes', 'y', 'true', 'paid', 'x', '✓', '✔', '☑', '☒', 'ja', 'oui', 'si', '1'];
const FALSE_WORDS = ['no', 'n', 'false', 'unpaid', 'not paid', '☐', 'nein', 'non', '0', 'none'];

export function parseBoolean(input: string): Parsed<boolean> | null {
  const t = normalizeWord(input).replace(/[.!]$/, '');
  if (TRUE_WORDS.includes(t)) return { value: true, clean: 1, text: input.trim() };
  if (FALSE_WORDS.includes(t)) return { value: false, clean: 1, text: input.trim() };
  const first = t.split(' ')[0];
  if (TRUE_WORDS.includes(first) && first.length > 1) return { value: true, clean: 0.7, text: input.trim() };
  if (FALSE_WORDS.includes(first) && first.length > 1)
    return { value: false, clean: 0.7, text: input.trim() };
  return null;
}

export function parseString(input: string, pattern?: string): Parsed<string> | null {
  let text = input
    .replace(/^[\s:#\-–—.,;’‘'`]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  // A quote mark closing nothing is scanner dust ('Foods BV"'), not part of the value.
  if (/["'’`]$/.test(text) && !/^["'‘’`]/.test(text) && (text.match(/["'’`]/g) ?? []).length === 1) {
    text = text.slice(0, -1).trimEnd();
  }
  if (!/[\p{L}\p{N}]/u.test(text)) return null;
  if (pattern) {
    let re: RegExp;
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      return { value: text, clean: 0.5, text };
    }
    const m = re.exec(text);
    if (!m) return null;
    return { value: m[0], clean: m[0] === text ? 1 : 0.9, text: m[0] };
  }
  return { value: text, clean: 1, text };
}

/**
 * Reads a document's conventions from all its text: the decimal separator its amounts use and the
 * order of day and month in its numeric dates.
 */
export function detectConventions(allText: string): ParseContext {
  let dot = 0;
  let comma = 0;
  for (const m of allText.matchAll(/\d([.,])\d{2}(?!\d|[./-]\d)/g)) {
    if (m[1] === '.') dot++;
    else comma++;
  }
  const decimal = dot > comma ? '.' : comma > dot ? ',' : null;
  const dateOrder = dateOrderOf(allText);
  return { decimal, dateOrder, dateSpan: dateSpanOf(allText, dateOrder) };
}
