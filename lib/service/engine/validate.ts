import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { normalizePointer } from './rule-extractor';
import type { CrossFieldRule, StructureDefinition, ValidationErrorItem } from './types';

// ajv-formats is CommonJS; under ESM interop its function may sit on `default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const MAX_CACHED = 200;
const validators = new Map<string, ValidateFunction>();

/** Compiled validator for one structure version (compiled once, kept in a small LRU). */
function validatorFor(structure: Pick<StructureDefinition, 'id' | 'version' | 'schema'>): ValidateFunction {
  const key = `${structure.id}@${structure.version}`;
  const cached = validators.get(key);
  if (cached) {
    validators.delete(key);
    validators.set(key, cached);
    return cached;
  }
  // One Ajv instance per schema: schemas with the same $id in different versions never collide.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  const validate = ajv.compile(structure.schema);
  validators.set(key, validate);
  if (validators.size > MAX_CACHED) validators.delete(validators.keys().next().value!);
  return validate;
}

const escapeToken = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1');

function fieldName(path: string): string {
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

function humanize(token: string): string {
  const t = token
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

const FORMAT_WORDS: Record<string, string> = {
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date and time (ISO 8601)',
  email: 'an email address',
  uri: 'a URL',
  iban: 'an IBAN',
};

function mapAjvError(e: ErrorObject): ValidationErrorItem | null {
  const base = e.instancePath;
  const name = fieldName(base);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const path = `${base}/${escapeToken(String(p.missingProperty))}`;
      return {
        path,
        code: 'REQUIRED_FIELD',
        message: `${fieldName(path)} is required but was not found.`,
        severity: 'error',
      };
    }
    case 'type':
      return {
        path: base,
        code: 'TYPE',
        message: `${name} must be ${article(String(p.type))}.`,
        severity: 'error',
      };
    case 'format': {
      const f = String(p.format);
      return {
        path: base,
        code: 'FORMAT',
        message: `${name} must be ${FORMAT_WORDS[f] ?? `in ${f} format`}.`,
        severity: 'error',
      };
    }
    case 'pattern':
      return {
        path: base,
        code: 'PATTERN',
        message: `${name} does not have the expected form (${String(p.pattern)}).`,
        severity: 'error',
      };
    case 'enum':
    case 'const': {
      const allowed = (p.allowedValues as unknown[] | undefined) ?? [p.allowedValue];
      const list = allowed.slice(0, 6).map(String).join(', ') + (allowed.length > 6 ? ', …' : '');
      return { path: base, code: 'ENUM', message: `${name} must be one of ${list}.`, severity: 'error' };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { path: base, code: 'RANGE', message: `${name} ${e.message}.`, severity: 'error' };
    case 'minLength':
    case 'maxLength':
      return { path: base, code: 'LENGTH', message: `${name} ${e.message}.`, severity: 'error' };
    case 'minItems':
    case 'maxItems':
      return { path: base, code: 'ITEMS', message: `${name} ${e.message}.`, severity: 'error' };
    case 'additionalProperties': {
      const path = `${base}/${escapeToken(String(p.additionalProperty))}`;
      return {
        path,
        code: 'UNKNOWN_FIELD',
        message: `${fieldName(path)} is not part of the structure.`,
        severity: 'warning',
      };
    }
    // Wrappers whose inner errors are reported on their own.
    case 'anyOf':
    case 'oneOf':
    case 'if':
    case 'then':
    case 'else':
      return null;
    default:
      return {
        path: base,
        code: 'INVALID',
        message: `${name} ${e.message ?? 'is invalid'}.`,
        severity: 'error',
      };
  }
}

const article = (t: string) => (t === 'integer' || t === 'object' || t === 'array' ? `an ${t}` : `a ${t}`);

function getAt(data: unknown, pointer: string): unknown {
  let node: unknown = data;
  for (const raw of normalizePointer(pointer).split('/').slice(1)) {
    const t = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, t)) return undefined;
    node = (node as Record<string, unknown>)[t];
  }
  return node;
}

