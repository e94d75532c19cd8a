/**
 * A statement's transactions read as a ledger: the opening balance plus each row's movement makes
 * its running balance, and the last makes the closing balance. OCR loses decimal points ("72.50"
 * read as 7250) and minus signs ("-64,37" read as 64,37), and reads a speck before a figure as a
 * digit of it ("14816.03" for 4816.03); where exactly one such misreading makes the ledger agree,
 * that is the figure printed.
 *
 * Columns by convention: `debit` and `credit` (unsigned), `amount` (signed), `balance` (running).
 */
import { misreadFigures } from './values';

export interface LedgerFix {
  index: number;
  key: string;
  value: number;
}

type Row = Record<string, unknown>;

const MOVEMENT_KEYS = ['debit', 'credit', 'amount'] as const;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const cents = (v: number) => Math.round(v * 100);
const same = (a: number, b: number) => cents(a) === cents(b);

/** What a row's figures move the balance by; null when it shows none. */
function movement(row: Row): number | null {
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

/**
 * Single-figure repairs that make the ledger agree. `textOf` gives the text a figure was read
 * from. The rows between two running balances (the opening balance first, the closing balance
 * last) must move the one to the other; where they do not, and exactly one misreading of one of
 * their figures, or of the balance itself, makes them, that is the repair.
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
  /** Checks the rows since the last balance against the next; returns that balance as repaired. */
  const settle = (from: number | null, segment: number[], to: number, balanceRow: number | null) => {
    const movements = segment.map((j) => movement(rows[j]));
    if (from === null || movements.some((m) => m === null)) return to;
    const sum = (movements as number[]).reduce((a, m) => a + m, 0);
    if (same(from + sum, to)) return to;
    const figures = segment.flatMap((j, k) =>
      alternatives(j, MOVEMENT_KEYS).filter((f) => {
        const moved = movement({ ...rows[j], [f.key]: f.value }) as number;
        return same(from + sum - (movements[k] as number) + moved, to);
      }),
    );
    // Otherwise the balance may be the misread figure.
    const balances =
      figures.length || balanceRow === null
        ? []
        : alternatives(balanceRow, ['balance']).filter((f) => same(from + sum, f.value));
    const found = [...figures, ...balances];
    if (found.length !== 1) return to;
    fixes.push(found[0]);
    return found[0].key === 'balance' ? found[0].value : to;
  };

  let balance = isNum(opening) ? opening : null;
  let segment: number[] = [];
  for (const [i, row] of rows.entries()) {
    segment.push(i);
    if (!isNum(row.balance)) continue;
    balance = settle(balance, segment, row.balance, i);
    segment = [];
  }
  if (segment.length > 0 && isNum(closing)) settle(balance, segment, closing, null);
  return fixes;
}
