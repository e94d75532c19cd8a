/**
 * Amounts whose decimal mark OCR lost: on a low-resolution scan a comma or point is a pixel or
 * two, and "3,99 €" comes back as "399€", "€ 10,50" as "€1050". The row's arithmetic cannot tell
 * (2 × 399 = 798 holds as well as 2 × 3.99 = 7.98), the document's other amounts can: where they
 * are written with cents, a table's money figure of three or more digits with no mark at all lost it.
 * Where every figure of the table lost its mark (a till roll read at a bad angle: `€845`, `€640`),
 * one column's figures must add up, in cents, to an amount the document prints with cents (the
 * subtotal under them). The figure is read in cents and flagged as worked out, for the reviewer.
 */
import type { FieldHint } from '../types';
import { type DocView, WORKED_OUT_CONFIDENCE } from './page-view';
import type { TableOutcome } from './tables';
import { sameCents } from './values';

/** Amounts written with cents in a text: a mark and two digits, not part of a date ("22.03.2024"). */
const amountsWithCents = (text: string) =>
  text.match(/(?<![\d.,])\d{1,3}(?:[.,' ]\d{3})*[.,]\d{2}(?![\d.,]|\s?%)/g) ?? [];
const withCents = (text: string) => amountsWithCents(text).length;
/** The same amounts in cents (`1.234,56` and `1,234.56` alike). */
const centsIn = (text: string) => amountsWithCents(text).map((m) => Number(m.replace(/\D/g, '')));
/** A figure with no mark at all: three digits or more, a currency sign or code beside it at most. */
const NO_MARK = /^[^\d.,:;]*?(-?\d{3,})[^\d.,:;]*$/;
/** Amounts with cents in the document before its figures without a mark are read in cents. */
const ENOUGH_WITH_CENTS = 3;

export function restoreLostCents(
  out: TableOutcome,
  pointer: string,
  types: Map<string, FieldHint>,
  views: DocView[],
): void {
  const money = [...types].filter(([, h]) => h.type === 'money').map(([key]) => key);
  const document =
    out.sources[Object.keys(out.sources).find((p) => p.startsWith(`${pointer}/`)) ?? '']?.document;
  const view = views.find((v) => v.index === document);
  if (!view?.ctx.ocr || money.length === 0) return;
  const cells = out.rows.flatMap((row, i) =>
    money
      .filter((key) => typeof row[key] === 'number')
      .map((key) => ({ row, key, path: `${pointer}/${i}/${key}` })),
  );
  const texts = cells.map((c) => out.sources[c.path]?.text ?? '');
  const documentText = view.pages
    .flat()
    .map((l) => l.line.text)
    .join('\n');
  if (withCents(documentText) < ENOUGH_WITH_CENTS) return;
  const lost = cells.filter((cell, i) => {
    const m = NO_MARK.exec(texts[i].trim());
    return m !== null && Math.abs(Number(m[1])) === Math.abs(cell.row[cell.key] as number);
  });
  const someWithCents = texts.some((t) => withCents(t) > 0);
  if (!someWithCents && (lost.length < cells.length || !sumPrinted(lost, money, documentText))) return;
  for (const cell of lost) {
    cell.row[cell.key] = (cell.row[cell.key] as number) / 100;
    out.confidence[cell.path] = WORKED_OUT_CONFIDENCE;
  }
}

/** Whether one money column's figures, read in cents, add up to an amount the document prints with cents. */
function sumPrinted(cells: { row: Record<string, unknown>; key: string }[], money: string[], text: string) {
  const printed = new Set(centsIn(text));
  return money.some((key) => {
    const column = cells.filter((c) => c.key === key);
    const sum = column.reduce((total, c) => total + Math.round(c.row[key] as number), 0);
    return column.length >= 2 && printed.has(sum);
  });
}

/**
 * Items whose every figure lost its decimal mark (`€845`, `€640`) on a page with too few amounts
 * written with cents to tell (see `restoreLostCents`): where their amounts, read in cents, add up
 * to what the document's totals say they must (a subtotal found by its label or by the line of
 * figures under them), they were printed so. The cells (`${index}/${key}`) to read in cents; none
 * when any figure has a mark or the sum says otherwise.
 */
export function centsBySum(
  rows: Record<string, unknown>[],
  money: string[],
  textOf: (cell: string) => string | undefined,
  sum: number,
): string[] {
  const cells = rows.flatMap((row, i) =>
    money
      .filter((key) => typeof row[key] === 'number')
      .map((key) => ({ cell: `${i}/${key}`, value: row[key] as number })),
  );
  const amounts = rows.map((row) => row.amount);
  if (rows.length === 0 || !amounts.every((a) => typeof a === 'number')) return [];
  const unmarked = cells.every(({ cell, value }) => {
    const m = NO_MARK.exec(textOf(cell)?.trim() ?? '');
    return m !== null && Math.abs(Number(m[1])) === Math.abs(value);
  });
  const inCents = (amounts as number[]).reduce((total, a) => total + a, 0) / 100;
  return unmarked && sameCents(inCents, sum) ? cells.map((c) => c.cell) : [];
}
