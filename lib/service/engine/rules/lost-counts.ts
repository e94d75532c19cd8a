/**
 * A table row's count that OCR lost, worked out from the row's own figures (OCR only; the caller
 * flags what it returns as worked out):
 *   - run into the unit price's cell: "3 645€" (a count of 3, then 6,45 € whose comma was lost) is
 *     read as one figure, 3645; the count and the price are the two parts when they make the amount;
 *   - glued to the price, the space between them lost too (a till roll's narrow columns on a scan):
 *     "112,20" for a count of 1 and 12,20, "3810.45" for 3 and $10.45 (the dollar read as 8), under
 *     a count's caption, where the two make the amount;
 *   - dropped or misread as a letter ("a" for 4): under a count's caption, a row with no count
 *     whose amount is its unit price a whole number of times counts that many (one where the price
 *     is the amount).
 */
import { countsFor, wholeCount } from './receipt-lines';

export interface LostCount {
  quantity: number;
  /** The unit price without the count run into it, when it was. */
  unitPrice?: { value: number; text: string };
}

/** A count of one as OCR reads it in letters ("il", "l", "|"). */
export const ONE_AS_LETTERS = /^[Iil|!]{1,2}\.?$/;

/**
 * A count of a few figures, a space, then the price: "3 645€", "2 £4.50", or the space read as a
 * mark before a price that lost its own ("3.1245" for 3 12,45: four figures after a mark are no
 * decimals and no group of thousands).
 */
const COUNT_THEN_PRICE = /^\s*(\d{1,3})(?:\s+|[.,](?=\d{4}(?!\d)))(\S.*)$/;

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
    const split = countAndPrice(run[1], run[2], priceOf, amount);
    if (split) return split;
  }
  // A count read as letters for one is one or nothing (the row's arithmetic may be what OCR misread).
  if (!countColumn.caption || ONE_AS_LETTERS.test(countColumn.unread?.trim() ?? '')) return null;
  const count = typeof unit === 'number' ? wholeCount(amount, unit) : null;
  if (count !== null) return { quantity: count };
  const glued = priceText?.trim() ?? '';
  for (const digits of [1, 2]) {
    // The price's currency sign between them may be read as a figure too ("3810.45" for 3 $10.45).
    for (const sign of [0, 1]) {
      if (sign && !SIGN_READ_AS.includes(glued[digits] ?? '')) continue;
      const price = glued.slice(digits + sign);
      const split = /^\d/.test(price) ? countAndPrice(glued.slice(0, digits), price, priceOf, amount) : null;
      if (split) return split;
    }
  }
  return null;
}

/** What OCR reads a currency sign before a price as: "$" as 8, S or 5; "€" as € or C; "£" as £ or E. */
const SIGN_READ_AS = '$€£8S5CE';

/** A count and the price after it, read apart, when they make the amount. */
function countAndPrice(
  countText: string,
  priceText: string,
  priceOf: (text: string) => number | null,
  amount: number,
): LostCount | null {
  if (!/^\d+$/.test(countText)) return null;
  const count = Number(countText);
  const read = priceOf(priceText);
  // Its comma may be lost too where the amount kept its own ("3 645€" by "19,35 €").
  const prices = read === null ? [] : /\d[.,]\d/.test(priceText) ? [read] : [read, read / 100];
  const price = prices.find((p) => countsFor({ qty: count, unit: p }, amount));
  return count >= 1 && price !== undefined
    ? { quantity: count, unitPrice: { value: price, text: priceText } }
    : null;
}
