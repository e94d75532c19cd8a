import { describe, expect, it } from 'vitest';
import { displayValue, fitsWidget, fromRawText, inferFieldType } from '@/lib/review/field-types';

describe('field values', () => {
  it.each([
    [960, 'money', true],
    ['1.234,50', 'money', false],
    [null, 'number', true],
    ['2026-11-02', 'date', true],
    ['02/11/2026', 'date', false],
    ['yes', 'boolean', false],
    [true, 'boolean', true],
    [{ a: 1 }, 'string', false],
    [{ a: 1 }, 'json', true],
    [42, 'string', true],
  ] as const)('%j fits a %s widget: %s', (value, type, fits) => {
    expect(fitsWidget(value, type)).toBe(fits);
  });

  it('turns typed text into values: emptied is null, numbers stay numbers', () => {
    expect(fromRawText('', 'money')).toBeNull();
    expect(fromRawText('  ', 'string')).toBeNull();
    expect(fromRawText(' 12.5 ', 'number')).toBe(12.5);
    expect(fromRawText('1.234,50', 'money')).toBe('1.234,50');
    expect(fromRawText('true', 'boolean')).toBe(true);
    expect(fromRawText('maybe', 'boolean')).toBe('maybe');
    expect(fromRawText('text ', 'string')).toBe('text ');
  });

  it('shows values as text', () => {
    expect(displayValue(null)).toBe('');
    expect(displayValue(0)).toBe('0');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
  });
});

describe('field type registry', () => {
  it.each([
    [12.5, 'total', 'money'],
    [12.5, 'tax_rate', 'number'],
    [3, 'quantity', 'number'],
    [true, 'paid', 'boolean'],
    ['2026-11-02', 'issued', 'date'],
    ['2026-11-02T10:00:00Z', 'at', 'datetime'],
    ['x'.repeat(81), 'notes', 'text'],
    [{ a: 1 }, 'meta', 'json'],
    [[1, 'a'], 'mixed', 'json'],
    ['INV-1', 'invoice_number', 'string'],
    [null, 'anything', 'string'],
  ] as const)('infers %j at %s as %s', (value, key, type) => {
    expect(inferFieldType(value, key)).toBe(type);
  });
});
