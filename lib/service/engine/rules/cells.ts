/** Puts the spans of a table line into the columns of its header. */
import { parseDate } from '../dates';
import { PRICE_WITH_CENTS } from '../parse';
import type { FieldHint, TextSpan } from '../types';
import type { Anchor } from './header';
import { type LineRef, subBox, x0, x1 } from './page-view';

/**
 * How far a table reaches across the page: from just before its first caption to well past its
 * last one, whose amounts may be right-aligned far beyond a left-aligned caption ("Amount").
 */
export function tableExtent(anchors: Anchor[]): [number, number] {
  return [anchors[0].x0 - 0.02, Math.min(1, anchors[anchors.length - 1].x1 + 0.15)];
}

/** How far left of a centred first caption its column's cells may end (page widths). */
const LEFT_REACH = 0.12;

export interface Cell {
  parts: TextSpan[];
  text: string;
}

/** Words, keeping numbers grouped with spaces ("1 155,24") in one piece. */
const WORD_OR_NUMBER = /[-−(]?[$€£¥₹]?\d{1,3}(?:[\u00a0\u202f ]\d{3})+(?:[.,]\d+)?\)?|\S+/g;
/** May a word move out of a text cell into this column? Bare integers ("0412") only into number columns. */
function movable(word: string, type: FieldHint['type'] | undefined): boolean {
  if (!type || type === 'string' || !NUMERIC_TOKEN.test(word)) return false;
  if (/^\d+$/.test(word)) return type === 'number';
  return true;
}
/** A currency symbol, alone or with its country's letters ("R$", "US$"). */
const SYMBOL = String.raw`[A-Z]{1,2}\$|[$€£¥₹]`;
/** A currency code or symbol standing alone. */
const CURRENCY_ALONE = new RegExp(`^(?:[A-Z]{3}|${SYMBOL})$`);
// A figure with its sign and currency symbol either way round ("-R$644,26", "R$-644,26", "US$12"),
// a speck read as a quote mark before it at most ("‘9,98"),
// or its currency code or symbol run into it ("42,32EUR", "7,98€", "BRL8,00": a price, with its
// cents, not an article number), or a currency alone.
const NUMERIC_TOKEN = new RegExp(
  String.raw`^['‘’"“”]?[-−(]?(?:${SYMBOL})?[-−]?[\d.,'’]*\d[\d.,'’]*\)?-?%?(?:[A-Z]{3}|[$€£¥₹])?$|^[A-Z]{3}${PRICE_WITH_CENTS}$|${CURRENCY_ALONE.source}`,
);
/** A numeric date, which may open a span that runs on into the description ("27-08-2024 Reintegro"). */
const NUMERIC_DATE = /^\d{1,4}([./-])\d{1,2}\1\d{2,4}$/;
/** A figure, its sign and currency symbol at most: no words, no currency code ("EUR" "1.234,00" stay one). */
const FIGURE = /^[^\p{L}]*\d[^\p{L}]*$/u;

/**
 * Puts each span of a line into the column whose zone holds it. Spans outside the table's extent
 * (a sidebar beside it) are left alone. Returns the cells and the indexes of the spans used.
 */
