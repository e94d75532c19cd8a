/**
 * The one place where the entry's data and the review form's values meet.
 *
 * react-hook-form addresses values by dotted names where a numeric segment is an array
 * index, so a data key holding `.` or made of digits (`"1.5"`, `"2024"`) cannot be a name
 * as it is. Every object key becomes a safe name (`k` + letters and digits, anything else
 * as `_hex_`), and every array item is wrapped as `{ v: item, o: index }`: the wrapper lets
 * `useFieldArray` give rows stable ids (it needs objects, also for lists of strings), and
 * `o` remembers the row's index in the version the edits started from, so a row's source
 * on the page is still found after rows above it were removed or moved.
 */
import { formatPointer, parsePointer } from '@/lib/contract/patches';

export type FormValues = Record<string, unknown>;
/** An array item in the form: its value, and its index in the base version (null: added). */
export interface Row {
  v: unknown;
  o: number | null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A data key as a form name segment: reversible, never numeric, never holding `.`/`[`/`]`. */
export function safeKey(key: string): string {
  let out = 'k';
  for (const ch of key) out += /[A-Za-z0-9]/.test(ch) ? ch : `_${(ch.codePointAt(0) ?? 0).toString(16)}_`;
  return out;
}

export function dataKey(safe: string): string {
  if (!safe.startsWith('k')) throw new Error(`Not a form key: ${safe}`);
  return safe.slice(1).replace(/_([0-9a-f]+)_/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
}

/** Data → form values (rows remember their index in this version). */
export function toFormValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item, o): Row => ({ v: toFormValue(item), o }));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[safeKey(k)] = toFormValue(v);
    return out;
  }
  return value;
}

export const toFormValues = (data: Record<string, unknown>) => toFormValue(data) as FormValues;

/** A new item for an array field (not from the base version). */
export const newRow = (value: unknown): Row => ({ v: toFormValue(value), o: null });

/** Form values → data. */
export function fromFormValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((row) => fromFormValue(isPlainObject(row) ? row.v : row));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, dataKey(k), {
        value: fromFormValue(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value;
}

export const fromFormValues = (values: FormValues) => fromFormValue(values) as Record<string, unknown>;

/**
 * The form name of a JSON Pointer: `/line_items/0/amount` → `kline_5f_items.0.v.kamount`.
 * Index tokens are decided by the data's shape, not by looking numeric: `/2024` in an object
 * is the key "2024".
 */
export function fieldName(pointer: string, values: FormValues): string {
  const parts: string[] = [];
  let node: unknown = values;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(node)) {
      parts.push(token, 'v');
      node = (node[Number(token)] as Row | undefined)?.v;
    } else {
      const key = safeKey(token);
      parts.push(key);
      node = isPlainObject(node) ? node[key] : undefined;
    }
  }
  return parts.join('.');
}

/** The form name of an array's items (`useFieldArray`), or of one item's value. */
export const rowValueName = (arrayName: string, index: number) => `${arrayName}.${index}.v`;

/**
 * The pointer a place had in the base version (for its source on the page): array indexes are
 * mapped back through the rows' remembered positions. Null for a place in an added row.
 */
export function basePointer(pointer: string, values: FormValues): string | null {
  const out: string[] = [];
  let node: unknown = values;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(node)) {
      const row = node[Number(token)] as Row | undefined;
      if (!row || row.o === null) return null;
      out.push(String(row.o));
      node = row.v;
    } else {
      out.push(token);
      node = isPlainObject(node) ? node[safeKey(token)] : undefined;
    }
  }
  return formatPointer(out);
}

/**
 * Where a place of the base version is now (for its errors and confidence): array indexes are
 * mapped forward through the rows' remembered positions. Null when its row was removed.
 */
export function currentPointer(pointer: string, values: FormValues): string | null {
  let tokens: string[];
  try {
    tokens = parsePointer(pointer);
  } catch {
    return pointer;
  }
  const out: string[] = [];
  let node: unknown = values;
  for (const token of tokens) {
    if (Array.isArray(node)) {
      const at = node.findIndex((row) => isPlainObject(row) && row.o === Number(token));
      if (at === -1) return null;
      out.push(String(at));
      node = (node[at] as Row).v;
    } else {
      out.push(token);
      node = isPlainObject(node) ? node[safeKey(token)] : undefined;
    }
  }
  return formatPointer(out);
}

/** The form name of a model node's value (model nodes are never inside arrays). */
export const nodeName = (pointer: string) => parsePointer(pointer).map(safeKey).join('.');
