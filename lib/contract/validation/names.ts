/** Field names in validation messages, from JSON Pointers: `/line_items/1/amount` → "Amount of line items 2". */

export const normalizePointer = (p: string): string => (p.startsWith('/') || p === '' ? p : `/${p}`);

export function humanize(token: string): string {
  const t = token
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

export function fieldName(path: string): string {
  const tokens = path.split('/').filter(Boolean);
  if (tokens.length === 0) return 'The document';
  const last = tokens[tokens.length - 1].replace(/~1/g, '/').replace(/~0/g, '~');
  if (/^\d+$/.test(last) && tokens.length > 1)
    return `${humanize(tokens[tokens.length - 2])} ${Number(last) + 1}`;
  const parent =
    tokens.length > 1 && /^\d+$/.test(tokens[tokens.length - 2]) ? tokens[tokens.length - 2] : null;
  const name = humanize(last);
  return parent !== null
    ? `${name} of ${humanize(tokens[tokens.length - 3] ?? '')} ${Number(parent) + 1}`
    : name;
}

export const escapeToken = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1');

export function getAt(data: unknown, pointer: string): unknown {
  let node: unknown = data;
  for (const raw of normalizePointer(pointer).split('/').slice(1)) {
    const t = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, t)) return undefined;
    node = (node as Record<string, unknown>)[t];
  }
  return node;
}