export function assignCells(
  line: LineRef,
  anchors: Anchor[],
  types: Map<string, FieldHint>,
  /** Where each column ends (see `columnCuts`); halfway between the captions when not given. */
  cuts?: number[],
): { cells: Map<string, Cell>; used: number[]; strays: Cell[] } {
  const bounds: number[] = cuts ?? [];
  if (!cuts)
    for (let i = 0; i < anchors.length - 1; i++) bounds.push((anchors[i].x1 + anchors[i + 1].x0) / 2);
  const zoneOf = (x: number) => {
    let z = 0;
    while (z < bounds.length && x >= bounds[z]) z++;
    return z;
  };
  const [left, right] = tableExtent(anchors);
  const inTable = line.spans.filter((s) => x1(s.span) > left && x0(s.span) < right);
  // A short text cell under a centred first caption ("Désignation" over "Camembert") ends left of
  // the table's extent: it is the first column's when that column has nothing else on the line.
  const before = line.spans.filter((s) => x1(s.span) <= left && x1(s.span) > left - LEFT_REACH);
  const firstEmpty = !inTable.some((s) => zoneOf((x0(s.span) + x1(s.span)) / 2) === 0);
  if (before.length === 1 && inTable.length > 0 && firstEmpty && types.get(anchors[0].key)?.type === 'string')
    inTable.unshift(before[0]);
  // Columns that hold a span of their own on this line: a long neighbour is not split into them.
  const occupied = new Set<number>();
  for (const s of inTable) {
    const a = x0(s.span);
    const b = x1(s.span);
    if (zoneOf(a + 0.001) === zoneOf(b - 0.001)) occupied.add(zoneOf((a + b) / 2));
  }
  const cells = new Map<string, Cell>();
  const used: number[] = [];
  const strays: Cell[] = [];
  const put = (zone: number, span: TextSpan, whole = false) => {
    const key = anchors[zone].key;
    if (key === '') return;
    const held = cells.get(key);
    const type = types.get(key)?.type;
    // Two separate numbers in one number column are no number grouped by a space: the column's
    // own is the one nearer its right edge; the other stands in a column whose caption was lost
    // ("3" beside "215,00 €" under "Einzelpreis", the "Menge" over it unread) and is kept aside.
    if (
      whole &&
      held &&
      (type === 'money' || type === 'number') &&
      FIGURE.test(held.text) &&
      FIGURE.test(span.text)
    ) {
      strays.push(held);
      cells.set(key, { parts: [span], text: span.text });
      return;
    }
    const cell = held ?? { parts: [], text: '' };
    cell.parts.push(span);
    cell.text = cell.text ? `${cell.text} ${span.text}` : span.text;
    cells.set(key, cell);
  };
  for (const s of inTable) {
    used.push(s.index);
    const span = s.span;
    const a = x0(span);
    const b = x1(span);
    const startZone = zoneOf(a + 0.001);
    const endZone = zoneOf(b - 0.001);
    if (startZone === endZone || !span.text.includes(' ')) {
      put(zoneOf((a + b) / 2), span, true);
      continue;
    }
    // A span running over several columns (cells set close together, or OCR): split off trailing
    // number-like words into the empty columns they sit in; the rest stays where the span starts.
    const words = [...span.text.matchAll(WORD_OR_NUMBER)];
    const len = span.text.length;
    /** The column under the span's text from `s0` to `s1`, by its place in the text. */
    const zoneAt = (s0: number, s1: number) => zoneOf(a + ((b - a) * (s0 + s1)) / 2 / len);
    const wordZone = words.map((w) => zoneAt(w.index ?? 0, (w.index ?? 0) + w[0].length));
    const typeOf = (zone: number) => types.get(anchors[zone].key)?.type;
    // Figures only ("1 5,99 EUR", "3 9,20 EUR 27,60 EUR"): one to a column, from the span's first
    // column to its last. Their places in the span's text say little: the gaps between them are
    // column gaps, read as single spaces.
    const figures = figureRun(words);
    const zones =
      figures &&
      figureZones(
        figures.map(([s0, s1]) => zoneAt(s0, s1)),
        startZone,
        endZone,
        occupied,
      );
    if (figures && zones) {
      for (const [k, [s0, s1]] of figures.entries())
        put(zones[k], { text: span.text.slice(s0, s1), bbox: subBox(span, s0, s1) });
      continue;
    }
    // A column that may hold a date: a date's, or one whose caption names no field (a statement's
    // "Value" date), whose cells are dropped.
    const datedZone = (zone: number) => typeOf(zone) === 'date' || anchors[zone].key === '';
    // A date running on past its column's end is its column's ("11 February 2023" under "Value").
    if (datedZone(startZone) && datedWords(span.text, words, 0) === words.length) {
      put(startZone, span);
      continue;
    }
    // Leading numbers sitting in empty columns to the left ("12 SKU-1" under "#" and "SKU"); in a
    // date's column, its date, written out too ("11 February 2023 Insurance premium").
    let first = 0;
    const leading: [number, number][] = [];
    while (
      first < words.length - 1 &&
      wordZone[first] < wordZone[words.length - 1] &&
      !occupied.has(wordZone[first])
    ) {
      const dated = datedZone(wordZone[first]) ? datedWords(span.text, words, first) : 0;
      const taken = dated || (NUMERIC_TOKEN.test(words[first][0]) ? 1 : 0);
      if (taken === 0 || first + taken >= words.length) break;
      leading.push([first, first + taken]);
      first += taken;
    }
    if (first > 0) {
      for (const [k, end] of leading) {
        const s0 = words[k].index ?? 0;
        const s1 = (words[end - 1].index ?? 0) + words[end - 1][0].length;
        put(wordZone[k], { text: span.text.slice(s0, s1), bbox: subBox(span, s0, s1) });
      }
      const restStart = words[first].index ?? 0;
      const rest = { text: span.text.slice(restStart), bbox: subBox(span, restStart, len) };
      // The number's column is the number's: the rest belongs to a column right of it.
      const restZone = zoneAt(restStart, len);
      put(
        Math.max(restZone, Math.min(wordZone[leading[leading.length - 1][0]] + 1, anchors.length - 1)),
        rest,
      );
      continue;
    }
    let cut = words.length;
    while (
      cut > 1 &&
      wordZone[cut - 1] > startZone &&
      !occupied.has(wordZone[cut - 1]) &&
      movable(words[cut - 1][0], typeOf(wordZone[cut - 1]))
    ) {
      cut--;
    }
    const head = words.slice(0, cut);
    const headEnd = (head[head.length - 1].index ?? 0) + head[head.length - 1][0].length;
    // The head goes where most of it sits (a wide amount may start just left of its column).
    const headZone = zoneAt(0, headEnd);
    if (cut === words.length) {
      put(headZone, span);
      continue;
    }
    put(headZone, { text: span.text.slice(0, headEnd), bbox: subBox(span, 0, headEnd) });
    let i = cut;
    while (i < words.length) {
      let j = i;
      while (j + 1 < words.length && wordZone[j + 1] === wordZone[i]) j++;
      const s0 = words[i].index ?? 0;
      const s1 = (words[j].index ?? 0) + words[j][0].length;
      put(wordZone[i], { text: span.text.slice(s0, s1), bbox: subBox(span, s0, s1) });
      i = j + 1;
    }
  }
  return { cells, used, strays };
}

