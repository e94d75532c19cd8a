import type { OcrWord } from './ocr-pool';

/** Repairs of single OCR'd words, before they are laid out in lines. */

/** A British postcode's outward part ("BA1", "WC2B"), and the two letters ending its inward part (never C, I, K, M, O or V). */
const OUTWARD_CODE = '[A-Z]{1,2}\\d[A-Z\\d]?';
const INWARD_LETTERS = '[ABD-HJLNP-UW-Z]{2}';

/** The repairs of a page's words that look at the words around them, in the order they build on each other. */
export const wordsRepaired = (words: OcrWord[]): OcrWord[] =>
  ordinalsRepaired(legalFormsRepaired(postcodesParted(postcodesRepaired(eircodesRepaired(words)))));

/**
 * A word's text without a full stop that is a speck of dust: one standing off the word's last letter
 * by more than the letter is high ("loco      ." read as "loco."). A printed full stop follows its
 * letter closely: 5 px after 20–29 px letters, 10 px in a fixed-pitch font ("Lda."), where specks
 * were read on at 32–58 px.
 */
export function withoutStraySpeck(text: string, letters: { text: string; bbox: OcrWord['bbox'] }[]): string {
  if (letters.length < 3 || !text.endsWith('.')) return text;
  const [before, stop] = letters.slice(-2);
  if (stop.text !== '.') return text;
  const height = before.bbox.y1 - before.bbox.y0;
  const small = stop.bbox.x1 - stop.bbox.x0 <= 0.3 * height && stop.bbox.y1 - stop.bbox.y0 <= 0.3 * height;
  return small && stop.bbox.x0 - before.bbox.x1 > STRAY_GAP * height ? text.slice(0, -1) : text;
}

/** A full stop further from its letter than this share of the letter's height is not printed. */
const STRAY_GAP = 1;

/**
 * A guess, not a reading: one or two characters tesseract itself hardly believes ("5}" for a lone
 * "1", "S" for a "3"). Left out of the page, and its ink counted as not read.
 */
export const isGuess = (w: OcrWord) => w.confidence < 30 && w.text.trim().length <= 2;

/**
 * A word and the number after it, the space between them lost ("Hauptstraße12", "Till2", "TVA20%"):
 * parted again. Only a word of three small letters or more then digits (and a unit), or a word and
 * a rate: codes ("ER32", "5x50") and addresses of the web or mail (with their dots) stay as read.
 */
export function numberParted(w: OcrWord): OcrWord {
  const m = WORD_NUMBER.exec(w.text.trim()) ?? WORD_RATE.exec(w.text.trim());
  return m ? { ...w, text: `${m[1]} ${m[2]}` } : w;
}

/**
 * A British postcode whose spaces OCR lost: after its town in one word ("BathBA15AW",
 * "HalifaxHX12AB"), or alone after the town, ending the line ("Bath BA15AW"). Parted again as
 * "Bath BA1 5AW": an inward code is a digit and two letters, so the split is certain.
 */
export function postcodesParted(words: OcrWord[]): OcrWord[] {
  return words.map((w, i) => {
    const text = w.text.trim();
    const glued = TOWN_POSTCODE.exec(text);
    if (glued) return { ...w, text: `${glued[1]} ${glued[2]} ${glued[3]}` };
    const alone = POSTCODE_UNSPACED.exec(text);
    const town = words[i - 1]?.text.trim() ?? '';
    if (!alone || !/^\p{Lu}\p{Ll}{3,},?$/u.test(town) || !endsLine(words, i)) return w;
    return { ...w, text: `${alone[1]} ${alone[2]}` };
  });
}

const POSTCODE_UNSPACED = new RegExp(`^(${OUTWARD_CODE})(\\d${INWARD_LETTERS}[,.]?)$`);
const TOWN_POSTCODE = new RegExp(`^(\\p{Lu}\\p{Ll}{2,})(${OUTWARD_CODE})(\\d${INWARD_LETTERS}[,.]?)$`, 'u');

const WORD_NUMBER = /^(\p{L}*\p{Ll}{3})(\d+\p{Ll}{0,2})$/u;
/** A tax's name and its rate ("TVA20%", "MwSt19%"): a rate is never part of a code. */
const WORD_RATE = /^(\p{L}{2,})(\d{1,2}(?:[.,]\d{1,2})?%)$/u;

/**
 * A table's border read into a word ("|Saco", "1|", "[Date"): the bar is cut off, and the word's
 * box with it (by its share of the letters), so that the border lies between the cells again.
 * A border stands taller than the letters (a cell's height); a bar no taller than the page's
 * words (`wordHeight`: their median height) is a letter OCR read as one: an l after a small letter
 * or a measure's one decimal ("0.5]" for 0.5l; a price or a count keeps its border cut off), an I
 * before capitals ("[BAN" for IBAN).
 */
