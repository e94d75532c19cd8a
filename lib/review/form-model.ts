import { formatPointer } from '@/lib/contract/patches';
import { FIELD_TYPES, type FieldType, inferFieldType, isMoneyKey } from '@/lib/review/field-types';

export type { FieldType } from '@/lib/review/field-types';

export type EnumValue = string | number | boolean | null;

interface NodeBase {
  key: string;
  pointer: string;
  label: string;
  required: boolean;
  description?: string;
}

export interface FieldNode extends NodeBase {
  kind: 'field';
  fieldType: FieldType;
  enumValues?: EnumValue[];
}
export interface ObjectNode extends NodeBase {
  kind: 'object';
  children: FormNode[];
}
export interface TableNode extends NodeBase {
  kind: 'table';
  columns: Column[];
}
/** An array of primitives: one input per item. */
export interface ListNode extends NodeBase {
  kind: 'list';
  fieldType: FieldType;
  enumValues?: EnumValue[];
}
export type FormNode = FieldNode | ObjectNode | TableNode | ListNode;

export interface Column {
  key: string;
  label: string;
  fieldType: FieldType;
  enumValues?: EnumValue[];
  required: boolean;
}

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `unit_price` → "Unit price", `vatId` → "Vat id". */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key || '(empty key)';
}

/** Follows local `$ref`s, merges `allOf`, and picks the non-null branch of a nullable `anyOf`/`oneOf`. */
function resolve(schema: unknown, root: Schema, depth = 0): Schema | null {
  if (!isObject(schema) || depth > 32) return null;
  let out: Schema = schema;
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#')) {
    let node: unknown = root;
    for (const raw of ref.slice(2).split('/').filter(Boolean)) {
      const part = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      node = isObject(node) && Object.hasOwn(node, part) ? node[part] : undefined;
    }
    const { $ref: _, ...rest } = schema;
    out = { ...(resolve(node, root, depth + 1) ?? {}), ...rest };
  }
  if (Array.isArray(out.allOf)) {
    const { allOf, ...rest } = out;
    out = (allOf as unknown[]).reduce<Schema>(
      (acc, part) => mergeSchemas(acc, resolve(part, root, depth + 1)),
      rest,
    );
  }
  const branches = (out.anyOf ?? out.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    const real = branches.filter((b) => !(isObject(b) && b.type === 'null'));
    if (real.length === 1) {
      const { anyOf: _a, oneOf: _o, ...rest } = out;
      out = mergeSchemas(rest, resolve(real[0], root, depth + 1));
    }
  }
  return out;
}

function mergeSchemas(a: Schema, b: Schema | null): Schema {
  if (!b) return a;
  const properties =
    isObject(a.properties) || isObject(b.properties)
      ? { ...(a.properties as object), ...(b.properties as object) }
      : undefined;
  const required = [
    ...(Array.isArray(a.required) ? a.required : []),
    ...(Array.isArray(b.required) ? b.required : []),
  ];
  return { ...a, ...b, ...(properties ? { properties } : {}), ...(required.length ? { required } : {}) };
}

function schemaType(schema: Schema | null): string | undefined {
  const t = schema?.type;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') as string | undefined;
  if (typeof t === 'string') return t;
  if (schema && (isObject(schema.properties) || isObject(schema.additionalProperties))) return 'object';
  if (schema && schema.items !== undefined) return 'array';
  return undefined;
}

function kindOf(value: unknown): 'object' | 'array' | 'primitive' | 'none' {
  if (value === undefined || value === null) return 'none';
  return Array.isArray(value) ? 'array' : isObject(value) ? 'object' : 'primitive';
}

function fieldTypeOf(
  key: string,
  schema: Schema | null,
  value: unknown,
): { fieldType: FieldType; enumValues?: EnumValue[] } {
  if (schema && (Array.isArray(schema.enum) || schema.const !== undefined)) {
    const values = (Array.isArray(schema.enum) ? schema.enum : [schema.const]).filter(
      (v): v is EnumValue => v === null || ['string', 'number', 'boolean'].includes(typeof v),
    );
    return { fieldType: 'enum', enumValues: values };
  }
  const t = schemaType(schema);
  const format = typeof schema?.format === 'string' ? schema.format : undefined;
  if (t === 'string') {
    if (format === 'date') return { fieldType: 'date' };
    if (format === 'date-time') return { fieldType: 'datetime' };
    if (format === 'email') return { fieldType: 'email' };
    const long =
      (typeof value === 'string' && (value.length > 80 || value.includes('\n'))) ||
      Number(schema?.maxLength) > 200;
    return { fieldType: long ? 'text' : 'string' };
  }
  if (t === 'number' || t === 'integer') {
    const money =
      format === 'money' || format === 'currency' || schema?.['x-type'] === 'money' || isMoneyKey(key);
    return { fieldType: money ? 'money' : t };
  }
  if (t === 'boolean') return { fieldType: 'boolean' };
  if (t === 'object' || t === 'array') return { fieldType: 'json' };
  // No usable schema: the value's own shape.
  return { fieldType: inferFieldType(value, key) };
}

