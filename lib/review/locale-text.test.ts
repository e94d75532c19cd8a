import { describe, expect, it } from 'vitest';
import {
  currencyDigits,
  dateOrderOf,
  decimalSeparatorOf,
  formatDate,
  formatNumber,
  readDate,
  readNumber,
} from '@/lib/review/locale-text';

const en = { decimal: '.' as const };
const de = { decimal: ',' as const };

describe('typed numbers → stored values, per locale', () => {
  it.each([
    // text, stored with an en reviewer, stored with a de reviewer
    ['100.05', 100.05, 100.05],
    ['999.00', 999, 999],
    ['0.10', 0.1, 0.1],
    ['1.234,56', 1234.56, 1234.56],
    ['1,234.56', 1234.56, 1234.56],
    ['12,50', 12.5, 12.5],
    ['12.50 €', 12.5, 12.5],
    ['€ 12.50', 12.5, 12.5],
    ['EUR 1.234,56', 1234.56, 1234.56],
    ['12,50 EUR', 12.5, 12.5],
    ['-12.50', -12.5, -12.5],
    ['-€12.50', -12.5, -12.5],
    ['(12.50)', -12.5, -12.5],
    ['1 234,56', 1234.56, 1234.56],
    ['1\u202f234,56', 1234.56, 1234.56],
    ["1'234.56", 1234.56, 1234.56],
    ['1.234.567', 1234567, 1234567],
    ['1,234,567.5', 1234567.5, 1234567.5],
    ['.5', 0.5, 0.5],
    ['0,123', 0.123, 0.123],
    // A lone separator before exactly three digits: the reviewer's locale decides.
    ['1,234', 1234, 1.234],
    ['1.234', 1.234, 1234],
    // Half-typed numbers already mean something, so the value follows the keys.
    ['100.', 100, 100],
    ['100.0', 100, 100],
    ['0.', 0, 0],
    ['', null, null],
    ['   ', null, null],
  ])('%j → en %j, de %j', (text, inEn, inDe) => {
    expect(readNumber(text, en)).toEqual({ ok: true, value: inEn });
    expect(readNumber(text, de)).toEqual({ ok: true, value: inDe });
  });

  it('reads the values of each prefix of 100.05, 999.00 and 0.10 as the keys are typed', () => {
    const steps = (text: string) =>
      Array.from(text, (_, i) => readNumber(text.slice(0, i + 1), en)).map((r) => (r.ok ? r.value : 'error'));
    expect(steps('100.05')).toEqual([1, 10, 100, 100, 100, 100.05]);
    expect(steps('999.00')).toEqual([9, 99, 999, 999, 999, 999]);
    expect(steps('0.10')).toEqual([0, 0, 0.1, 0.1]);
  });

  it.each(['abc', '12a4', '1.2.3', '1,23,4', '1.234.56,7.8', '--5', '-', '.', '12,5,0', '1e5'])(
    '%j is not a number: a clear error, never a guess',
    (text) => {
      const result = readNumber(text, en);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/Not a number/);
    },
  );

  it('asks for a whole number in an integer field', () => {
    expect(readNumber('3', { ...en, integer: true })).toEqual({ ok: true, value: 3 });
    expect(readNumber('3.5', { ...en, integer: true })).toEqual({
      ok: false,
      message: 'A whole number is expected here.',
    });
  });

  it('shows a value in the locale it reads back in, so showing and reading agree', () => {
    for (const [locale, decimal] of [
      ['en-US', '.'],
      ['de-DE', ','],
      ['fr-FR', ','],
      ['en-GB', '.'],
    ] as const) {
      expect(decimalSeparatorOf(locale)).toBe(decimal);
      for (const value of [1234.56, 0.1, 999, 1000000.5, -42.25, 1234]) {
        const shown = formatNumber(value, { locale, minimumFractionDigits: 2 });
        expect(readNumber(shown, { decimal })).toEqual({ ok: true, value });
      }
    }
    expect(formatNumber(1234.5, { locale: 'de-DE', minimumFractionDigits: 2 })).toBe('1234,50');
    expect(formatNumber(0.1, { locale: 'en-US' })).toBe('0.1');
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('not a currency')).toBe(2);
  });
});

describe('typed dates → ISO dates', () => {
  it.each([
    ['2026-02-28', 'dmy', '2026-02-28'],
    ['2026-02-28', 'mdy', '2026-02-28'],
    ['31/12/2026', 'dmy', '2026-12-31'],
    ['12/31/2026', 'mdy', '2026-12-31'],
    ['03/11/2026', 'dmy', '2026-11-03'],
    ['03/11/2026', 'mdy', '2026-03-11'],
    ['3.11.2026', 'dmy', '2026-11-03'],
    ['3-11-26', 'dmy', '2026-11-03'],
    ['29/02/2028', 'dmy', '2028-02-29'],
    ['', 'dmy', null],
  ] as const)('%j (%s) → %j', (text, order, iso) => {
    expect(readDate(text, order)).toEqual({ ok: true, value: iso });
  });

  it.each([
    ['02/31/2026', 'mdy', 'February 2026 has no day 31'],
    ['31/02/2026', 'dmy', 'February 2026 has no day 31'],
    ['29/02/2026', 'dmy', 'February 2026 has no day 29'],
    ['12/31/2026', 'dmy', 'no month 31'],
    ['2026-13-01', 'dmy', 'no month 13'],
    ['tomorrow', 'dmy', 'type it as DD/MM/YYYY'],
    ['02/3', 'mdy', 'type it as MM/DD/YYYY'],
  ] as const)('%j (%s) is an error: %s', (text, order, message) => {
    const result = readDate(text, order);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it('shows ISO dates in the reviewer order and anything else as it is', () => {
    expect(formatDate('2026-12-31', 'dmy')).toBe('31/12/2026');
    expect(formatDate('2026-12-31', 'mdy')).toBe('12/31/2026');
    expect(formatDate('soon', 'mdy')).toBe('soon');
    expect(readDate(formatDate('2026-03-04', 'mdy'), 'mdy')).toEqual({ ok: true, value: '2026-03-04' });
    expect(dateOrderOf('en-US')).toBe('mdy');
    expect(dateOrderOf('en-GB')).toBe('dmy');
    expect(dateOrderOf('de-DE')).toBe('dmy');
  });
});
