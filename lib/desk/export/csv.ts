import type { Cell } from './flatten';

/**
 * RFC 4180 CSV. A text cell that a spreadsheet would run as a formula (starting with = + - @,
 * tab or carriage return) gets a leading apostrophe: an extracted value must never execute on
 * the machine of whoever opens the export (CSV injection).
 */
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;
