/**
 * A statement row's date OCR garbled: its separators read as digits or lost ("12703" for 12/03,
 * "077122023" for 07/12/2023), a speck before it read as a digit ("122/08/2024"), its day read as a
 * letter or its month's name a letter off ("S January 2024", "17. Mätz 2023"). Taken alone such a
 * cell has several readings, or none; but a statement lists its rows in date order, so the row's date
 * lies between its neighbours' dates. Where exactly one reading of the cell does, that is the date.
 */
import { isoDate, monthsNear, parseDate } from '../dates';
import type { ParseContext } from '../parse';
import { DIGIT_READ_AS } from './values';

/** Letters OCR reads for a day's digits ("S January 2024"), a small s too. */
const DAY_DIGIT_READ_AS: Record<string, string> = { ...DIGIT_READ_AS, s: '5' };

/**
 * The dates a garbled cell may stand for: its digits parted into day, month and year; or, with its
 * month in words, the day's letters read as the digits they look like and the month's name one
 * letter off ("S January 2024", "17. Mätz 2023").
 */
export function garbledDateReadings(text: string, ctx: ParseContext): string[] {
  // Specks at the edges ('"077122023', "122/08/2024.") are no part of it.
  const core = text.trim().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  const worded = /^([\dSsOolIBZ]{1,2})\.?\s+(\p{L}{3,})\.?,?\s+(\d{4})$/u.exec(core);
  if (worded) return monthInWords(worded[1], worded[2], Number(worded[3]));
  if (!/^[\d/.\-|]{3,12}$/.test(core)) return [];
  const readings = new Set<string>();
  const read = (candidate: string) => {
    const parsed = parseDate(candidate, ctx.dateOrder, ctx.dateSpan);
    if (parsed && parsed.text === candidate) readings.add(parsed.value);
  };
  // Each character may be a separator read as a digit or a speck, or a digit: every way of keeping
  // the digits of a day (1–2), a month (1–2) and a year (none, 2 or 4) in order, any characters
  // between them dropped, the first character alone before the day (a speck).
  const chars = [...core];
  const parts = (from: number, to: number) => chars.slice(from, to).join('');
  for (const start of [0, 1])
    for (const day of [1, 2])
      for (const gap1 of [0, 1])
        for (const month of [1, 2])
          for (const year of [0, 2, 4])
            for (const gap2 of year ? [0, 1] : [0]) {
              if (start + day + gap1 + month + gap2 + year !== chars.length) continue;
              const monthAt = start + day + gap1;
              const d = parts(start, start + day);
              const m = parts(monthAt, monthAt + month);
              const y = parts(chars.length - year, chars.length);
              if (/^\d+$/.test(d + m + y)) read(y ? `${d}/${m}/${y}` : `${d}/${m}`);
            }
  return [...readings];
}

function monthInWords(dayText: string, word: string, year: number): string[] {
  const day = Number([...dayText].map((c) => DAY_DIGIT_READ_AS[c] ?? c).join(''));
  // A real calendar day only (no 30 February).
  return monthsNear(word).flatMap((month) => isoDate(year, month, day) ?? []);
}

/**
 * The dates of rows whose date cell did not read, from `unread` (row index → cell text): the one
 * reading between the nearest read dates before and after it, where the rows' dates run in one
 * order (oldest or newest first).
 */
export function settleGarbledDates(
  dates: (string | undefined)[],
  unread: Map<number, string>,
  ctx: ParseContext,
): Map<number, string> {
  const found = new Map<number, string>();
  const known = dates.filter((d): d is string => d !== undefined);
  if (unread.size === 0 || known.length < 2) return found;
  const rising = known.every((d, i) => i === 0 || d >= known[i - 1]);
  const falling = known.every((d, i) => i === 0 || d <= known[i - 1]);
  if (rising === falling) return found;
  // The nearest read date before and after each row, in one pass each way.
  const before: (string | undefined)[] = [];
  const after: (string | undefined)[] = [];
  let last: string | undefined;
  for (let i = 0; i < dates.length; i++) {
    before[i] = last;
    last = dates[i] ?? last;
  }
  let next: string | undefined;
  for (let i = dates.length - 1; i >= 0; i--) {
    after[i] = next;
    next = dates[i] ?? next;
  }
  for (const [index, text] of unread) {
    if (dates[index] !== undefined) continue;
    // Both neighbours are needed to bound a reading; one side alone leaves too many.
    const [lo, hi] = rising ? [before[index], after[index]] : [after[index], before[index]];
    if (lo === undefined || hi === undefined) continue;
    const fits = garbledDateReadings(text, ctx).filter((d) => d >= lo && d <= hi);
    if (fits.length === 1) found.set(index, fits[0]);
  }
  return found;
}
