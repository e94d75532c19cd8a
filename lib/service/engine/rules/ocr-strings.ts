/**
 * The last touch on text values read by OCR: specks of dust at a value's edges come back as marks
 * ("‚Marktplatz 5", "Leipzig:", "Porto”", "Käse Gouda_", "“Direct debit"), and an item's litre sign
 * as a figure or a stroke ("Milk 11", "Eau minérale 50c!"). Values with a pattern (ids, IBANs) and
 * values of a text layer are left as they are.
 */
import { getAt } from '@/lib/contract/validation/names';
import type { FieldHint, Source, StructureDefinition } from '../types';
import { type DocView, normalizePointer, readByOcr, setAtPointer } from './page-view';

/** Marks a speck is read as; a quote mark only when it has no partner in the value. */
const EDGE_MARKS = ':;!|_~^*,‚„';
const QUOTES = '"“”\'‘’`´';
/** Marks a speck before a word is read as: low quotes and quote marks ("‚Datum", "‘Reference"). */
export const SPECK_QUOTES = `‚„${QUOTES}`;
const quotesIn = (text: string) => [...text].filter((c) => QUOTES.includes(c)).length;
/** Quote marks that may open a name ("’t Hoekje") are no speck before it. */
const OPENING_APOSTROPHES = "'’";

/** Dashes, which a value holds only between its words or figures ("1100-048", "Tor 4 – Rampe B"). */
const DASHES = '-–—';

function trimPiece(piece: string): string {
  const isSpeck = (at: number, leading: boolean) => {
    const ch = piece[at];
    if (EDGE_MARKS.includes(ch)) return true;
    // A dash set apart at an edge ("Utrecht -", "- Gewerbering 7") joins nothing: a speck or a rule.
    if (DASHES.includes(ch)) return /\s/.test(piece[leading ? at + 1 : at - 1] ?? ' ');
    if (!QUOTES.includes(ch)) return false;
    // An opening apostrophe stands before a small letter ("’t Hoekje"), not a capital ("'Holzwerk").
    if (leading && OPENING_APOSTROPHES.includes(ch) && !/\p{Lu}/u.test(piece[at + 1] ?? '')) return false;
    return quotesIn(piece) === 1;
  };
  let start = 0;
  let end = piece.length;
  while (start < end && (/\s/.test(piece[start]) || isSpeck(start, true))) start++;
  while (end > start && (/\s/.test(piece[end - 1]) || isSpeck(end - 1, false))) end--;
  // "Ltda..." : a run of dots after an abbreviation is its one dot.
  return piece.slice(start, end).replace(/\.{2,}$/, '.');
}

/** A value without the specks at its edges, and at the edges of each of its lines (joined by ", "). */
export function dropEdgeSpecks(text: string): string {
  return text
    .split(', ')
    .map(trimPiece)
    .filter((p) => p.length > 0)
    .join(', ');
}

/** A low quote, plus, hyphen or quote mark glued to the front of a capitalised word. */
const MARK_BEFORE_WORD = new RegExp(`(?<=^|\\s)[+\\-${SPECK_QUOTES}](?=\\p{Lu}\\p{Ll})`, 'gu');

/**
 * Specks between a value's words: a mark glued to the front of a capitalised word ("Muster GmbH
 * ‚Mandat", "Shop ‘Reference", "ontvangen -Kenmerk", "+Comisión") or to the end of a word before
 * one ("Online Shop- Reference"), a colon between two letters ("Serviços de:consultoria"), and a
 * dot after a value's last word when that is a long word in small letters, as no abbreviation is
 * ("Shipping and handling."). A quote mark with a partner in the value is its own ("Gasthaus "Zur
 * Post""); a hyphen before a small word holds a compound's place ("Ein- und Verkauf").
 */
export function dropInnerSpecks(text: string): string {
  const quotes = quotesIn(text);
  return text
    .replace(MARK_BEFORE_WORD, (mark) => (QUOTES.includes(mark) && quotes > 1 ? mark : ''))
    .replace(/(?<=\p{Ll}{2})-(?=\s+\p{Lu}\p{Ll})/gu, '')
    .replace(/(?<=\p{L}):(?=\p{L})/gu, ' ')
    .replace(/(?<=(?:^|\s)\p{Ll}{7,})\.$/u, '');
}

