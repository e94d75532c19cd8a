/**
 * The field types of the review form, one entry each: adding a type means adding it here
 * (and its widget in `components/review/fields.tsx`).
 */

/** How the review form shows a value. */
export type FieldType =
  | 'string'
  | 'text' // a long string: a textarea
  | 'email'
  | 'number'
  | 'integer'
  | 'money'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'json'; // anything the form has no widget for (mixed arrays, a value of the wrong kind): edited as JSON

interface FieldTypeSpec {
  /** Whether a value with no schema is of this type (types are tried in the registry's order). */
  infer: (value: unknown, key: string) => boolean;
  /**
   * Whether a value fits the type's widget. One that does not (a number field holding
   * "1.234,50", a date field holding "03/11/2026") is shown as text, as extracted: a date or
   * number widget would show it as empty, and the reviewer could not see what to fix.
   */
  fits: (value: unknown) => boolean;
  /** Text typed into the field while it is shown as text: emptied is null. */
  fromText: (trimmed: string, raw: string) => unknown;
  /** Takes a full row of the form rather than a grid cell. */
  wide: boolean;
  /** The value of a new list item or table cell. */
  empty: unknown;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isObjectLike = (v: unknown) => typeof v === 'object' && v !== null;
const isLong = (v: unknown) => typeof v === 'string' && (v.length > 80 || v.includes('\n'));

const MONEY_KEY =
  /(^|[_\s-])(amount|price|total|subtotal|sub_total|tax|vat|fee|fees|cost|balance|tip|discount|charge|payment|debit|credit|net|gross)s?($|[_\s-])|amount$|price$|total$/i;
const NOT_MONEY_KEY = /rate|percent|pct|ratio|qty|quantity|count|number|_id$|^id$|code/i;

/** Amount-like number keys get the money input (the currency's digits shown, numbers kept). */
export const isMoneyKey = (key: string) =>
  !NOT_MONEY_KEY.test(key) && MONEY_KEY.test(key.replace(/([a-z])([A-Z])/g, '$1_$2'));

const asNumber = (trimmed: string, raw: string) => {
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : raw;
};
const asText = (_: string, raw: string) => raw;
const never = () => false;
const scalar = (v: unknown) => !isObjectLike(v);

export const FIELD_TYPES: Record<FieldType, FieldTypeSpec> = {
  money: {
    infer: (v, key) => typeof v === 'number' && isMoneyKey(key),
    fits: (v) => typeof v === 'number',
    fromText: asNumber,
    wide: false,
    empty: null,
  },
  number: {
    infer: (v) => typeof v === 'number',
    fits: (v) => typeof v === 'number',
    fromText: asNumber,
    wide: false,
    empty: null,
  },
  integer: { infer: never, fits: (v) => typeof v === 'number', fromText: asNumber, wide: false, empty: null },
  boolean: {
    infer: (v) => typeof v === 'boolean',
    fits: (v) => typeof v === 'boolean',
    fromText: (t, raw) => (t === 'true' ? true : t === 'false' ? false : raw),
    wide: false,
    empty: false,
  },
  date: {
    infer: (v) => typeof v === 'string' && ISO_DATE.test(v),
    fits: (v) => typeof v === 'string' && ISO_DATE.test(v),
    fromText: asText,
    wide: false,
    empty: null,
  },
  datetime: {
    infer: (v) => typeof v === 'string' && ISO_DATETIME.test(v),
    fits: scalar,
    fromText: asText,
    wide: false,
    empty: null,
  },
  text: { infer: isLong, fits: scalar, fromText: asText, wide: true, empty: null },
  json: { infer: isObjectLike, fits: () => true, fromText: asText, wide: true, empty: null },
  email: { infer: never, fits: scalar, fromText: asText, wide: false, empty: null },
  enum: { infer: never, fits: scalar, fromText: asText, wide: false, empty: null },
  string: { infer: () => true, fits: scalar, fromText: asText, wide: false, empty: null },
};

const INFER_ORDER = Object.keys(FIELD_TYPES) as FieldType[];

/** The type of a value the schema says nothing about, from the value itself and its key. */
export const inferFieldType = (value: unknown, key: string): FieldType =>
  INFER_ORDER.find((t) => FIELD_TYPES[t].infer(value, key)) ?? 'string';

export const isNumericField = (t: FieldType) => t === 'number' || t === 'integer' || t === 'money';

/** Whether a value fits its field's widget (null always does: an empty widget). */
export const fitsWidget = (value: unknown, t: FieldType) =>
  value === null || value === undefined || FIELD_TYPES[t].fits(value);

/** Text typed into a field shown as text: emptied is null; numbers become numbers once they parse. */
export function fromRawText(raw: string, t: FieldType): unknown {
  const trimmed = raw.trim();
  return trimmed === '' ? null : FIELD_TYPES[t].fromText(trimmed, raw);
}

/** A value as an input's text. */
export const displayValue = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
