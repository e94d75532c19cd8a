/** Turns the text of a value into the field's type (money, number, date, enum, boolean, string). */

import { isValidIban } from '../iban';
import {
  type ParseContext,
  type Parsed,
  parseBoolean,
  parseDate,
  parseEnum,
  parseMoney,
  parseNumber,
  parseString,
} from '../parse';
import type { FieldHint } from '../types';

/** The number `text` holds read as `hint`'s type (money, number); null when it holds none. */
export function numberIn(
  text: string | undefined,
  hint: FieldHint | undefined,
  ctx: ParseContext,
): number | null {
  const value = text !== undefined && hint && parseValue(text, hint, ctx)?.value;
  return typeof value === 'number' ? value : null;
}

export function parseValue(
  text: string,
  hint: FieldHint,
  ctx: ParseContext,
): Parsed<string | number | boolean> | null {
  if (hint.pick === 'last' && hint.type !== 'string') {
    // The shortest tail that parses holds the last value.
    const starts = [...text.matchAll(/\S+/g)].map((m) => m.index ?? 0).reverse();
    for (const start of starts) {
      const parsed = parseOne(text.slice(start), hint, ctx);
      if (parsed) return parsed;
    }
    return null;
  }
  return parseOne(text, hint, ctx);
}

function parseOne(
  text: string,
  hint: FieldHint,
  ctx: ParseContext,
): Parsed<string | number | boolean> | null {
  switch (hint.type) {
    case 'money':
      return parseMoney(text, ctx);
    case 'number':
      return parseNumber(text, ctx);
    case 'date':
      return parseDate(text, ctx);
    case 'enum':
      return hint.values ? parseEnum(text, hint.values) : parseString(text, hint.pattern);
    case 'boolean':
      return parseBoolean(text);
    default: {
      // OCR reads 0 as O and 1 as l inside numbers; identifiers (patterned or compacted) are repaired.
      let repaired = ctx.ocr && (hint.pattern || hint.compact) ? repairIdentifier(text) : text;
      if (ctx.ocr && hint.check === 'iban') repaired = repairIbanMisreads(repairIbanCheckDigits(repaired));
      if (ctx.ocr && hint.check === 'tax-id')
        repaired = repairVatIdCountry(repairVatIdDigit(repairNifCheckLetter(repaired)));
      const parsed = parseString(repaired, hint.pattern);
      // A patterned number is no date ("Receipt" over "03/03/2026" labels nothing there).
      if (parsed && hint.pattern && FULL_DATE.test(parsed.value)) return null;
      return parsed && hint.compact ? { ...parsed, value: parsed.value.replace(/\s+/g, '') } : parsed;
    }
  }
}

/**
 * An IBAN's check digits with the 8 read as B ("DEB9 3704 …", "DEB89 3704 …" → "DE89 3704 …"): the
 * two characters after the country code are always digits. The field's checksum test still decides.
 */
export function repairIbanCheckDigits(text: string): string {
  return text.replace(/\b([A-Z]{2})B8?(\d)(?=\s?\d{4})/g, '$18$2');
}

/**
 * An IBAN with characters OCR misread where its kind is fixed: a figure for a letter of the country
 * code ("1E49 …" for "IE49"), a letter for a figure of the check digits ("FRO3 …" for "FR03") or of
 * an account number that holds figures alone in its country ("PT72 BB42 …" for "PT72 8842 …").
 * Put back only where the IBAN then passes its check, which a wrong guess passes once in 97.
 */
export function repairIbanMisreads(text: string): string {
  return text.replace(IBAN_LIKE, (whole, code: string, check: string, account: string) => {
    const country = [...code].map((c) => CODE_LETTER_READ_AS[c] ?? c).join('');
    const figures = (part: string) => part.replace(/[SOoIlBZG]/g, (c) => DIGIT_READ_AS[c]);
    const mended =
      country + figures(check) + (FIGURES_ONLY_ACCOUNT.has(country) ? figures(account) : account);
    return mended !== whole && isValidIban(mended) ? mended : whole;
  });
}

/** Four characters, then 11 to 30 more in groups or not: an IBAN as OCR may have read it. */
const IBAN_LIKE = /(?<![\p{L}\d])([A-Z\d]{2})([\dSOoIlBZG]{2})((?:\s?[A-Z\dol]){11,30})(?![\p{L}\d])/gu;

