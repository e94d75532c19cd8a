import { escapeToken } from './flatten';

/**
 * The order of fields a structure's JSON Schema declares (the form's order), as JSON Pointers:
 * the export's columns follow it, since the database's jsonb keeps keys in its own order.
 * `fields` holds the entry's pointers, `items` the pointers inside list items.
 */
export function schemaOrder(schema: unknown): { fields: string[]; items: string[] } {
  const fields: string[] = [];
  const items: string[] = [];
  const walk = (node: unknown, pointer: string, out: string[], inItem: boolean) => {
    if (typeof node !== 'object' || node === null) return;
    const { properties, items: itemSchema } = node as { properties?: unknown; items?: unknown };
    if (properties && typeof properties === 'object') {
      for (const [key, child] of Object.entries(properties)) {
        const childPointer = `${pointer}/${escapeToken(key)}`;
        out.push(childPointer);
        walk(child, childPointer, out, inItem);
      }
    } else if (!inItem && itemSchema && typeof itemSchema === 'object') {
      walk(itemSchema, '', items, true);
    }
  };
  walk(schema, '', fields, false);
  return { fields, items };
}

/** Sorts pointers by their place in `order`; pointers it does not know keep their order, after. */
export function sortByOrder(pointers: string[], order: string[]): string[] {
  const rank = new Map(order.map((p, i) => [p, i] as const));
  const known = pointers.filter((p) => rank.has(p)).sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
  return [...known, ...pointers.filter((p) => !rank.has(p))];
}