const fmt = (n: number) => n.toFixed(2);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function checkRule(data: Record<string, unknown>, rule: CrossFieldRule): ValidationErrorItem | null {
  if (rule.kind === 'sum') {
    const items = getAt(data, rule.items);
    const target = getAt(data, rule.equals);
    if (!Array.isArray(items) || items.length === 0 || !isNum(target)) return null;
    const values = items.map((it) => getAt(it, rule.field));
    // Incomplete rows are reported by the schema; a sum over them would only add noise.
    if (!values.every(isNum)) return null;
    const sum = values.reduce((a, b) => a + b, 0);
    const tolerance = rule.tolerance ?? 0.01;
    if (Math.abs(sum - target) <= tolerance + 1e-9) return null;
    const path = normalizePointer(rule.equals);
    return {
      path,
      code: 'SUM_MISMATCH',
      message: `${fieldName(path)} is ${fmt(target)} but the ${humanize(rule.field).toLowerCase()} of the ${humanize(normalizePointer(rule.items).slice(1)).toLowerCase()} add up to ${fmt(sum)}.`,
      severity: 'error',
    };
  }
  if (rule.kind === 'add') {
    const target = getAt(data, rule.equals);
    const parts = rule.fields.map((f) => getAt(data, f));
    if (!isNum(target) || !parts.every(isNum)) return null;
    const sum = parts.reduce((a, b) => a + b, 0);
    const tolerance = rule.tolerance ?? 0.01;
    if (Math.abs(sum - target) <= tolerance + 1e-9) return null;
    const path = normalizePointer(rule.equals);
    const names = rule.fields.map((f) => fieldName(normalizePointer(f)).toLowerCase()).join(' + ');
    return {
      path,
      code: 'SUM_MISMATCH',
      message: `${fieldName(path)} is ${fmt(target)} but ${names} = ${fmt(sum)}.`,
      severity: 'error',
    };
  }
  if (rule.kind === 'date_order') {
    const before = getAt(data, rule.before);
    const after = getAt(data, rule.after);
    if (typeof before !== 'string' || typeof after !== 'string') return null;
    if (!/^\d{4}-\d{2}-\d{2}/.test(before) || !/^\d{4}-\d{2}-\d{2}/.test(after)) return null;
    if (after >= before) return null;
    const path = normalizePointer(rule.after);
    return {
      path,
      code: 'DATE_ORDER',
      message: `${fieldName(path)} (${after}) is before ${fieldName(normalizePointer(rule.before)).toLowerCase()} (${before}).`,
      severity: 'error',
    };
  }
  return null;
}

/**
 * Validates extracted data against the structure: its JSON Schema (Ajv 2020, formats, all errors)
 * and then the cross-field rules of its hints. Returns [] when everything holds.
 */
export function validateExtraction(
  data: Record<string, unknown>,
  structure: Pick<StructureDefinition, 'id' | 'version' | 'schema' | 'hints'>,
): ValidationErrorItem[] {
  const validate = validatorFor(structure);
  const items: ValidationErrorItem[] = [];
  const seen = new Set<string>();
  if (!validate(data)) {
    for (const e of validate.errors ?? []) {
      const item = mapAjvError(e);
      if (!item) continue;
      const key = `${item.path}|${item.code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  for (const rule of structure.hints?.rules ?? []) {
    const item = checkRule(data, rule);
    if (item) items.push(item);
  }
  return items;
}

/**
 * Entry status (docs/v3-interface.md): `failed` when nothing could be extracted (or no document read),
 * `completed_with_errors` when an error-severity item remains, `completed` otherwise
 * (warnings alone do not make an entry erroneous).
 */
export function entryStatusFor(
  errors: ValidationErrorItem[] | null,
  extractedSomething: boolean,
): 'completed' | 'completed_with_errors' | 'failed' {
  if (!extractedSomething) return 'failed';
  if (errors?.some((e) => e.severity === 'error')) return 'completed_with_errors';
  return 'completed';
}