/** Countries whose account numbers (the IBAN after its check digits) are figures alone. */
const FIGURES_ONLY_ACCOUNT = new Set('AT BE CZ DE DK EE ES FI HR HU LT NO PL PT SE SI SK'.split(' '));

/** Two amounts equal to the cent (sums of figures carry floating-point dust). */
export const sameCents = (a: number, b: number) => Math.abs(a - b) < 0.005;

/**
 * Three figures in a row that are a subtotal, a tax (or fee) and their total: the first two make
 * the third, the second smaller than the first.
 */
export const partsMakeTotal = (x: number, y: number, z: number) => y > 0 && y < x && sameCents(x + y, z);

/**
 * The figures a number read without its decimal separator may have been printed as ("7250" for
 * 72.50, "35" for 3.5): a tenth and a hundredth of it; none when its text shows a separator.
 */
export function lostPointReadings(value: number, text: string): number[] {
  return /\d[.,]\d/.test(text) ? [] : [value / 10, value / 100];
}

/**
 * The figure a number read with a space OCR put between its digits may have been printed as
 * ("11 2,09" for 112,09): read, such a number keeps only the part after the space; joined, its
 * digits make one number. None when the text holds no such space or `value` is not that part.
 */
export function splitDigitsReadings(value: number, text: string): number[] {
  const split = text.match(/(\d+)\s+(\d+)(?:[.,](\d+))?(?![\d.,])/);
  if (!split) return [];
  const [, before, digits, fraction] = split;
  const part = Number(`${digits}.${fraction ?? '0'}`);
  if (Math.abs(Math.abs(value) - part) > 0.001) return [];
  const joined = Number(before) * 10 ** digits.length + part;
  return [value < 0 ? -joined : joined];
}

/**
 * The figures a number OCR misread may have been printed as (see the readings above and below), and a
 * negative one without its minus: a speck before it read as one ("-1" for a count of 1).
 */
export function misreadFigures(value: number, text: string): number[] {
  return [
    ...lostPointReadings(value, text),
    ...splitDigitsReadings(value, text),
    ...lostCentReadings(value, text),
    ...(value < 0 ? [-value] : []),
  ];
}

/**
 * The figures a number read with one decimal where it printed two may have been (its last digit
 * cut off at the page's edge or lost to a speck: "€1.871,3", "€ 518.6:"): the ten with a second
 * decimal; none when its text shows two decimals or none.
 */
export function lostCentReadings(value: number, text: string): number[] {
  if (!/\d[.,]\d(?!\d)[^\d]*$/.test(text)) return [];
  const step = value < 0 ? -0.01 : 0.01;
  return Array.from({ length: 10 }, (_, d) => Math.round((value + d * step) * 100) / 100);
}

/** A Spanish NIF's check letter: the letter at its number modulo 23. */
const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** The letter OCR read as this digit: Z as 7 or 2, S as 5, B as 8, G as 6, D as 0. */
const LETTER_READ_AS: Record<string, string> = {
  '7': 'Z',
  '2': 'Z',
  '5': 'S',
  '8': 'B',
  '6': 'G',
  '0': 'D',
};

/**
 * A Spanish NIF's check letter read as a digit ("12345678Z" as "123456787"): nine digits in a row
 * whose first eight give, as their check letter, the very letter OCR takes that last digit for.
 * A Portuguese NIF or a Norwegian organisation number (nine digits whose own check digit holds)
 * stays as it is.
 */
export function repairNifCheckLetter(text: string): string {
  return text.replace(
    /\b(ES)?(\d{8})(\d)\b/g,
    (whole, es: string | undefined, digits: string, last: string) => {
      const letter = NIF_LETTERS[Number(digits) % 23];
      if (LETTER_READ_AS[last] !== letter || elevenCheckHolds(whole.slice(-9))) return whole;
      return `${es ?? ''}${digits}${letter}`;
    },
  );
}

/** The weighted modulo-11 check digit of a Portuguese NIF or a Norwegian organisation number. */
function elevenCheckHolds(nine: string): boolean {
  const holds = (weights: number[]) => {
    const sum = weights.reduce((a, w, i) => a + w * Number(nine[i]), 0);
    const check = 11 - (sum % 11);
    return (check >= 10 ? 0 : check) === Number(nine[8]);
  };
  return holds([9, 8, 7, 6, 5, 4, 3, 2]) || holds([3, 2, 7, 6, 5, 4, 3, 2]);
}