export function withoutBorders(w: OcrWord, wordHeight = 0): OcrWord {
  const text = w.text.trim();
  // A bracket is a border too when it closes nothing ("[Date"), never in "[1]".
  const inner = text.replace(/^(?:[|¦]+|\[(?!.*\]))/, '').replace(/(?:[|¦]+|(?<!\[.*)\])$/, '');
  if (inner === text || inner === '') return w;
  if (w.bbox.y1 - w.bbox.y0 <= BORDER_HEIGHT * wordHeight) {
    const letters = text
      .replace(/^[|¦[](?=\p{Lu}\p{Lu})/u, 'I')
      .replace(/(?<=\p{Ll}|^\d+[.,]\d)[|¦\]]$/u, 'l');
    if (letters !== text && !/[|¦[\]]/.test(letters)) return { ...w, text: letters };
  }
  const per = (w.bbox.x1 - w.bbox.x0) / text.length;
  const lead = text.indexOf(inner);
  const trail = text.length - lead - inner.length;
  return {
    ...w,
    text: inner,
    bbox: { ...w.bbox, x0: w.bbox.x0 + lead * per, x1: w.bbox.x1 - trail * per },
  };
}

/** A bar this many times the page's median word height or less is a letter, not a border. */
const BORDER_HEIGHT = 1.3;

/**
 * A British postcode's inward part read with a letter for its digit ("HD5 ORE", "BA1 SAW"): after
 * an outward part with its digit ("HD5", "WC2B"), a word of O and two of the letters inward codes
 * use (never C, I, K, M, O or V) is the inward code "0RE". S, I, l and Z make words more often
 * ("A4 SET"), so they are read as 5, 1 and 2 only where the word ends its line, as a postcode does.
 */
export function postcodesRepaired(words: OcrWord[]): OcrWord[] {
  return words.map((w, i) => {
    const before = words[i - 1]?.text.trim() ?? '';
    const m = INWARD_MISREAD.exec(w.text.trim());
    if (!m || !OUTWARD.test(before) || (m[1] !== 'O' && !endsLine(words, i))) return w;
    return { ...w, text: `${DIGIT_FOR[m[1]]}${m[2]}` };
  });
}

/** No word follows on the same line (the next starts below, or back at the left). */
function endsLine(words: OcrWord[], i: number): boolean {
  const w = words[i];
  const after = words[i + 1];
  return !after || after.bbox.y0 > w.bbox.y1 || after.bbox.x0 < w.bbox.x0;
}

const OUTWARD = new RegExp(`^${OUTWARD_CODE}$`);
const DIGIT_FOR: Record<string, string> = { O: '0', S: '5', I: '1', l: '1', Z: '2' };
const INWARD_MISREAD = new RegExp(`^([OSIlZ])(${INWARD_LETTERS}[,.]?)$`);

/**
 * An Irish Eircode's routing key read with the letter O for a zero ("DO2 XY45", "DO8 W6K2"): a
 * routing key's letter and two digits (one of them read as O), then the four letters and digits of
 * the unique identifier, is the Eircode "D02 XY45". Routing keys start with one of these letters.
 * Both digits read as O ("TOO") make a word more often than a code.
 */
export function eircodesRepaired(words: OcrWord[]): OcrWord[] {
  return words.map((w, i) => {
    const m = ROUTING_KEY_MISREAD.exec(w.text.trim());
    const next = words[i + 1]?.text.trim() ?? '';
    if (!m || !UNIQUE_IDENTIFIER.test(next) || endsLine(words, i)) return w;
    return { ...w, text: `${m[1]}${m[2].replaceAll('O', '0')}` };
  });
}

const ROUTING_KEY_MISREAD = /^([ACDEFHKNPRTVWXY])(O\d|\dO)$/;
/** Four letters and digits, at least one of each ("XY45", "W6K2"), perhaps with a comma or full stop after it. */
const UNIQUE_IDENTIFIER = /^(?=[A-Z\d]*\d)(?=[A-Z\d]*[A-Z])[A-Z\d]{4}[,.]?$/;

/**
 * "Ltd" read as "Lid", "Lud" or "Lyd", "plc" as "pl¢": the legal form that ends a company's name,
 * where it ends a line after a capitalised word ("Calder Builders Lid"). Elsewhere ("Pot Lid 2
 * 4.50") the word stays as read.
 */
