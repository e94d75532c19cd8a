/**
 * Pieces every invoice-like layout (invoices, orders) assembles differently: line-table columns and
 * totals rows. Layouts choose the order, headers and wording; these only print the model's values.
 */
import type { Formatter } from './formats';
import { type Column, esc } from './html';
import type { Line, TaxRow, Totals } from './types';

/** Column builders: each takes its header text (and how to print money, bare numbers by default). */
export function columns(fmt: Formatter) {
  const money = (n: number | undefined, withCurrency: boolean) =>
    n === undefined ? '' : esc(withCurrency ? fmt.money(n) : fmt.num(n));
  return {
    pos: (head: string): Column<Line> => ({ head, align: 'c', width: '8mm', cell: (_l, i) => String(i + 1) }),
    sku: (head: string): Column<Line> => ({
      head,
      cell: (l) => `<span class="nw">${esc(l.sku ?? '')}</span>`,
    }),
    description: (head: string): Column<Line> => ({ head, cell: (l) => esc(l.description) }),
    qty: (head: string): Column<Line> => ({
      head,
      align: 'r',
      cell: (l) => (l.quantity === undefined ? '' : esc(fmt.qty(l.quantity))),
    }),
    /** Quantity and unit in one cell: "12 Stk." */
    qtyUnit: (head: string): Column<Line> => ({
      head,
      align: 'r',
      cell: (l) => (l.quantity === undefined ? '' : esc(`${fmt.qty(l.quantity)} ${l.unit ?? ''}`.trim())),
    }),
    unit: (head: string): Column<Line> => ({ head, align: 'c', cell: (l) => esc(l.unit ?? '') }),
    price: (head: string, withCurrency = false): Column<Line> => ({
      head,
      align: 'r',
      cell: (l) => money(l.unitPrice, withCurrency),
    }),
    discount: (head: string): Column<Line> => ({
      head,
      align: 'r',
      cell: (l) => (l.discountPct ? esc(fmt.pct(l.discountPct)) : ''),
    }),
    rate: (head: string): Column<Line> => ({ head, align: 'r', cell: (l) => esc(fmt.pct(l.taxRate)) }),
    amount: (head: string, withCurrency = false): Column<Line> => ({
      head,
      align: 'r',
      cell: (l) => money(l.amount, withCurrency),
    }),
  };
}

export interface TotalsWording {
  subtotal: string;
  shipping?: string;
  /** A tax row's label from its formatted rate ("19 %") and the row. */
  tax: (rate: string, row: TaxRow) => string;
  /** Printed after the tax rows when there are several (so the document states the tax it charges). */
  taxTotal?: string;
  total: string;
}

/** Subtotal, shipping row, one row per tax rate, total: [label, printed amount, row class]. */
export function totalsRows(
  fmt: Formatter,
  totals: Totals,
  w: TotalsWording,
  money: (n: number) => string = fmt.money,
): [string, string, string?][] {
  const rows: [string, string, string?][] = [[w.subtotal, money(totals.subtotal)]];
  if (totals.shipping !== undefined) rows.push([w.shipping ?? 'Shipping', money(totals.shipping)]);
  for (const t of totals.taxes) rows.push([w.tax(fmt.pct(t.rate), t), money(t.amount)]);
  if (totals.taxes.length > 1 && w.taxTotal) rows.push([w.taxTotal, money(totals.tax)]);
  rows.push([w.total, money(totals.total), 'grand']);
  return rows;
}