/**
 * The review form's shape: from the structure's JSON Schema when known, from the data's own
 * shape otherwise. Values in the data that the schema does not name, or whose kind the
 * schema does not expect, still appear: nothing the service returned is hidden.
 */
export function buildFormModel(schema: Schema | null, data: Record<string, unknown>): FormNode[] {
  const root = schema ?? {};
  return objectChildren(resolve(schema, root), data, [], root);
}

function objectChildren(schema: Schema | null, value: unknown, path: string[], root: Schema): FormNode[] {
  const props = isObject(schema?.properties) ? (schema.properties as Record<string, unknown>) : {};
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
  const data = isObject(value) ? value : {};
  const extra = isObject(schema?.additionalProperties) ? schema.additionalProperties : null;
  // A recursive schema would go on forever where there is no data: stop at a sane depth.
  const schemaKeys = path.length > 8 ? [] : Object.keys(props);
  const keys = [...schemaKeys, ...Object.keys(data).filter((k) => !schemaKeys.includes(k))];
  return keys.map((key) =>
    node(
      key,
      resolve(Object.hasOwn(props, key) ? props[key] : extra, root),
      Object.hasOwn(data, key) ? data[key] : undefined,
      [...path, key],
      required.has(key),
      root,
    ),
  );
}

function node(
  key: string,
  schema: Schema | null,
  value: unknown,
  path: string[],
  required: boolean,
  root: Schema,
): FormNode {
  const title = typeof schema?.title === 'string' && schema.title.trim() ? schema.title.trim() : null;
  const description = typeof schema?.description === 'string' ? schema.description : undefined;
  const base = {
    key,
    pointer: formatPointer(path),
    label: title ?? humanise(key),
    required,
    ...(description ? { description } : {}),
  };
  let t = schemaType(schema);
  // The data wins when its kind is not what the schema expects (an object where a string
  // was expected, a string where a table was expected, …): it must be seen to be fixed.
  const actual = kindOf(value);
  const expected = t === 'object' ? 'object' : t === 'array' ? 'array' : t ? 'primitive' : undefined;
  if (actual !== 'none' && expected && actual !== expected) {
    if (actual === 'primitive') return { ...base, kind: 'field', fieldType: 'json' };
    schema = null;
    t = undefined;
  }
  t ??= actual === 'array' ? 'array' : actual === 'object' ? 'object' : undefined;

  if (t === 'object') return { ...base, kind: 'object', children: objectChildren(schema, value, path, root) };
  if (t === 'array') {
    const itemSchema = resolve(schema?.items, root);
    const rows = Array.isArray(value) ? value : [];
    const itemType = schemaType(itemSchema);
    const allObjects = rows.every((r) => r === null || isObject(r));
    const allPrimitives = rows.every((r) => kindOf(r) !== 'object' && kindOf(r) !== 'array');
    if ((itemType === 'object' || (itemType === undefined && rows.some(isObject))) && allObjects)
      return { ...base, kind: 'table', columns: tableColumns(itemSchema, rows, root) };
    if (itemType !== 'object' && itemType !== 'array' && allPrimitives) {
      const sample = rows.find((r) => r !== null && r !== undefined);
      return { ...base, kind: 'list', ...fieldTypeOf(key, itemSchema, sample) };
    }
    return { ...base, kind: 'field', fieldType: 'json' };
  }
  return { ...base, kind: 'field', ...fieldTypeOf(key, schema, value) };
}

