import { describe, expect, it } from 'vitest';
import { displayValue, fitsWidget, fromRawText } from '@/lib/review/field-values';

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
