/**
 * An item's figure OCR misread by one digit ("17,80" for "17,00", "8,00" for "3,00") or read
 * without its leading group of thousands ("485,24" for "2 485,24"), or its count read as another
 * ("3" for 4), or both in one row ("1" and "3330,01" for 11 and 3330,91): the row's count × price
 * and the document's own sum tell which figure it was. Only where both agree is a figure changed,
 * and it is flagged as worked out for the reviewer to look at.
 */
import { wholeCount } from './receipt-lines';

export interface ItemFix {
  index: number;
  key: 'amount' | 'unit_price' | 'quantity';
  value: number;
}

const cents = (v: number) => Math.round(v * 100);
/** A figure as printed with its cents ("17.80"), to compare digit by digit. */
const written = (v: number) => (cents(v) / 100).toFixed(2);

/** Two amounts written with the same number of digits, one of them different ("17.80", "17.00"). */
export function oneDigitApart(a: number, b: number): boolean {
  return oneCharApart(written(a), written(b));
}

/** Two texts of one length that differ in one place only. */
function oneCharApart(x: string, y: string): boolean {
  return x.length === y.length && [...x].filter((c, i) => c !== y[i]).length === 1;
}

/**
 * A figure OCR read without its leading group of thousands ("485,24" for "2 485,24": the space
 * or the mark before the group taken for a gap between two cells, the lone digit lost).
 */
export function lostLeadingGroup(actual: number, read: number): boolean {
  const x = written(actual);
  const y = written(read);
  return /^\d{3}\./.test(y) && x.length > y.length && x.endsWith(y);
}

/** Could OCR have read a whole count as another: one digit misread ("8" for 3) or lost ("1" for 11)? */
function countMisreadAs(actual: number, read: number): boolean {
  const x = String(actual);
  const y = String(read);
  if (x.length === y.length) return oneCharApart(x, y);
  return x.length === y.length + 1 && [...x].some((_, i) => x.slice(0, i) + x.slice(i + 1) === y);
}

/** Could OCR have read `actual` as `read` (one digit misread, or its leading group lost)? */
const misreadAs = (actual: number, read: number) =>
  oneDigitApart(actual, read) || lostLeadingGroup(actual, read);

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The fixes for a table's rows, given the figures the items' amounts must add up to (the subtotal,
 * else the total). While the amounts do not add up, one row whose count × price is one digit off its
 * amount (or its amount without the leading group) takes count × price — when that, and only that
 * one row's, makes them add up; or, its count misread as well ("1" for 11), the amount the sum
 * leaves it, where that is its price a whole number of times and that number one digit off the
 * count. Once they do add up, a whole count the amount ÷ price (to the cent) contradicts takes that,
 * and a price so misread from its amount ÷ count (to the cent) takes that.
 */
export function settleItemFigures(rows: Record<string, unknown>[], sums: number[]): ItemFix[] {
  const amounts = rows.map((r) => num(r.amount));
  if (sums.length === 0 || amounts.some((a) => a === null)) return [];
  const addsUp = (total: number) => sums.some((s) => Math.abs(total - s) < 0.011);
  const total = (amounts as number[]).reduce((s, a) => s + a, 0);
  const counted = rows.flatMap((r, index) => {
    const qty = num(r.quantity);
    const unit = num(r.unit_price);
    const amount = amounts[index] as number;
    return qty !== null && unit !== null && qty > 0 ? [{ index, qty, unit, amount }] : [];
  });
  if (!addsUp(total)) {
    const amountMisread = counted.flatMap(({ index, qty, unit, amount }): ItemFix[] => {
      const made = cents(qty * unit) / 100;
      if (cents(made) === cents(amount) || !misreadAs(made, amount)) return [];
      return addsUp(total - amount + made) ? [{ index, key: 'amount', value: made }] : [];
    });
    // Its count misread too ("1" for 11), only where no row's one misreading explains the sum: the
    // amount the sum leaves the row, where OCR could have read it as printed and it is the price a
    // whole number of times that OCR could have read as the count.
    const countMisreadToo = () =>
      counted.flatMap(({ index, qty, unit, amount }) =>
        sums.flatMap((sum): ItemFix[] => {
          const left = cents(sum - total + amount) / 100;
          const count = wholeCount(left, unit);
          if (count === null || !misreadAs(left, amount) || !countMisreadAs(count, qty)) return [];
          return [
            { index, key: 'amount', value: left },
            { index, key: 'quantity', value: count },
          ];
        }),
      );
    const fixes = amountMisread.length > 0 ? amountMisread : countMisreadToo();
    if (new Set(fixes.map((f) => f.index)).size !== 1 || fixes.length > 2) return [];
    // The amounts add up now: the other rows' counts and prices are checked against them.
    const fixed = rows.map((r, i) => (i === fixes[0].index ? { ...r } : r));
    for (const f of fixes) fixed[f.index][f.key] = f.value;
    return [...fixes, ...settleItemFigures(fixed, sums).filter((f) => f.index !== fixes[0].index)];
  }
  return counted.flatMap(({ index, qty, unit, amount }): ItemFix[] => {
    // A whole count read as another ("3" for 4, "7" for 1): the amount is the price exactly that
    // many times, to the cent, which a misread amount or price hardly ever is.
    const count = wholeCount(amount, unit);
    if (Number.isInteger(qty) && count !== null && count !== qty)
      return [{ index, key: 'quantity' as const, value: count }];
    const price = cents(amount / qty) / 100;
    if (cents(price * qty) !== cents(amount) || cents(price) === cents(unit) || !misreadAs(price, unit))
      return [];
    return [{ index, key: 'unit_price' as const, value: price }];
  });
}
