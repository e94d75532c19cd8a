/** Case- and accent-insensitive label matching that keeps offsets into the original text. */

const MARKS = /[\u0300-\u036f]/g;
const QUOTES = /^['’‘`´"“”„]$/;

export interface Folded {
  /** Lower-cased, accents removed, ligatures expanded. */
  text: string;
  /** For each index of `text`, the index in the original string. */
  map: number[];
}

export function fold(original: string): Folded {
  let text = '';
  const map: number[] = [];
  for (let i = 0; i < original.length; i++) {
    // Quote marks are dropped: OCR sprinkles them into labels ("Invoice’ No.").
    const folded = QUOTES.test(original[i])
      ? ''
      : original[i].normalize('NFKD').replace(MARKS, '').toLowerCase();
    for (const ch of folded) {
      text += ch;
      map.push(i);
    }
  }
  map.push(original.length);
  return { text, map };
}

export const foldString = (s: string) => fold(s).text;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const NUMBER_WORDS = new Set([
  'number',
  'no',
  'no.',
  'nr',
  'nr.',
  'num',
  'num.',
  '#',
  'n°',
  'nº',
  'n°.',
  'nbr',
  'nbr.',
  'n.',
  'n.º',
  'n.°',
]);
// "N°", "Nº", "N.º" (folded, "º" is an "o": "n.o") and the Italian "N." as well; "N*" and "N?" are
// how OCR reads a small raised circle.
// A lone "N" too, a word of its own that ends the span: a caption over or under its value whose
// raised circle and dot OCR lost ("Nota de encomenda n").
const NUMBER_GROUP =
  '(?:number|nbr\\.?|no\\.?|nr\\.?|num\\.?|#|n\\.?\\s?[°º*?]\\.?|n\\.o\\.?|n\\.|(?<=[\\s.,])n(?=\\s*[:：]?\\s*$))';

/**
 * A label as a pattern anchored at the start of a span: words may be joined by any whitespace,
 * a trailing "No." / "#" / "Number" is interchangeable, abbreviation dots are optional, and a
 * separator (":", "#", "-") may follow. Group 1 is never used; the match end is where the value starts.
 */
// Labels are compiled once: every extraction matches hundreds of them against every span.
const compiled = new Map<string, RegExp>();

export function labelRegExp(label: string): RegExp {
  let re = compiled.get(label);
  if (!re) {
    re = compileLabel(label);
    compiled.set(label, re);
  }
  return re;
}

/**
 * A caption: a label that is the whole span, its value to its right or under it ("Número" over
 * "FAC-17"), or the span's one other word, a code with a digit after a colon ("Número: 2026/042").
 */
export function captionRegExp(label: string): RegExp {
  const key = `caption:${label}`;
  let re = compiled.get(key);
  if (!re) {
    const start = labelRegExp(label);
    re = new RegExp(`${start.source}(?:$|(?<=[:：]\\s*)(?=\\S*\\d\\S*$))`, start.flags);
    compiled.set(key, re);
  }
  return re;
}

/**
 * "zzgl. 19 % USt.", "plus VAT", "+ 20% TVA", "incl. btw": a sign of addition and a rate may come
 * first. Not "excl.": "Excl. btw" is the amount without the tax (a subtotal's label), not the tax.
 */
const ADDED = String.raw`(?:(?:zzgl|inkl|incl|plus|\+)\.?\s*)?(?:\d{1,2}(?:[.,]\d{1,2})?\s?%\s*)?`;

/**
 * Marks a label may stand behind: list bullets, dashes (an em dash too: "—Saldo anterior"), and
 * the dot or comma a speck of dust on a scan is read as (".PO #").
 */
const BULLETS = '\\s•*·\\-–—.,';
const LEADING_BULLETS = new RegExp(`^[${BULLETS}]+`);

function compileLabel(label: string): RegExp {
  const tokens = foldString(label)
    .replace(/[:：]+\s*$/, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const parts = tokens.map((t, i) => {
    // A number word that leads other words may lose its raised circle ("N” factura": OCR read the
    // "º" as a quote, which folding drops).
    if (NUMBER_WORDS.has(t))
      return i === 0 && tokens.length > 1 ? `(?:${NUMBER_GROUP}|n(?=\\s))` : NUMBER_GROUP;
    // OCR may set a hyphen apart from its word ("Rechnungs -Nr.").
    return escapeRegExp(t).replace(/\\\./g, '\\.?').replace(/-/g, '\\s?-\\s?');
  });
  // Words are joined by spaces, or by the dot or comma a speck between them is read as ("Bon de.commande").
  const body = parts.join('[\\s.,]*');
  const trailingNumber = NUMBER_WORDS.has(tokens[tokens.length - 1] ?? '') ? '' : `(?:\\s*${NUMBER_GROUP})?`;
  return new RegExp(
    `^[${BULLETS}]*${ADDED}${body}${trailingNumber}(?:(?<=[#°º])(?=\\d)|(?![\\p{L}\\p{N}]))\\s*(?:[:：#=]|[-–](?=\\s))?\\s*`,
    'u',
  );
}

export interface LabelMatch {
  /** Length of the label in the folded text (longer labels win ties between fields). */
  length: number;
  /** Offset in the original text where the value would start. */
  rest: number;
}

/**
 * Characters from a word on wide enough for any label and its separator: where a label is looked
 * for at every word of a text, only this much is folded, not the whole rest (quadratic in a long line).
 */
export const LABEL_REACH = 200;

export function matchLabel(folded: Folded, re: RegExp): LabelMatch | null {
  const m = re.exec(folded.text);
  if (!m) return null;
  const labelText = m[0].replace(/[\s:：#=\-–•*·]+$/, '').replace(LEADING_BULLETS, '');
  return { length: labelText.length, rest: folded.map[m[0].length] };
}

/**
 * The words of some labels, folded, by length: three letters or more. A word is mended by any one
 * letter only from five letters on (shorter ones are too near too many); by its first letter read
 * as a figure from three.
 */
export type LabelVocabulary = Map<number, Set<string>>;

export function labelVocabulary(labels: string[]): LabelVocabulary {
  const words: LabelVocabulary = new Map();
  for (const label of labels) {
    for (const [word] of foldString(label).matchAll(/\p{L}{3,}/gu)) {
      const same = words.get(word.length) ?? new Set();
      same.add(word);
      words.set(word.length, same);
    }
  }
  return words;
}

/**
 * Capitals OCR misreads at a word's start: as figures ("0td" for "Qtd", "1tem", "5umme", "8etrag"),
 * and a Q whose tail it lost as an O ("Otd." for "Qtd.").
 */
const LETTERS_FOR_INITIAL: Record<string, string[]> = {
  '0': ['o', 'q'],
  '1': ['i', 'l'],
  '5': ['s'],
  '8': ['b'],
  o: ['q'],
};

/**
 * A folded text whose first word starts with a capital OCR may have misread, read with each letter
 * it may stand for; none when it does not. Same length, same map to the original.
 */
export function initialReadings(folded: Folded): Folded[] {
  const initial = /^([0158o])\p{L}{2,}(?![\p{L}\p{N}])/u.exec(folded.text)?.[1];
  if (!initial) return [];
  return LETTERS_FOR_INITIAL[initial].map((letter) => ({
    text: letter + folded.text.slice(1),
    map: folded.map,
  }));
}

/**
 * A span's folded text whose words OCR misread by one letter ("sumpe eur" for "summe eur", "data
 * contabili" for "data contabile"), or whose first word's capital it misread ("0td" or "Otd" for
 * "Qtd"), put right where exactly one word of the labels is that near; null when no word was.
 * Its map to the span stays: a letter put back maps where the word ends.
 */
export function mendedLabelWords(folded: Folded, vocabulary: LabelVocabulary): Folded | null {
  const known = (f: Folded) => {
    const first = /^\p{L}*/u.exec(f.text)![0];
    return vocabulary.get(first.length)?.has(first) === true;
  };
  const read = initialReadings(folded).filter(known);
  if (read.length > 1) return null;
  const start = read[0]?.text ?? folded.text;
  let text = '';
  const map: number[] = [];
  let last = 0;
  for (const m of start.matchAll(/(?<![\p{L}\p{N}])\p{L}{5,}(?!\p{L})/gu)) {
    const near = nearLabelWord(m[0], vocabulary);
    if (!near) continue;
    const at = m.index ?? 0;
    text += start.slice(last, at) + near;
    map.push(...folded.map.slice(last, at + m[0].length));
    // A last letter OCR lost ("gesamtprei") stands where the word ends (the map has an entry past
    // the text's end too).
    while (map.length < text.length) map.push(folded.map[at + m[0].length]);
    last = at + m[0].length;
  }
  // No word mended (a mended one ends past 0) and no capital read again: nothing to put right.
  if (last === 0 && read.length === 0) return null;
  return { text: text + start.slice(last), map: [...map, ...folded.map.slice(last)] };
}

/**
 * The one word of the labels one letter from `word` (not one itself), or null: a letter misread
 * (same length), or, in a word of eight letters or more, its last letter lost ("gesamtprei").
 */
function nearLabelWord(word: string, vocabulary: LabelVocabulary): string | null {
  const same = vocabulary.get(word.length);
  if (same?.has(word)) return null;
  const found = new Set<string>();
  for (const candidate of same ?? []) {
    let differ = 0;
    for (let i = 0; i < word.length && differ < 2; i++) if (candidate[i] !== word[i]) differ++;
    if (differ === 1) found.add(candidate);
  }
  if (word.length >= 8)
    for (const candidate of vocabulary.get(word.length + 1) ?? [])
      if (candidate.startsWith(word)) found.add(candidate);
  return found.size === 1 ? [...found][0] : null;
}

/** The fewest letters to change, add or drop to turn one word into the other (Levenshtein). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}
