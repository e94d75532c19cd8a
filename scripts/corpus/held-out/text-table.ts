/** Plain-text tables as a text export or an e-mail prints them: columns padded, two spaces or more apart. */

/** Rows of cells laid out in columns; 'r' columns are right-aligned. Every gap is at least two spaces. */
export function textTable(rows: string[][], align: ('l' | 'r')[]): string[] {
  const widths = align.map((_, c) => Math.max(...rows.map((row) => (row[c] ?? '').length)));
  return rows.map((row) =>
    row
      .map((cell, c) => (align[c] === 'r' ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
      .join('   ')
      .trimEnd(),
  );
}

/** Label/value lines right-aligned under a table of the given width ("Subtotal   1,234.00"). */
export function textTotals(rows: [string, string][], width: number): string[] {
  const labelWidth = Math.max(...rows.map(([l]) => l.length));
  const valueWidth = Math.max(...rows.map(([, v]) => v.length));
  return rows.map(([l, v]) => `${l.padEnd(labelWidth)}   ${v.padStart(valueWidth)}`.padStart(width));
}
