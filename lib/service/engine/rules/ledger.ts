/**
 * A statement's transactions read as a ledger: the opening balance plus each row's movement makes
 * its running balance, and the last makes the closing balance. OCR loses decimal points ("72.50"
 * read as 7250) and minus signs ("-64,37" read as 64,37), and reads a speck before a figure as a
 * digit of it ("14816.03" for 4816.03); where exactly one such misreading makes the ledger agree,
 * that is the figure printed. A minus may also move from a figure to its balance ("„284.57" by
 * "7'931.36-"): two misreadings, taken only where the next balance confirms the repaired one. A
 * digit misread for another ("582.29" for 502.29) is put right only where the next balance
 * confirms the one the figure must make.
 *
 * Columns by convention: `debit` and `credit` (unsigned), `amount` (signed), `balance` (running).
 */
import { oneDigitApart } from './item-figures';
import { misreadFigures } from './values';

export interface LedgerFix {
  index: number;
  key: string;
  value: number;
}

type Row = Record<string, unknown>;

export const MOVEMENT_KEYS = ['debit', 'credit', 'amount'] as const;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const cents = (v: number) => Math.round(v * 100);
const same = (a: number, b: number) => cents(a) === cents(b);

/** What a row's figures move the balance by; null when it shows none. */
export function movement(row: Row): number | null {
  const { debit, credit, amount } = row;
  if (!isNum(debit) && !isNum(credit) && !isNum(amount)) return null;
  return (isNum(credit) ? credit : 0) - (isNum(debit) ? debit : 0) + (isNum(amount) ? amount : 0);
}

/**
 * The figures OCR may have turned `value` into: a tenth or a hundredth of it when its text shows
 * no decimal separator, its digits joined across a space OCR put between them, and the other sign
 * for a signed figure.
 */
function misreadings(key: string, value: number, text: string): number[] {
  const signed = key === 'amount' || key === 'balance';
  return [
    ...new Set([...misreadFigures(value, text), ...(signed ? [-value] : []), ...withoutLeadingDigit(value)]),
  ];
}

/** A speck or a rule before a figure read as a digit of it ("14816.03" for "4816.03"). */
function withoutLeadingDigit(value: number): number[] {
  const digits = String(Math.abs(cents(value)));
  if (digits.length < 4) return [];
  return [(Math.sign(value) * Number(digits.slice(1))) / 100];
}

/** What a row's figures other than `key` move the balance by. */
const otherMovement = (row: Row, key: string) => movement({ ...row, [key]: undefined }) ?? 0;

/** A figure of ten or more read with one digit for another ("582.29" for 502.29; see item-figures.ts). */
const digitOff = (read: number, printed: number) => Math.abs(printed) >= 10 && oneDigitApart(read, printed);

/**
 * Repairs that make the ledger agree. `textOf` gives the text a figure was read from. The rows
 * between two running balances (the opening balance first, the closing balance last) must move the
 * one to the other; where they do not, and exactly one misreading of one of their figures, or of
 * the balance itself, makes them, that is the repair. Where none does, one misreading of a figure
 * and one of the balance together may, when the rows after that balance agree with it as repaired.
 */