const FULL_DATE = /^(?:\d{1,2}[./-]\d{1,2}[./-]\d{4}|\d{4}-\d{2}-\d{2})$/;

/**
 * "INV-2O24-0O17" → "INV-2024-0017", "DE12345l789" → "DE123451789": letters OCR confuses with
 * digits, only where digits stand on both sides (a leading "NO" of a Norwegian VAT id stays). A Dutch
 * VAT id's fixed B (NL + 9 digits + B + 2 digits), read as 8, is a B again. An O read as a zero at
 * the head of a code of letters then digits ("0A45046") is an O again: a code starts so with a
 * letter ("OA", "OC": order acknowledgement, confirmation), hardly with a zero.
 */
export function repairIdentifier(text: string): string {
  return text
    .replace(/(?<=^\s*)0(?=[A-Z]{1,3}\d{3,}\s*$)/, 'O')
    .replace(/(?<=\d)[Oo]+(?=\d)/g, (m) => '0'.repeat(m.length))
    .replace(/(?<=\d)[lI|]+(?=\d)/g, (m) => '1'.repeat(m.length))
    .replace(/\b(NL\s?\d{9})8(\d{2})\b/g, '$1B$2');
}

/**
 * Letters OCR reads for digits (`PTS84450609` for `PT584450609`), put back only in a VAT id whose
 * country prints digits alone after its code (`VAT_ID_DIGITS`): one such letter among at least
 * seven digits.
 */
export function repairVatIdDigit(text: string): string {
  return text.replace(DIGITS_ONLY_VAT_ID, (whole, country: string, number: string) =>
    number.replace(/\d/g, '').length === 1 ? country + number.replace(/\D/, (c) => DIGIT_READ_AS[c]) : whole,
  );
}

/**
 * A VAT id whose country code OCR read as figures (`1745110946752` for `IT45110946752`: I as 1, T
 * as 7): put back where the two figures read as letters make the code of a country that prints
 * figures alone after it, and the figures after them are as many as that country's ids hold.
 */
export function repairVatIdCountry(text: string): string {
  return text.replace(/\b([\dA-Z]{2})(\d{8,12})\b/g, (whole, code: string, number: string) => {
    if (/^[A-Z]{2}$/.test(code)) return whole;
    const country = [...code].map((c) => CODE_LETTER_READ_AS[c] ?? c).join('');
    return VAT_ID_DIGITS[country]?.includes(number.length) ? country + number : whole;
  });
}

/** The letter of a country code each figure OCR takes for one stands for. */
const CODE_LETTER_READ_AS: Record<string, string> = {
  '1': 'I',
  '7': 'T',
  '0': 'D',
  '5': 'S',
  '8': 'B',
  '6': 'G',
};

/**
 * The countries whose VAT ids print figures alone after their code (not Spain, France, Austria,
 * Ireland, Cyprus or the Netherlands, whose ids hold letters of their own), and how many.
 */
const VAT_ID_DIGITS: Record<string, number[]> = {
  ...{ PT: [9], DE: [9], IT: [11], BE: [10], DK: [8], FI: [8], SE: [12], PL: [10], LU: [8], SI: [8] },
  ...{ HU: [8], HR: [11], EE: [9], LV: [11], LT: [9, 12], BG: [9, 10], SK: [10], EL: [9], MT: [8] },
  ...{ GB: [9, 12], RO: [2, 3, 4, 5, 6, 7, 8, 9, 10] },
};

/** The digit each letter OCR takes for one stands for. */
export const DIGIT_READ_AS: Record<string, string> = {
  S: '5',
  O: '0',
  o: '0',
  I: '1',
  l: '1',
  B: '8',
  Z: '2',
  G: '6',
};
/** A VAT id of such a country, a letter OCR may read for a digit among its figures. */
const DIGITS_ONLY_VAT_ID = new RegExp(
  `\\b(${Object.keys(VAT_ID_DIGITS).join('|')})([\\dSOoIlBZG]{8,12})\\b`,
  'g',
);
