import { describe, expect, it } from 'vitest';
import { ibanWithoutTrailingWord, isValidIban } from './iban';

describe('isValidIban', () => {
  it('accepts IBANs of several countries, printed in groups or not', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('ES91 2100 0418 4502 0005 1332')).toBe(true);
    expect(isValidIban('PT50000201231234567890154')).toBe(true);
  });

  it('refuses one cut short, one with a digit misread, and what is no IBAN', () => {
    expect(isValidIban('ES91 2100 0418 4502 0005')).toBe(false);
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isValidIban('DE89')).toBe(false);
    expect(isValidIban('Rechnung 2024')).toBe(false);
  });
});

describe('ibanWithoutTrailingWord', () => {
  it('parts the IBAN from a word that ran into it', () => {
    expect(ibanWithoutTrailingWord('DE89370400440532013000BIC')).toBe('DE89370400440532013000');
    expect(ibanWithoutTrailingWord('DE89 3704 0044 0532 0130 00SWIFT')).toBe('DE89370400440532013000');
  });

  it('leaves a misread IBAN and one without a trailing word alone', () => {
    expect(ibanWithoutTrailingWord('DE89370400440532013001BIC')).toBeNull();
    expect(ibanWithoutTrailingWord('DE89370400440532013000')).toBeNull();
  });
});