export function settleLedger(
  rows: Row[],
  opening: unknown,
  closing: unknown,
  textOf: (index: number, key: string) => string,
): LedgerFix[] {
  const alternatives = (index: number, keys: readonly string[]) =>
    keys.flatMap((key) => {
      const value = rows[index][key];
      if (!isNum(value)) return [];
      return misreadings(key, value, textOf(index, key)).map((v) => ({ index, key, value: v }));
    });
  const fixes: LedgerFix[] = [];
  /** What the rows move the balance by together; null when one of them shows no figure. */
  const totalOf = (movements: (number | null)[]) =>
    movements.some((m) => m === null) ? null : (movements as number[]).reduce((a, m) => a + m, 0);
  const sumOf = (segment: number[]) => totalOf(segment.map((j) => movement(rows[j])));
  /** Checks the rows since the last balance against the next; returns that balance as repaired. */
  const settle = (
    from: number | null,
    segment: number[],
    to: number,
    balanceRow: number | null,
    /** Whether a balance here agrees with the rows after it (false where none follow). */
    confirmed: (balance: number) => boolean,
  ) => {
    const movements = segment.map((j) => movement(rows[j]));
    const sum = totalOf(movements);
    if (from === null || sum === null) return to;
    if (same(from + sum, to)) return to;
    const moved = (f: LedgerFix, k: number) =>
      from + sum - (movements[k] as number) + (movement({ ...rows[f.index], [f.key]: f.value }) as number);
    const alternativesBySegment = segment.map((j) => alternatives(j, MOVEMENT_KEYS));
    const figures = alternativesBySegment.flatMap((fs, k) => fs.filter((f) => same(moved(f, k), to)));
    // Otherwise the balance may be the misread figure.
    const balances =
      figures.length || balanceRow === null
        ? []
        : alternatives(balanceRow, ['balance']).filter((f) => same(from + sum, f.value));
    const found = [...figures, ...balances];
    if (found.length === 1) {
      fixes.push(found[0]);
      return found[0].key === 'balance' ? found[0].value : to;
    }
    // Or both, a figure and the balance (a minus read as a mark before the one and after the other:
    // "„284.57" by "7'931.36-"), where the rows after it agree with the balance so repaired.
    if (found.length > 0 || balanceRow === null) return to;
    const pairs = alternatives(balanceRow, ['balance']).flatMap((b) =>
      confirmed(b.value)
        ? alternativesBySegment.flatMap((fs, k) =>
            fs.filter((f) => same(moved(f, k), b.value)).map((f) => [f, b]),
          )
        : [],
    );
    if (pairs.length === 1) {
      fixes.push(...pairs[0]);
      return pairs[0][1].value;
    }
    const digit = oneDigitMisread(segment, movements, from, sum, to, balanceRow, confirmed);
    if (digit) fixes.push(digit);
    return digit?.key === 'balance' ? digit.value : to;
  };
  /**
   * One digit of one figure misread for another ("582.29" for 502.29, "4313.32" for 4373.32): where
   * the balance the rows after confirm is what the rows before make but for one figure of this
   * segment, whose reading is one digit off the figure that would make it, that is the figure; or
   * the balance, one digit off what the rows before make, where the rows after confirm that sum.
   */
  const oneDigitMisread = (
    segment: number[],
    movements: (number | null)[],
    from: number,
    sum: number,
    to: number,
    balanceRow: number | null,
    confirmed: (balance: number) => boolean,
  ): LedgerFix | null => {
    if (
      balanceRow !== null &&
      digitOff(rows[balanceRow].balance as number, from + sum) &&
      confirmed(from + sum)
    )
      return { index: balanceRow, key: 'balance', value: Math.round((from + sum) * 100) / 100 };
    if (!confirmed(to)) return null;
    const found = segment.flatMap((j, k) =>
      MOVEMENT_KEYS.flatMap((key) => {
        const read = rows[j][key];
        if (!isNum(read)) return [];
        // What the figure must be: debits move the balance down, credits and signed amounts by their sign.
        const needed =
          (key === 'debit' ? -1 : 1) *
          (to - (from + sum - (movements[k] as number)) - otherMovement(rows[j], key));
        return digitOff(read, needed) ? [{ index: j, key, value: Math.round(needed * 100) / 100 }] : [];
      }),
    );
    return found.length === 1 ? found[0] : null;
  };

  // The rows that show a running balance, and the segment of rows each one closes.
  const indexes = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
  const balanceRows = rows.flatMap((row, i) => (isNum(row.balance) ? [i] : []));
  const segmentBefore = (k: number) => indexes(k > 0 ? balanceRows[k - 1] + 1 : 0, balanceRows[k] + 1);
  const confirmedAt = (k: number) => (balance: number) => {
    const next = k + 1 < balanceRows.length ? (rows[balanceRows[k + 1]].balance as number) : closing;
    const sum = sumOf(
      k + 1 < balanceRows.length ? segmentBefore(k + 1) : indexes(balanceRows[k] + 1, rows.length),
    );
    return isNum(next) && sum !== null && same(balance + sum, next);
  };
  let balance = isNum(opening) ? opening : null;
  for (const [k, i] of balanceRows.entries())
    balance = settle(balance, segmentBefore(k), rows[i].balance as number, i, confirmedAt(k));
  const tail = indexes(balanceRows.length ? balanceRows[balanceRows.length - 1] + 1 : 0, rows.length);
  if (tail.length > 0 && isNum(closing)) settle(balance, tail, closing, null, () => false);
  return fixes;
}