/**
 * An item's measure whose litre sign OCR read as a figure or a stroke: "Milk 11" → "Milk 1l",
 * "Água 0,51" → "Água 0,5l", "Melk 1}" → "Melk 1l", "Eau 50c!" → "Eau 50cl". Only at the end of a
 * name with words before it, and only figures no one prints bare there: one digit and a 1, a
 * decimal measure and a 1 ("0,51": a price would be no part of the name), centi- or millilitres.
 */
export function repairMeasureUnit(text: string): string {
  const m = MISREAD_MEASURE.exec(text);
  // The words before it are looked for apart: a look-behind for them would scan the text back
  // from every space, quadratic in a long line.
  if (!m || !/\p{L}/u.test(text.slice(0, m.index))) return text;
  return `${text.slice(0, m.index)}${m[1]}l`;
}
const MISREAD_MEASURE = /(?<=\s)(\d(?:[.,]\d{1,2})?|\d{1,4}\s?[cm])[1!|}\]I][:;_]*$/u;

/**
 * The closing dot of an abbreviation that OCR lost, a dot being a speck's size: one written with
 * dots inside ("S.L", "S.p.A", "B.V") ends with one too, as Portugal's and Brazil's "Lda."/"Ltda." do.
 */
export function restoreClosingDot(text: string): string {
  return text.replace(/(?<![\p{L}.])(?:\p{L}{1,2}\.)+\p{L}{1,2}$|(?<!\p{L})Lt?da$/u, '$&.');
}

/**
 * The space after a comma between two words that OCR lost ("Unipessoal,Lda.", "Rua Augusta,Lisboa"):
 * printed text sets one there. Figures ("1,5") and small words after it ("a,b") stay as read.
 */
export function spaceAfterComma(text: string): string {
  return text.replace(/(?<=\p{L}{2}),(?=\p{Lu}\p{L})/gu, ', ');
}

/**
 * Portuguese "Ref.ª" (referência) whose small raised ª OCR read as º: the abbreviation takes its
 * word's gender, and referência's is feminine ("N.º", número, is masculine and stays).
 */
export function feminineReference(text: string): string {
  return text.replace(/\bRef\.º(?=\s|$)/g, 'Ref.ª');
}

function tidy(text: string, hint: FieldHint): string {
  // The measure first: its stroke ("50c!") is no speck.
  const measured = hint.measure ? repairMeasureUnit(text) : text;
  return restoreClosingDot(dropEdgeSpecks(dropInnerSpecks(spaceAfterComma(feminineReference(measured)))));
}

/** Tidies the plain text values (fields and table cells) whose source is an OCR reading. */
export function tidyOcrStrings(
  data: Record<string, unknown>,
  sources: Record<string, Source>,
  views: DocView[],
  hints: StructureDefinition['hints'],
): void {
  const ocr = (pointer: string) => readByOcr(sources[pointer], views);
  const plain = (hint: FieldHint) => hint.type === 'string' && !hint.pattern;
  for (const [raw, hint] of Object.entries(hints.fields ?? {})) {
    const pointer = normalizePointer(raw);
    const value = getAt(data, pointer);
    if (typeof value === 'string' && plain(hint) && ocr(pointer))
      setAtPointer(data, pointer, tidy(value, hint));
  }
  for (const [raw, table] of Object.entries(hints.tables ?? {})) {
    const pointer = normalizePointer(raw);
    const rows = getAt(data, pointer);
    if (!Array.isArray(rows)) continue;
    rows.forEach((row: Record<string, unknown>, i) => {
      for (const [key, hint] of Object.entries(table.columns)) {
        const value = row[key];
        if (typeof value === 'string' && plain(hint) && ocr(`${pointer}/${i}/${key}`))
          row[key] = tidy(value, hint);
      }
    });
  }
}