/** How many words from the `k`th of `text` make a date ("27-08-2024", "11 February 2023"); 0: none. */
function datedWords(text: string, words: RegExpMatchArray[], k: number): number {
  if (NUMERIC_DATE.test(words[k][0])) return 1;
  const from = words[k].index ?? 0;
  const date = parseDate(text.slice(from), undefined);
  if (!date || !text.startsWith(date.text, from)) return 0;
  const end = from + date.text.length;
  let n = 0;
  while (k + n < words.length && (words[k + n].index ?? 0) < end) n++;
  return n;
}

/**
 * A span of figures only, each with its currency code or symbol when written apart ("5,99 EUR",
 * "EUR 5,99"): their [start, end) in the span's text; null unless there are two figures or more.
 */
function figureRun(words: RegExpMatchArray[]): [number, number][] | null {
  if (!words.every((w) => NUMERIC_TOKEN.test(w[0]))) return null;
  // Codes follow their figures when one ends the span ("5,99 EUR"), else they lead ("2 EUR 3,10").
  const codeFirst = !CURRENCY_ALONE.test(words[words.length - 1][0]);
  const runs: [number, number][] = [];
  let pending: number | null = null; // a code waiting for the figure after it
  for (const w of words) {
    const start = w.index ?? 0;
    const end = start + w[0].length;
    if (!CURRENCY_ALONE.test(w[0])) {
      runs.push([pending ?? start, end]);
      pending = null;
    } else if (codeFirst) pending ??= start;
    else if (runs.length > 0) runs[runs.length - 1][1] = end;
    else return null;
  }
  return runs.length >= 2 && pending === null ? runs : null;
}

/**
 * The columns of a span's figures, the span running from column `first` to `last`: each figure in
 * order where its place in the text puts it, one to a column, the last in the column the span ends
 * in; null when the free columns are too few.
 */
function figureZones(
  /** Where each figure's place in the text puts it. */
  estimated: number[],
  first: number,
  last: number,
  occupied: Set<number>,
): number[] | null {
  const count = estimated.length;
  const free: number[] = [];
  for (let z = first; z <= last; z++) if (!occupied.has(z)) free.push(z);
  if (free.length < count || free[free.length - 1] !== last) return null;
  const picked: number[] = [];
  for (let k = 0; k < count - 1; k++) {
    const near = free.findIndex((z) => z >= estimated[k]);
    const lowest = k === 0 ? 0 : picked[k - 1] + 1;
    picked.push(Math.min(Math.max(near < 0 ? free.length - 1 : near, lowest), free.length - count + k));
  }
  picked.push(free.length - 1);
  return picked.map((i) => free[i]);
}