export function legalFormsRepaired(words: OcrWord[]): OcrWord[] {
  return words.map((w, i) => {
    const form = MISREAD_FORMS.get(w.text.trim().replace(/[.,]$/, ''));
    const before = words[i - 1];
    if (!form || !before || !endsLine(words, i) || !/^\p{Lu}\p{Ll}/u.test(before.text.trim())) return w;
    return { ...w, text: w.text.trim().replace(/^\S+?(?=[.,]?$)/, form) };
  });
}

const MISREAD_FORMS = new Map([
  ['Lid', 'Ltd'],
  ['Lud', 'Ltd'],
  ['Lyd', 'Ltd'],
  ['Ltc', 'Ltd'],
  ['pl¢', 'plc'],
  ['pic', 'plc'],
]);

/**
 * A German street's "ß" read by the English model as "B" or "R" ("HauptstraBe", "Berliner StraRe"):
 * a German address on a page in another language, which is read with that language's model. Only
 * the street word's ending: no word of these languages ends in "straBe" or "straRe".
 */
export function sharpSRepaired(w: OcrWord): OcrWord {
  const text = w.text.replace(MISREAD_STREET, '$1ß$2');
  return text === w.text ? w : { ...w, text };
}

const MISREAD_STREET = /^(\p{Lu}\p{Ll}*stra|Stra)[BR](e[.,]?)$/u;

/**
 * Spanish and Portuguese floor and door ordinals ("3º izq.", "5ª planta", "2º andar") whose small
 * raised º or ª OCR reads as "*" or "?" ("3* izq."): after a number of one or two digits, before a
 * word only such an ordinal stands before, the sign its gender takes.
 */
export function ordinalsRepaired(words: OcrWord[]): OcrWord[] {
  return words.map((w, i) => {
    const m = /^(\d{1,2})[*?](,?)$/.exec(w.text.trim());
    const next = words[i + 1]?.text.trim().toLowerCase().replace(/[.,]$/, '') ?? '';
    if (!m || endsLine(words, i)) return w;
    const sign = FEMININE_AFTER.has(next) ? 'ª' : MASCULINE_AFTER.has(next) ? 'º' : null;
    return sign ? { ...w, text: `${m[1]}${sign}${m[2]}` } : w;
  });
}

/** "5ª planta", "2ª puerta"; a floor's side ("3º izq.", "1º dcha.") follows the floor (piso), masculine. */
const FEMININE_AFTER = new Set(['planta', 'puerta', 'pta', 'escalera', 'esc']);
const MASCULINE_AFTER = new Set([
  'izq',
  'izda',
  'izqda',
  'dcha',
  'dcho',
  'piso',
  'andar',
  'esq',
  'dto',
  'drt',
  'frente',
]);

/**
 * Dashes standing between two words of a line ("Tor 4 – Rampe B", "Consulting - March"), with
 * the dash their width says: tesseract reads an en dash as a hyphen, and the filter for specks
 * (short "words" without a letter or digit) would drop them all. A dash is a thin stroke, wider
 * than high, level with the middle of a word close on either side; its width against the page's
 * usual word height (`median`) tells a hyphen (about a third of it), an en dash (a half) and an
 * em dash (one or more).
 */
export function dashesBetweenWords(words: OcrWord[], median: number): Map<OcrWord, string> {
  const out = new Map<OcrWord, string>();
  for (const dash of words) {
    if (!DASH.test(dash.text.trim())) continue;
    const { x0, x1, y0, y1 } = dash.bbox;
    const width = x1 - x0;
    if (y1 - y0 > 0.3 * median || width < y1 - y0) continue;
    const middle = (y0 + y1) / 2;
    const beside = (w: OcrWord) =>
      w !== dash &&
      /[\p{L}\p{N}]/u.test(w.text) &&
      middle > w.bbox.y0 + 0.2 * (w.bbox.y1 - w.bbox.y0) &&
      middle < w.bbox.y1 - 0.1 * (w.bbox.y1 - w.bbox.y0);
    const left = words.some((w) => beside(w) && w.bbox.x1 <= x0 + 1 && x0 - w.bbox.x1 <= median);
    // A word after it, not a figure: a dash before an amount may be its minus sign.
    const right = words.some(
      (w) => beside(w) && /^\p{L}/u.test(w.text.trim()) && w.bbox.x0 >= x1 - 1 && w.bbox.x0 - x1 <= median,
    );
    if (left && right) out.set(dash, width >= 0.9 * median ? '—' : width >= 0.45 * median ? '–' : '-');
  }
  return out;
}

const DASH = /^[-‐‑‒–—―]$/;
