/**
 * A statement's running-balance column whose caption OCR lost ("Saldo" read as a speck far from
 * the other captions, or not at all). Without a caption its figures fall in the movement column
 * beside it: two figures in one column, of which the column keeps the right one (see
 * `assignCells`), so every row's amount was its balance and no balance was read. The figures say
 * what the column is: where each row's right-hand figure is the one above it moved by the row's
 * amount (or debit, or credit), on most rows, they are the running balance, and the column gets
 * its caption back.
 */
import type { ParseContext } from '../parse';
import type { FieldHint } from '../types';
import { assignCells } from './cells';
import type { Anchor } from './header';
import { MOVEMENT_KEYS, movement } from './ledger';
import { type LineRef, x0, x1 } from './page-view';
import { numberIn } from './values';

/**
 * The header with a `balance` anchor over the figures right of its last column, when the table
 * has a balance column, its header shows none, and those figures make a running balance;
 * otherwise the header as it is.
 */
export function withLostBalanceColumn(
  header: Anchor[],
  rows: LineRef[],
  types: Map<string, FieldHint>,
  ctx: ParseContext,
): Anchor[] {
  const balanceHint = types.get('balance');
  if (!ctx.ocr || !balanceHint || header.some((a) => a.key === 'balance')) return header;
  const last = header[header.length - 1];
  if (!last || !(MOVEMENT_KEYS as readonly string[]).includes(last.key)) return header;
  // The figures the last column holds right of its own: each row's last of two.
  const right: { x0: number; x1: number }[] = [];
  for (const row of rows) {
    const { cells, strays } = assignCells(row, header, types);
    const cell = cells.get(last.key);
    if (!cell || strays.length === 0 || numberIn(cell.text, balanceHint, ctx) === null) continue;
    right.push({ x0: Math.min(...cell.parts.map(x0)), x1: Math.max(...cell.parts.map(x1)) });
  }
  if (right.length < 2) return header;
  const balance: Anchor = {
    key: 'balance',
    x0: Math.min(...right.map((b) => b.x0)),
    x1: Math.max(...right.map((b) => b.x1)),
    span: -1,
    text: '',
  };
  // The new column starts past the movement column's own figures.
  if (balance.x0 <= last.x1) return header;
  const probe = [...header, balance];
  return runsAsBalance(probe, rows, types, ctx) ? probe : header;
}

/** Do most rows' balances follow from the one above and the row's movement (twice as many as not)? */
function runsAsBalance(header: Anchor[], rows: LineRef[], types: Map<string, FieldHint>, ctx: ParseContext) {
  let agree = 0;
  let disagree = 0;
  let before: number | null = null;
  for (const row of rows) {
    const { cells } = assignCells(row, header, types);
    const balance = numberIn(cells.get('balance')?.text, types.get('balance'), ctx);
    // The row's one movement figure (a row showing two says nothing here).
    const figures = MOVEMENT_KEYS.flatMap((key) => {
      const value = numberIn(cells.get(key)?.text, types.get(key), ctx);
      return value === null ? [] : [[key, value] as const];
    });
    const moved = figures.length === 1 ? movement(Object.fromEntries(figures)) : null;
    if (balance !== null && before !== null && moved !== null) {
      if (Math.abs(before + moved - balance) < 0.005) agree++;
      else disagree++;
    }
    if (balance !== null) before = balance;
  }
  return agree >= 2 && agree > 2 * disagree;
}
