/**
 * A table row's count that OCR lost, worked out from the row's own figures (OCR only; the caller
 * flags what it returns as worked out):
 *   - run into the unit price's cell: "3 645€" (a count of 3, then 6,45 € whose comma was lost) is
 *     read as one figure, 3645; the count and the price are the two parts when they make the amount;
 *   - dropped where it was one: under a count's caption, a row with no count whose unit price is its
 *     amount counts one.
 */
import { countsFor } from './receipt-lines';

export interface LostCount {
  quantity: number;
  /** The unit price without the count run into it, when it was. */
  unitPrice?: { value: number; text: string };
}

/** A count of a few figures, a space, then the price: "3 645€", "2 £4.50". */
const COUNT_THEN_PRICE = /^\s*(\d{1,3})\s+(\S.*)$/;

export function lostCount(
  row: Record<string, unknown>,
  /** The unit price's cell as read. */
  priceText: string | undefined,
  /** The price a text holds (the column's type), or null. */
  priceOf: (text: string) => number | null,
  /** The table's header has a count's caption. */
  countColumn: boolean,
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
  if (countColumn && typeof unit === 'number' && unit !== 0 && Math.abs(unit - amount) < 0.005)
    return { quantity: 1 };
  return null;
}
