import type { ErrorObject } from 'ajv/dist/2020.js';
import type { ValidationErrorItem } from '@/lib/contract/schemas';
import { escapeToken, fieldName } from './names';

const FORMAT_WORDS: Record<string, string> = {
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date and time (ISO 8601)',
  email: 'an email address',
  uri: 'a URL',
  iban: 'an IBAN',
};

const article = (t: string) => (t === 'integer' || t === 'object' || t === 'array' ? `an ${t}` : `a ${t}`);

/** One Ajv error as a validation item a reviewer can read, or null for wrappers of other errors. */
export function mapAjvError(e: ErrorObject): ValidationErrorItem | null {
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
