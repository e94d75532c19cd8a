/**
 * The IBAN check (ISO 13616): the country code and check digits moved to the end, letters as
 * numbers (A = 10 … Z = 35), the whole number modulo 97 is 1. It tells a whole IBAN from one cut
 * short by a narrow cell or misread by OCR.
 */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  let rest = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    const digits = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/**
 * The IBAN in `value` when the next word ran into it ("DE89…3000BIC", the gap lost to OCR or a
 * narrow cell): the value without its trailing letters, when that passes the check.
 */
export function ibanWithoutTrailingWord(value: string): string | null {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  const m = /^(.*\d)([A-Z]{2,})$/.exec(iban);
  return m && isValidIban(m[1]) ? m[1] : null;
}
