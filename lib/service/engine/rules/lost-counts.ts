/**
 * A table row's count that OCR lost, worked out from the row's own figures (OCR only; the caller
 * flags what it returns as worked out):
 *   - run into the unit price's cell: "3 645€" (a count of 3, then 6,45 € whose comma was lost) is
 *     read as one figure, 3645; the count and the price are the two parts when they make the amount;
 *   - dropped or misread as a letter ("a" for 4): under a count's caption, a row with no count
 *     whose amount is its unit price a whole number of times counts that many (one where the price
 *     is the amount).
 */
import { countsFor } from './receipt-lines';

export interface LostCount {
  quantity: number;
  /** The unit price without the count run into it, when it was. */
  unitPrice?: { value: number; text: string };
}

/** A count of one as OCR reads it in letters ("il", "l", "|"). */
export const ONE_AS_LETTERS = /^[Iil|!]{1,2}\.?$/;

/** The most items of one row a worked-out count may stand for. */
const MAX_COUNT = 99;

/** A count of a few figures, a space, then the price: "3 645€", "2 £4.50". */
const COUNT_THEN_PRICE = /^\s*(\d{1,3})\s+(\S.*)$/;

export function lostCount(
  row: Record<string, unknown>,
  /** The unit price's cell as read. */
  priceText: string | undefined,
  /** The price a text holds (the column's type), or null. */
  priceOf: (text: string) => number | null,
  /** The table's header has a count's caption, and what its cell in this row holds unread. */
  countColumn: { caption: boolean; unread?: string },
): LostCount | null {
  const { quantity, unit_price: unit, amount } = row;
  if (quantity !== undefined || typeof amount !== 'number') return null;
  const run = priceText ? COUNT_THEN_PRICE.exec(priceText) : null;
  if (run) {
    const count = Number(run[1]);
    const read = priceOf(run[2]);
    // Its comma may be lost too where the amount kept its own ("3 645€" by "19,35 €").
    const prices = read === null ? [] : /\d[.,]\d/.test(run[2]) ? [read] : [read, read / 100];
    const price = prices.find((p) => countsFor({ qty: count, unit: p }, amount));
    if (count >= 1 && price !== undefined)
      return { quantity: count, unitPrice: { value: price, text: run[2] } };
  }
  // A count read as letters for one is one or nothing (the row's arithmetic may be what OCR misread).
  if (!countColumn.caption || ONE_AS_LETTERS.test(countColumn.unread?.trim() ?? '')) return null;
  if (typeof unit !== 'number' || unit <= 0) return null;
  const count = Math.round(amount / unit);
  return count >= 1 && count <= MAX_COUNT && countsFor({ qty: count, unit }, amount)
    ? { quantity: count }
    : null;
}
