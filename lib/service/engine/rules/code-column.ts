/**
 * A column of codes (an order's SKUs) with one OCR misread: "830999" for "B30999", "SKUB0340" for
 * "SKU80340", or a glyph read twice as itself and its look-alike, "ARTS52774" for "ART52774". The
 * codes of one column share a shape (letters, figures and marks in the same places): a code of
 * another shape that takes the column's by reading look-alikes the other way (a figure where the
 * column has figures; where it has a letter, the one letter all its codes have there), or by
 * dropping one of two look-alikes side by side, takes that reading. Only where three codes or
 * more, and three in four, share the shape; a code with two readings of that shape is left alone.
 */
import { DIGIT_READ_AS } from './values';

/** The letter each figure OCR reads for one stands for. */
const AS_LETTER: Record<string, string> = { '8': 'B', '5': 'S', '0': 'O', '1': 'I', '2': 'Z', '6': 'G' };

const kindOf = (ch: string) => (/\d/.test(ch) ? '9' : /\p{Lu}/u.test(ch) ? 'A' : ch);
const shapeOf = (code: string) => [...code].map(kindOf).join('');
const lookAlikes = (a: string, b: string) => DIGIT_READ_AS[a] === b || DIGIT_READ_AS[b] === a;

/** At most one share of the codes may have another shape than the column's. */
const SHAPED_SHARE = 0.75;
const MIN_CODES = 3;

/** The codes to read again (row index → code), from the column's codes (undefined: none). */
export function settledCodes(codes: (string | undefined)[]): Map<number, string> {
  const fixes = new Map<number, string>();
  const present = codes.flatMap((code, i) => (code && code.length >= MIN_CODES ? [{ i, code }] : []));
  const counts = new Map<string, number>();
  for (const { code } of present) counts.set(shapeOf(code), (counts.get(shapeOf(code)) ?? 0) + 1);
  const [shape, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (n < MIN_CODES || n < SHAPED_SHARE * present.length) return fixes;
  const shaped = present.filter(({ code }) => shapeOf(code) === shape).map(({ code }) => code);
  // Where every code of the shape has the same letter, a figure read for it is that letter.
  const letterAt = [...shape].map((kind, k) =>
    kind === 'A' && shaped.every((code) => code[k] === shaped[0][k]) ? shaped[0][k] : null,
  );
  const mended = (code: string): string | null => {
    if (code.length !== shape.length) return null;
    let out = '';
    for (let k = 0; k < code.length; k++) {
      const ch = code[k];
      if (kindOf(ch) === shape[k]) out += ch;
      else if (shape[k] === '9' && DIGIT_READ_AS[ch]) out += DIGIT_READ_AS[ch];
      else if (shape[k] === 'A' && letterAt[k] && AS_LETTER[ch] === letterAt[k]) out += letterAt[k];
      else return null;
    }
    return out;
  };
  for (const { i, code } of present) {
    if (shapeOf(code) === shape) continue;
    const readings = [code];
    if (code.length === shape.length + 1)
      for (let k = 0; k + 1 < code.length; k++)
        if (lookAlikes(code[k], code[k + 1]))
          readings.push(code.slice(0, k) + code.slice(k + 1), code.slice(0, k + 1) + code.slice(k + 2));
    const found = new Set(readings.map(mended).filter((r): r is string => r !== null));
    if (found.size === 1) fixes.set(i, [...found][0]);
  }
  return fixes;
}
