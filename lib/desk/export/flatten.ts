/**
 * Flattens an entry's data for a table: every scalar under its JSON Pointer (RFC 6901), and
 * every array of objects (line items, transactions…) as rows of its own, keyed by the array's
 * pointer and index, with the items' fields under pointers relative to the item. Arrays of
 * scalars stay in one cell, as JSON, so a table row is always one entry.
 */

export type Cell = string | number | boolean | null;

export interface FlatItem {
  /** Pointer of the array in the entry's data, e.g. `/line_items`. */
  list: string;
  index: number;
  fields: Map<string, Cell>;
}

export interface FlatData {
  fields: Map<string, Cell>;
  items: FlatItem[];
}

/** A key as one JSON Pointer reference token (RFC 6901: `~` → `~0`, `/` → `~1`). */
export const escapeToken = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function scalar(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return JSON.stringify(value);
}

function walk(value: unknown, pointer: string, fields: Map<string, Cell>, items: FlatItem[] | null): void {
  if (isObject(value)) {
    for (const [key, child] of Object.entries(value))
      walk(child, `${pointer}/${escapeToken(key)}`, fields, items);
    return;
  }
  if (Array.isArray(value) && items && value.length > 0 && value.every(isObject)) {
    value.forEach((item, index) => {
      const itemFields = new Map<string, Cell>();
      // Arrays inside an item stay in one cell: an item is one row.
      walk(item, '', itemFields, null);
      items.push({ list: pointer, index, fields: itemFields });
    });
    return;
  }
  if (Array.isArray(value) && value.length === 0) return;
  fields.set(pointer, scalar(value));
}

export function flattenData(data: unknown): FlatData {
  const fields = new Map<string, Cell>();
  const items: FlatItem[] = [];
  if (isObject(data)) walk(data, '', fields, items);
  return { fields, items };
}
