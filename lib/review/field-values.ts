import type { FieldType } from '@/lib/review/form-model';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isNumericField = (t: FieldType) => t === 'number' || t === 'integer' || t === 'money';

/**
 * Whether a value fits its field's widget. One that does not (a number field holding
 * "1.234,50", a date field holding "03/11/2026") is shown as text, as extracted: a date or
 * number input would show it as empty, and the reviewer could not see what to fix.
 */
export function fitsWidget(value: unknown, fieldType: FieldType): boolean {
  if (value === null || value === undefined) return true;
  if (isNumericField(fieldType)) return typeof value === 'number';
  if (fieldType === 'date') return typeof value === 'string' && ISO_DATE.test(value);
  if (fieldType === 'boolean') return typeof value === 'boolean';
  if (fieldType === 'json') return true;
  return typeof value !== 'object';
}

/** Text typed into a field shown as text: emptied is null; numbers become numbers once they parse. */
export function fromRawText(raw: string, fieldType: FieldType): unknown {
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  if (isNumericField(fieldType)) {
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : raw;
  }
  if (fieldType === 'boolean') return trimmed === 'true' ? true : trimmed === 'false' ? false : raw;
  return raw;
}

/** A value as an input's text. */
export const displayValue = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
