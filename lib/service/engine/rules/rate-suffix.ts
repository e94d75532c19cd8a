/**
 * A tax-rate column read into the items' names: on a scan, the rate printed beside a name can run
 * into it ("Cappuccino10,00%", "Pan de barra 10,00 %"). When most rows' names, two at least, end in a
 * rate, the rates are a column of their own and leave the names; a name alone ending in one keeps it
 * ("Milch 1,5%": its fat content).
 */
import type { TableOutcome } from './tables';

/**
 * A rate at the end of a name. The space before it is trimmed apart: a leading `\s*` would make the
 * test quadratic in a long run of spaces.
 */
const RATE_SUFFIX = /\d{1,2}(?:[.,]\s?\d{1,3})?\s?%$/;

export function dropRateSuffixes(out: TableOutcome, pointer: string, column = 'description'): void {
  const named = out.rows.filter((row) => typeof row[column] === 'string');
  const rated = named.filter((row) => RATE_SUFFIX.test(row[column] as string));
  if (rated.length < 2 || rated.length * 2 < named.length) return;
  out.rows.forEach((row, i) => {
    const name = row[column];
    if (typeof name !== 'string' || !RATE_SUFFIX.test(name)) return;
    const bare = name.slice(0, RATE_SUFFIX.exec(name)?.index).trim();
    if (/\p{L}/u.test(bare)) {
      row[column] = bare;
      return;
    }
    // A name that was nothing but a rate is no name.
    const path = `${pointer}/${i}/${column}`;
    delete row[column];
    delete out.sources[path];
    delete out.confidence[path];
  });
}
