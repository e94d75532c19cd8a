/**
 * Dates in the languages the engine reads, and the order of day and month in numeric dates decided
 * from what the document itself shows.
 */
import type { Parsed } from './parse';
import { editDistance, foldString } from './text-match';

/** How sure the day/month order of an ambiguous numeric date (05/04/2026) is. */
export interface DateOrder {
  order: 'dmy' | 'mdy';
  /** Cleanliness given to a date whose order this decides: 1 when other dates prove it, less on hints. */
  certainty: number;
}

/**
 * The span of the full dates a document prints (YYYY-MM-DD): a date printed without its year
 * ("03 Feb", "03.02.") takes the year that puts it inside this span, as statements and receipts
 * mean it.
 */
export interface DateSpan {
  first: string;
  last: string;
}

const monthNames: [number, string[]][] = [
  [
    1,
    [
      'january',
      'jan',
      'januar',
      'janvier',
      'janv',
      'enero',
      'ene',
      'gennaio',
      'gen',
      'jänner',
      'januari',
      'janeiro',
    ],
  ],
  [
    2,
    [
      'february',
      'feb',
      'februar',
      'fevrier',
      'février',
      'fev',
      'févr',
      'fév',
      'febrero',
      'febbraio',
      'februari',
      'fevereiro',
    ],
  ],
  [3, ['march', 'mar', 'märz', 'maerz', 'mär', 'mars', 'marzo', 'mrz', 'maart', 'mrt', 'março', 'marco']],
  [4, ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile']],
  [5, ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei', 'maio']],
  [6, ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho']],
  [7, ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho']],
  [8, ['august', 'aug', 'aout', 'août', 'aoû', 'agosto', 'ago', 'augustus']],
  [9, ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'set', 'setembro']],
  [10, ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out']],
  [11, ['november', 'nov', 'novembre', 'noviembre', 'novembro']],
  [
    12,
    [
      'december',
      'dec',
      'dezember',
      'dez',
      'décembre',
      'decembre',
      'déc',
      'diciembre',
      'dic',
      'dicembre',
      'dezembro',
    ],
  ],
];
const MONTHS = new Map<string, number>();
for (const [n, names] of monthNames) for (const name of names) MONTHS.set(name, n);
/**
 * The names without their accents: OCR puts accents where none is printed and loses those that
 * are ("ábril", "Dicémbre", "fevrier"). No two months' names are the same without them.
 */
const UNACCENTED_MONTHS = new Map([...MONTHS].map(([name, n]) => [foldString(name), n]));

export function isoDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || y < 1900 || y > 2199) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
/** A month's name; OCR may have run the "de" around it into the word ("deabrilde 2024"). */
function month(word: string): number | undefined {
  const lower = word.toLowerCase();
  return (
    MONTHS.get(lower) ??
    MONTHS.get(lower.replace(/^de(?=\p{L}{3})/u, '').replace(/del?$/, '')) ??
    UNACCENTED_MONTHS.get(foldString(lower)) ??
    misspeltMonth(lower)
  );
}

/**
 * A long month name OCR misread by a letter or two ("Noveniber", "Septernber", "Dezernber"): the
 * one month whose name is that near. A letter may be off in six or seven letters, two from eight;
 * shorter names are too near each other ("juni", "juli") to be guessed.
 */
function misspeltMonth(word: string): number | undefined {
  if (word.length < 6) return undefined;
  const reach = word.length >= 8 ? 2 : 1;
  const near = new Set(
    [...MONTHS].filter(([name]) => name.length >= 5 && editDistance(word, name) <= reach).map(([, n]) => n),
  );
  return near.size === 1 ? [...near][0] : undefined;
}

/**
 * The months whose name (accents aside) is one letter off a word of four letters or more ("Mätz"
 * for "März"): too near each other to be guessed alone (`misspeltMonth`), but a statement row's
 * neighbours can tell (garbled-dates.ts).
 */
export function monthsNear(word: string): number[] {
  const folded = foldString(word.toLowerCase());
  if (folded.length < 4) return [];
  const near = [...UNACCENTED_MONTHS].filter(([name]) => name.length >= 4 && editDistance(folded, name) <= 1);
  return [...new Set(near.map(([, n]) => n))];
}

/** A month and its year without the day ("April 2023", "de abril de 2023", "März 2024"). */
export function isMonthOfYear(text: string): boolean {
  const m = text.trim().match(/^(?:de\s+)?(\p{L}{3,10})\.?,?\s+(?:de\s+)?(\d{4})$/u);
  return m !== null && month(m[1]) !== undefined && Number(m[2]) >= 1900 && Number(m[2]) <= 2199;
}

const MONTH_WORD = '([A-Za-zÀ-ÿ]{3,13})\\.?';
/** "5", "5th", "1er", "1º", "5." then an optional "of"/"de"/"del". */
const DAY = '(\\d{1,2})(?:st|nd|rd|th|er|º|°)?\\.?';
// OCR may read a space as a quote mark ("18'de abril de 2024", "21 de'novembro de 2023",
// "October'5, 2023"), an e as é ("dé").
const DAY_MONTH_YEAR = new RegExp(
  `\\b${DAY}[\\s'’-]*(?:(?:of|d[eé]|del)[\\s'’]+)?${MONTH_WORD}[\\s,'’-]*(?:(?:d[eé]|del)[\\s'’]+)?(\\d{4}|\\d{2})\\b`,
  'i',
);
const MONTH_DAY_YEAR = new RegExp(
  `${MONTH_WORD}[\\s'’]+(\\d{1,2})(?:st|nd|rd|th)?,?[\\s'’]+(\\d{4})\\b`,
  'i',
);

/**
 * Parses a date into YYYY-MM-DD. Accepted: 2024-03-05, 2024/03/05, 05.03.2024 (always day first —
 * the dotted form is European), 05/03/2024 and 05-03-2024, 5 March 2024, 5th of March 2024,
 * 5 de marzo de 2024, 05-Mar-2024, March 5, 2024, Mar 5 2024, with month names in en, de, fr, es,
 * it, nl, pt, an optional weekday in front and a time after.
 *
 * Day/month order of slashed dates: a part above 12 decides; otherwise `order` (see `dateOrderOf`),
 * whose certainty becomes the date's cleanliness — below the review threshold when only hints decided.
 */
export function parseDate(
  input: string,
  order: DateOrder | undefined,
  span?: DateSpan,
): Parsed<string> | null {
  const text = input.trim();
  // OCR may read the second hyphen as a space ("2023-12 01").
  let m = text.match(/\b(\d{4})[-/.](\d{1,2})(?:[-/.]|(?<=-\d\d) )(\d{1,2})\b/);
  if (m) {
    const v = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
    if (v) return { value: v, clean: 1, text: m[0] };
  }
  // A word run into the year ends it ("07/01/2023to 07/31/2023").
  m = text.match(/\b(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?!\d)/);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const y = fullYear(m[4]);
    let clean = m[4].length === 2 ? 0.9 : 1;
    let dayFirst: boolean;
    if (m[2] === '.') dayFirst = true;
    else if (a > 12) dayFirst = true;
    else if (b > 12) dayFirst = false;
    else {
      dayFirst = (order?.order ?? 'dmy') === 'dmy';
      if (a !== b) clean *= order?.certainty ?? 0.5;
    }
    const v = dayFirst ? isoDate(y, b, a) : isoDate(y, a, b);
    if (v) return { value: v, clean, text: m[0] };
  }
  m = text.match(DAY_MONTH_YEAR);
  if (m && month(m[2])) {
    const v = isoDate(fullYear(m[3]), month(m[2])!, Number(m[1]));
    if (v) return { value: v, clean: m[3].length === 2 ? 0.9 : 1, text: m[0] };
  }
  m = text.match(MONTH_DAY_YEAR);
  if (m && month(m[1])) {
    const v = isoDate(Number(m[3]), month(m[1])!, Number(m[2]));
    if (v) return { value: v, clean: 1, text: m[0] };
  }
  return span ? parseYearlessDate(text, order, span) : null;
}

const DAY_MONTH = new RegExp(`^${DAY}[\\s-]*(?:(?:of|de|del)\\s+)?${MONTH_WORD}$`, 'i');
const MONTH_DAY = new RegExp(`^${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?$`, 'i');

/** Day and month of a date printed without its year, and how sure their order is. */
function dayAndMonth(
  text: string,
  order: DateOrder | undefined,
): { day: number; mon: number | undefined; clean: number; matched: string } | null {
  const named = text.match(DAY_MONTH);
  if (named) return { day: Number(named[1]), mon: month(named[2]), clean: 0.9, matched: named[0] };
  const monthFirst = text.match(MONTH_DAY);
  if (monthFirst)
    return { day: Number(monthFirst[2]), mon: month(monthFirst[1]), clean: 0.9, matched: monthFirst[0] };
  // The closing dot read as a colon or comma by OCR ("05.03:") is still that date, less surely.
  const dotted = text.match(/^(\d{1,2})\.(\d{1,2})([.:,])$/);
  if (dotted)
    return {
      day: Number(dotted[1]),
      mon: Number(dotted[2]),
      clean: dotted[3] === '.' ? 0.9 : 0.8,
      matched: dotted[0],
    };
  const slashed = text.match(/^(\d{1,2})\/(\d{1,2})$/);
  if (!slashed) return null;
  const a = Number(slashed[1]);
  const b = Number(slashed[2]);
  const dayFirst = a > 12 ? true : b > 12 ? false : (order?.order ?? 'dmy') === 'dmy';
  const clean = a <= 12 && b <= 12 && a !== b ? 0.9 * (order?.certainty ?? 0.5) : 0.9;
  return { day: dayFirst ? a : b, mon: dayFirst ? b : a, clean, matched: slashed[0] };
}

/**
 * A date printed without its year, alone in its text: "03 Feb", "3. März", "Feb 3", "03.02." and
 * "03/02" (day and month by `order`). The year is the one that puts it within the document's
 * span of full dates (a December line on a January statement is last year's). Slightly less
 * clean than a full date: the year was inferred.
 */
function parseYearlessDate(
  text: string,
  order: DateOrder | undefined,
  span: DateSpan,
): Parsed<string> | null {
  const found = dayAndMonth(text, order);
  if (!found) return null;
  const { day, mon, clean, matched } = found;
  if (!mon) return null;
  const firstYear = Number(span.first.slice(0, 4));
  const lastYear = Number(span.last.slice(0, 4));
  // Within a month either side of the span; the nearest year otherwise.
  const slack = (iso: string) => {
    const t = Date.parse(iso);
    const lo = Date.parse(span.first) - 31 * 86_400_000;
    const hi = Date.parse(span.last) + 31 * 86_400_000;
    return t < lo ? lo - t : t > hi ? t - hi : 0;
  };
  let best: string | null = null;
  for (let y = firstYear - 1; y <= lastYear + 1; y++) {
    const v = isoDate(y, mon, day);
    if (v && (best === null || slack(v) < slack(best))) best = v;
  }
  return best ? { value: best, clean, text: matched } : null;
}

/** The first and last full dates in a document's text, or undefined when it prints none. */
export function dateSpanOf(allText: string, order: DateOrder): DateSpan | undefined {
  const found: string[] = [];
  const candidates =
    /\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}\.?\s*[A-Za-zÀ-ÿ]{3,10}\.?,?\s+\d{4}\b|\b[A-Za-zÀ-ÿ]{3,10}\.?\s+\d{1,2},?\s+\d{4}\b/g;
  for (const m of allText.matchAll(candidates)) {
    const parsed = parseDate(m[0], order);
    if (parsed) found.push(parsed.value);
    if (found.length >= 200) break;
  }
  if (found.length === 0) return undefined;
  found.sort();
  return { first: found[0], last: found[found.length - 1] };
}

/** Signs of a document written in the US (month first) or elsewhere (day first). */
const US_SIGNS = [/\$|\bUSD\b/, /\b(?:USA|U\.S\.A\.|United States)\b/, /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/];
const DAY_FIRST_SIGNS = [
  /[€£]|\b(?:EUR|GBP|AUD|NZD|CHF|INR|ZAR)\b/,
  /\b(?:Germany|Deutschland|France|Spain|España|Italy|Italia|Nederland|Netherlands|Portugal|United Kingdom|UK|Ireland|Australia|Österreich|Austria|Schweiz|Suisse|Belgi(?:um|que|ë)|Norway|Norge|Sweden|Sverige)\b/,
  /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/, // UK postcode
  /\bA\$|\bAU\$/,
];

/**
 * Decides the order of day and month in the document's ambiguous numeric dates: other numeric
 * dates with a day above 12 prove it; otherwise the currency and address hints vote (US → month
 * first), and the result stays flagged (certainty below the review threshold) unless they agree.
 */
export function dateOrderOf(allText: string): DateOrder {
  let dmy = 0;
  let mdy = 0;
  for (const m of allText.matchAll(/\b(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})\b/g)) {
    if (Number(m[1]) > 12) dmy++;
    else if (Number(m[2]) > 12) mdy++;
  }
  if (dmy !== mdy) return { order: dmy > mdy ? 'dmy' : 'mdy', certainty: dmy > 0 && mdy > 0 ? 0.8 : 1 };
  const us = US_SIGNS.filter((re) => re.test(allText)).length;
  const dayFirst = DAY_FIRST_SIGNS.filter((re) => re.test(allText)).length;
  if (us > 0 && dayFirst === 0) return { order: 'mdy', certainty: us >= 2 ? 0.85 : 0.6 };
  if (dayFirst > 0 && us === 0) return { order: 'dmy', certainty: dayFirst >= 2 ? 0.85 : 0.65 };
  if (us > dayFirst) return { order: 'mdy', certainty: 0.55 };
  return { order: 'dmy', certainty: 0.5 };
}