function tableColumns(itemSchema: Schema | null, rows: unknown[], root: Schema): Column[] {
  const props = isObject(itemSchema?.properties) ? (itemSchema.properties as Record<string, unknown>) : {};
  const required = new Set(Array.isArray(itemSchema?.required) ? (itemSchema.required as string[]) : []);
  const keys = [...Object.keys(props)];
  for (const row of rows)
    if (isObject(row)) for (const k of Object.keys(row)) if (!keys.includes(k)) keys.push(k);
  return keys.map((key) => {
    const schema = resolve(Object.hasOwn(props, key) ? props[key] : null, root);
    const samples = rows.flatMap((r) =>
      isObject(r) && Object.hasOwn(r, key) && r[key] !== null ? [r[key]] : [],
    );
    const title = typeof schema?.title === 'string' && schema.title.trim() ? schema.title.trim() : null;
    // A cell holding an object or array (or a value of the wrong kind) is edited as JSON.
    const odd =
      samples.some((s) => typeof s === 'object') || ['object', 'array'].includes(schemaType(schema) ?? '');
    return {
      key,
      label: title ?? humanise(key),
      required: required.has(key),
      ...(odd ? { fieldType: 'json' as const } : fieldTypeOf(key, schema, samples[0])),
    };
  });
}

/** An empty row for a table: the column keys with null values (false for checkboxes). */
export function emptyRow(columns: Column[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const c of columns)
    Object.defineProperty(row, c.key, {
      value: FIELD_TYPES[c.fieldType].empty,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return row;
}

/** The pointer of a table cell. */
export const cellPointer = (table: string, row: number, column: string) =>
  `${table}/${row}${formatPointer([column])}`;

/** Every input's pointer in form order (for error navigation and focusing). */
export function fieldPointers(nodes: FormNode[], data: Record<string, unknown>): string[] {
  return visitPointers(nodes, data, false);
}

/**
 * Every pointer the form shows something at: inputs, and the objects, tables, rows and lists
 * whose errors are shown beside them.
 */
export function formPointers(nodes: FormNode[], data: Record<string, unknown>): string[] {
  return visitPointers(nodes, data, true);
}

function visitPointers(nodes: FormNode[], data: Record<string, unknown>, containers: boolean): string[] {
  const out: string[] = [];
  const visit = (n: FormNode, value: unknown) => {
    if (n.kind === 'field') out.push(n.pointer);
    else if (n.kind === 'list') {
      if (containers) out.push(n.pointer);
      const count = Array.isArray(value) ? value.length : 0;
      for (let i = 0; i < count; i++) out.push(`${n.pointer}/${i}`);
    } else if (n.kind === 'object') {
      if (containers) out.push(n.pointer);
      for (const c of n.children)
        visit(c, isObject(value) && Object.hasOwn(value, c.key) ? value[c.key] : undefined);
    } else {
      if (containers) out.push(n.pointer);
      (Array.isArray(value) ? value : []).forEach((_, i) => {
        if (containers) out.push(`${n.pointer}/${i}`);
        for (const col of n.columns) out.push(cellPointer(n.pointer, i, col.key));
      });
    }
  };
  for (const n of nodes) visit(n, Object.hasOwn(data, n.key) ? data[n.key] : undefined);
  return out;
}

/**
 * The input to focus for an error at `pointer`: the field itself, else the first input
 * inside it (an object, a row), else the nearest ancestor's. Null when the form has none.
 */
export function focusTargetFor(pointer: string, inputs: readonly string[]): string | null {
  let p = pointer;
  for (;;) {
    if (inputs.includes(p)) return p;
    const inside = inputs.find((q) => q.startsWith(`${p}/`));
    if (inside !== undefined) return inside;
    if (p === '') return null;
    p = p.slice(0, p.lastIndexOf('/'));
  }
}

/** A readable name for each place in the form ("Line items, row 2: Amount"), for the error summary. */
export function pointerLabels(nodes: FormNode[], data: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (n: FormNode, value: unknown, prefix: string) => {
    const label = prefix ? `${prefix} › ${n.label}` : n.label;
    out.set(n.pointer, label);
    const items = Array.isArray(value) ? value : [];
    if (n.kind === 'object')
      for (const c of n.children)
        visit(c, isObject(value) && Object.hasOwn(value, c.key) ? value[c.key] : undefined, label);
    else if (n.kind === 'list')
      items.forEach((_, i) => {
        out.set(`${n.pointer}/${i}`, `${label} ${i + 1}`);
      });
    else if (n.kind === 'table')
      items.forEach((_, i) => {
        out.set(`${n.pointer}/${i}`, `${label}, row ${i + 1}`);
        for (const col of n.columns)
          out.set(cellPointer(n.pointer, i, col.key), `${label}, row ${i + 1}: ${col.label}`);
      });
  };
  for (const n of nodes) visit(n, Object.hasOwn(data, n.key) ? data[n.key] : undefined, '');
  return out;
}
