/**
 * Table headers: which span (or part of a span) of a line is the caption of which column, and the
 * columns whose caption was not recognized but whose values say what they are.
 */
import type { ParseContext } from '../parse';
import {
  type Folded,
  fold,
  foldString,
  initialReadings,
  LABEL_REACH,
  type LabelVocabulary,
  labelVocabulary,
  matchLabel,
  mendedLabelWords,
} from '../text-match';
import type { FieldHint } from '../types';
import { assignCells } from './cells';
import { SPECK_QUOTES } from './ocr-strings';
import { type LineRef, type SpanRef, subBox, x0, x1 } from './page-view';
import { countsFor } from './receipt-lines';
import { numberIn, parseValue } from './values';

export interface Anchor {
  key: string;
  x0: number;
  x1: number;
  span: number;
  text: string;
}

/** How far (page widths) an unknown header may sit from a known one and still belong to the table. */
const UNKNOWN_HEADER_REACH = 0.1;
/**
 * A row number's caption left of the table ("Nr.", "Pos.", "#"): centred over its narrow column, it
 * may sit far from a centred description's caption, yet its numbers are no part of the description.
 */
const POSITION_CAPTION = /^\s*(?:#|n[or]\.?|n[°º]|pos\.?|position|lfd\.?\s*nr\.?|item\s*#?)\s*$/i;
const POSITION_REACH = 0.25;

interface HeaderPiece {
  key: string;
  start: number;
  end: number;
}

/** A speck read as a quote mark or a colon before a caption's first letter (":EP" for "EP"). */
const specksBeforeWord = (text: string, at: number) =>
  (SPECK_QUOTES.includes(text[at]) || ':;'.includes(text[at])) && /\p{L}/u.test(text[at + 1] ?? '');

const vocabularies = new WeakMap<[string, FieldHint, RegExp[]][], LabelVocabulary>();
/** The words of the columns' captions, for captions OCR misread by a letter. */
function captionWords(columns: [string, FieldHint, RegExp[]][]): LabelVocabulary {
  let v = vocabularies.get(columns);
  if (!v) {
    v = labelVocabulary(columns.flatMap(([, hint]) => hint.labels));
    vocabularies.set(columns, v);
  }
  return v;
}

/**
 * Splits one header span into column captions: OCR (and cramped tables) can run several headers
 * into one span ("# Posting date Particulars"). Known labels become pieces of their column;
 * other words become unknown pieces, except short units glued to a label ("Amount (EUR)").
 */
function headerPieces(
  text: string,
  columns: [string, FieldHint, RegExp[]][],
  used: Set<string>,
): HeaderPiece[] | null {
  const pieces: HeaderPiece[] = [];
  let pos = 0;
  while (pos < text.length) {
    // A speck read as a quote mark before a caption ("‚Datum") is no part of it.
    while (pos < text.length && (/\s/.test(text[pos]) || specksBeforeWord(text, pos))) pos++;
    if (pos >= text.length) break;
    // A caption OCR misread by a letter is read as the caption ("Data contabili").
    const read = fold(text.slice(pos, pos + LABEL_REACH));
    const rest = mendedLabelWords(read, captionWords(columns)) ?? read;
    const captionAt = (folded: Folded) => {
      let found: { key: string; len: number; end: number; taken: boolean } | null = null;
      for (const [key, , res] of columns) {
        const taken = used.has(key) || pieces.some((p) => p.key === key);
        for (const re of res) {
          const m = matchLabel(folded, re);
          if (m && (!found || m.length > found.len)) found = { key, len: m.length, end: pos + m.rest, taken };
        }
      }
      return found;
    };
    // A capital OCR read as a figure ("0td" for "Qtd") is tried as each letter it may be.
    const best = captionAt(rest) ?? initialReadings(rest).map(captionAt).find(Boolean) ?? null;
    if (best?.taken) {
      // A second caption of a column another caption took ("Data valor" after "Data mov."): one
      // unknown piece (a rival, settled later), not a word of it ("valor") taken for another column.
      const prev = pieces[pieces.length - 1];
      if (prev?.key === '') prev.end = best.end;
      else pieces.push({ key: '', start: pos, end: best.end });
      pos = best.end;
      continue;
    }
    if (best) {
      const prev = pieces[pieces.length - 1];
      const caption = fold(text.slice(pos, best.end)).text.replace(/[\s:]+$/, '');
      const labels = columns.find(([key]) => key === best.key)?.[1].labels ?? [];
      // "Faive date": an OCR-garbled word before the tail of a longer caption of this column
      // ("Value date") belongs to that caption, not to a column of its own.
      const isTail = labels.some((l) => {
        const f = foldString(l);
        return f !== caption && f.endsWith(` ${caption}`);
      });
      const prevWord = prev?.key === '' ? text.slice(prev.start, prev.end).trim() : '';
      // "pe Date": a speck read as a letter or two, glued before a caption, is no column of its own.
      const speck = /^\p{Ll}{1,2}$/u.test(prevWord) && !POSITION_CAPTION.test(prevWord);
      if (prev && prevWord && !/\s/.test(prevWord) && ((isTail && prevWord.length >= 3) || speck)) {
        prev.key = best.key;
        prev.end = best.end;
      } else {
        pieces.push({ key: best.key, start: pos, end: best.end });
      }
      pos = best.end;
      continue;
    }
    const wordEnd = text.slice(pos).search(/\s/);
    const end = wordEnd < 0 ? text.length : pos + wordEnd;
    const word = text.slice(pos, end);
    if (/\d{2,}/.test(word)) return null; // values, not captions: this span is no header
    const prev = pieces[pieces.length - 1];
    if (
      prev &&
      prev.key !== '' &&
      prev.end >= pos - 1 &&
      word.length <= 8 &&
      text.slice(prev.start, end).length <= 24
    ) {
      prev.end = end; // a unit: "Amount (EUR)", "Price €"
    } else if (prev && prev.key === '') {
      prev.end = end;
    } else {
      pieces.push({ key: '', start: pos, end });
    }
    pos = end;
  }
  return pieces;
}

export function headerMatch(line: LineRef, columns: [string, FieldHint, RegExp[]][]): Anchor[] | null {
  const anchors: Anchor[] = [];
  const used = new Set<string>();
  for (let k = 0; k < line.spans.length; k++) {
    const s = line.spans[k];
    const pieces = headerPieces(s.span.text, columns, used);
    if (!pieces?.some((p) => p.key !== '')) {
      const joined = captionLedBy(s, line.spans[k + 1], columns, used);
      if (joined) {
        used.add(joined.key);
        anchors.push(joined);
        k++;
        continue;
      }
      anchors.push({ key: '', x0: x0(s.span), x1: x1(s.span), span: s.index, text: s.span.text });
      continue;
    }
    for (const p of pieces) {
      if (p.key) used.add(p.key);
      const box = pieces.length === 1 ? s.span.bbox : subBox(s.span, p.start, p.end);
      const bx0 = box?.[0] ?? 0;
      anchors.push({
        key: p.key,
        x0: bx0,
        x1: bx0 + (box?.[2] ?? 0),
        span: s.index,
        text: s.span.text.slice(p.start, p.end),
      });
    }
  }
  const needed = Math.min(2, columns.length);
  if (used.size < needed) return null;
  // Headers we do not know ("#", "Pos", "VAT %") claim their column so its values go nowhere — but
  // only next to the table: text in another column of the page (a sidebar) is not a header.
  const known = anchors.filter((a) => a.key !== '');
  const kx0 = Math.min(...known.map((a) => a.x0));
  const kx1 = Math.max(...known.map((a) => a.x1));
  const kept: Anchor[] = [];
  // A caption of a column another caption took ("Pr. unit." then "Prezzo"): a rival, settled later.
  const rival = (a: Anchor) => columns.some(([, , res]) => res.some((re) => matchLabel(fold(a.text), re)));
  for (const a of anchors.sort((p, q) => p.x0 - q.x0)) {
    // Unknown headers are short captions ("#", "Pos.", "VAT %"), not a line of a neighbouring block.
    if (a.key === '' && a.text.length > 14) continue;
    if (a.key !== '' || (a.x0 > kx0 && a.x1 < kx1) || rival(a)) kept.push(a);
    else if (
      a.x1 <= kx0 &&
      kx0 - a.x1 < (POSITION_CAPTION.test(a.text) ? POSITION_REACH : UNKNOWN_HEADER_REACH)
    )
      kept.push(a);
    else if (a.x0 >= kx1 && a.x0 - kx1 < UNKNOWN_HEADER_REACH) kept.push(a);
  }
  // Chains of unknown headers toward the edge: keep only those linked to the table by short gaps.
  return kept;
}

/**
 * A caption OCR cut in two spans ("Booking" · "date": the word gap read wider on a scan): a lone
 * word a word space or less before the next span, when the two together are one column's caption.
 */
function captionLedBy(
  word: SpanRef,
  next: SpanRef | undefined,
  columns: [string, FieldHint, RegExp[]][],
  used: Set<string>,
): Anchor | null {
  const text = word.span.text.trim();
  if (!next || !/^\p{L}{3,}$/u.test(text) || !word.span.bbox) return null;
  const letter = word.span.bbox[2] / text.length;
  if (x0(next.span) - x1(word.span) > WORD_SPACE * letter) return null;
  const joined = `${text} ${next.span.text.trim()}`;
  const pieces = headerPieces(joined, columns, used);
  if (pieces?.length !== 1 || pieces[0].key === '') return null;
  return { key: pieces[0].key, x0: x0(word.span), x1: x1(next.span), span: next.index, text: joined };
}

/** A word space, in letters' widths: wider gaps part two captions. */
const WORD_SPACE = 1.5;

/**
 * How many of `count` sampled rows a column's cells must hold its kind of value in: most of them,
 * and two at least where there are two.
 */
export const mostRows = (count: number) => Math.max(Math.min(2, count), Math.ceil(count * 0.6));

/**
 * A column whose caption was not recognized (OCR garble: "Faive date", or a rival caption that
 * lost its column: "Item" beside "Description") is given to a missing typed column when the
 * values under it parse as that type (dates, amounts, codes of a patterned column), and to the
 * text column when its cells are words (see `adoptTextColumn`, `widenTextCaption`).
 */
export function adoptUnknownColumns(
  header: Anchor[],
  lines: LineRef[],
  headerIndex: number,
  columns: [string, FieldHint, RegExp[]][],
  ctx: ParseContext,
  /** The table's lines down to its end (totals): codes are looked for only there. */
  rows: LineRef[] = [],
): Anchor[] {
  const present = new Set(header.map((a) => a.key));
  const missing = columns.filter(
    ([key, h]) =>
      !present.has(key) &&
      (h.type === 'date' || h.type === 'money' || !!h.pattern) &&
      // A statement prints one signed amount or debits and credits: beside either of those, a
      // column of figures under an unknown caption is the other of them, or the balance.
      !(key === 'amount' && (present.has('debit') || present.has('credit'))),
  );
  const text = columns.find(([, h]) => h.type === 'string' && !h.pattern)?.[0];
  if ((missing.length === 0 && !text) || !header.some((a) => a.key === '')) return header;
  const types = new Map(columns.map(([key, h]) => [key, h]));
  const out = header.map((a) => ({ ...a }));
  if (text && !present.has(text)) adoptTextColumn(out, text, rows.slice(0, 6), types);
  else if (text) widenTextCaption(out, text, rows.slice(0, 6));
  for (const [key, hint] of missing) {
    // Amounts and dates go on under a table (totals); a column of codes ends with its rows.
    const sample = hint.pattern ? rows.slice(0, 6) : lines.slice(headerIndex + 1, headerIndex + 7);
    let best: { anchor: Anchor; hits: number } | null = null;
    for (const anchor of out) {
      if (anchor.key !== '') continue;
      const probe = out.map((a) => (a === anchor ? { ...a, key } : a));
      const withProbe = new Map(types);
      let hits = 0;
      for (const l of sample) {
        const cell = assignCells(l, probe, withProbe).cells.get(key);
        // Money has cents or a currency: a column of bare counters ("Pos." 1, 2, 3) is none.
        const looksRight = hint.type !== 'money' || /[.,]\d{2}\b|[$€£¥₹]|\b[A-Z]{3}\b/.test(cell?.text ?? '');
        const parsed = cell && looksRight ? parseValue(cell.text, hint, ctx) : null;
        // A patterned text (a code) fills its cell: words around a number are no code.
        if (parsed && (!hint.pattern || parsed.value === cell!.text.trim())) hits++;
      }
      const enough = mostRows(sample.length);
      if (hits > 0 && hits >= enough && (!best || hits > best.hits)) best = { anchor, hits };
    }
    if (best) best.anchor.key = key;
  }
  if (types.has('quantity') && !present.has('quantity')) adoptCountColumn(out, rows.slice(0, 6), types, ctx);
  adoptMovementColumns(out, rows.slice(0, 12), types, ctx);
  return out;
}

/** The key an unknown column is tried under. */
const PROBE = '?';

/**
 * A statement's debits or credits under a caption not recognized: beside a running balance, the
 * unknown column whose figures are what the balance falls by on their rows holds the debits, the
 * one whose figures it rises by the credits. Each column holds figures on some rows only, so the
 * balance decides, not how many rows hold a figure: on one row at least, and on more than twice as
 * many rows as it does not.
 */
function adoptMovementColumns(
  header: Anchor[],
  rows: LineRef[],
  types: Map<string, FieldHint>,
  ctx: ParseContext,
): void {
  const taken = new Set(header.map((a) => a.key));
  if (!taken.has('balance') || taken.has('amount') || !types.has('debit') || !types.has('credit')) return;
  const withProbe = new Map(types).set(PROBE, types.get('debit')!);
  for (const anchor of header) {
    if (anchor.key !== '') continue;
    const probe = header.map((a) => (a === anchor ? { ...a, key: PROBE } : a));
    const moves = { falls: 0, rises: 0, neither: 0 };
    let before: number | null = null;
    for (const line of rows) {
      const { cells } = assignCells(line, probe, withProbe);
      const balance = numberIn(cells.get('balance')?.text, withProbe.get('balance'), ctx);
      const moved = numberIn(cells.get(PROBE)?.text, withProbe.get(PROBE), ctx);
      if (balance !== null && before !== null && moved !== null) {
        if (Math.abs(before - moved - balance) < 0.005) moves.falls++;
        else if (Math.abs(before + moved - balance) < 0.005) moves.rises++;
        else moves.neither++;
      }
      if (balance !== null) before = balance;
    }
    const { falls, rises, neither } = moves;
    if (falls >= 1 && rises === 0 && falls > 2 * neither && !taken.has('debit')) anchor.key = 'debit';
    else if (rises >= 1 && falls === 0 && rises > 2 * neither && !taken.has('credit')) anchor.key = 'credit';
    taken.add(anchor.key);
  }
}

/**
 * The count column under a caption not recognized ("Qué" for "Qté"): the unknown column whose
 * number times the row's unit price makes its amount, on two rows at least and on twice as many
 * rows as it does not. Counts alone say nothing (a position column counts 1, 2, 3 too).
 */
function adoptCountColumn(
  header: Anchor[],
  rows: LineRef[],
  types: Map<string, FieldHint>,
  ctx: ParseContext,
): void {
  let best: { anchor: Anchor; hits: number } | null = null;
  for (const anchor of header) {
    if (anchor.key !== '') continue;
    const probe = header.map((a) => (a === anchor ? { ...a, key: 'quantity' } : a));
    let hits = 0;
    let misses = 0;
    for (const line of rows) {
      const { cells } = assignCells(line, probe, types);
      const [qty, unit, amount] = ['quantity', 'unit_price', 'amount'].map((k) =>
        numberIn(cells.get(k)?.text, types.get(k), ctx),
      );
      if (qty === null || unit === null || amount === null) continue;
      if (countsFor({ qty, unit }, amount)) hits++;
      else misses++;
    }
    if (hits >= 2 && hits > 2 * misses && (!best || hits > best.hits)) best = { anchor, hits };
  }
  if (best) best.anchor.key = 'quantity';
}

/**
 * The table's text column (an item's or a transaction's description) under a caption not
 * recognized ("Omschrijving" misread, a wording no list has): the unknown column whose cells are
 * words in most of the first rows, the most of them, takes it.
 */
function adoptTextColumn(
  header: Anchor[],
  key: string,
  rows: LineRef[],
  types: Map<string, FieldHint>,
): void {
  const enough = mostRows(rows.length);
  let best: { anchor: Anchor; letters: number } | null = null;
  for (const anchor of header) {
    if (anchor.key !== '') continue;
    const probe = header.map((a) => (a === anchor ? { ...a, key } : a));
    let wordy = 0;
    let letters = 0;
    for (const row of rows) {
      const cell = assignCells(row, probe, types).cells.get(key)?.text ?? '';
      const count = (cell.match(/\p{L}/gu) ?? []).length;
      // Words, not codes or figures: a word of three letters, and letters most of what is written.
      if (/\p{L}{3,}/u.test(cell) && count >= 0.5 * cell.replace(/\s/g, '').length) {
        wordy++;
        letters += count;
      }
    }
    if (wordy > 0 && wordy >= enough && (!best || letters > best.letters)) best = { anchor, letters };
  }
  if (best) best.anchor.key = key;
}

/**
 * A text column's caption whose first word no list has ("Payee" before "reference", one caption in
 * one span): where the column's text starts under that word on every row that has one, the word's
 * column is the text column's too (it reads the text set under it).
 */
function widenTextCaption(header: Anchor[], key: string, rows: LineRef[]): void {
  const i = header.findIndex((a) => a.key === key);
  const before = header[i - 1];
  if (i < 1 || before.key !== '' || before.span !== header[i].span) return;
  // A word, not a row number's caption ("Pos", "Nr") run into the text's.
  if (!/\p{L}{3,}/u.test(before.text) || POSITION_CAPTION.test(before.text)) return;
  let under = 0;
  for (const row of rows) {
    const texts = row.spans.filter(
      (s) => /\p{L}{3,}/u.test(s.span.text) && x0(s.span) >= before.x0 - 0.01 && x0(s.span) < header[i].x1,
    );
    if (texts.length === 0) continue;
    // A second text in the caption's own place is a column of its own; a row number run into
    // the text ("1 Montage vor Ort") is another column's.
    if (texts.length > 1 || x0(texts[0].span) >= before.x1 || /^\d+\s/.test(texts[0].span.text)) return;
    under++;
  }
  if (under >= mostRows(rows.length)) before.key = key;
}

/** The table has a money column `amount` that no caption of the header names. */
const amountMissing = (header: Anchor[], columns: [string, FieldHint, RegExp[]][]) =>
  columns.some(([key, hint]) => key === 'amount' && hint.type === 'money') &&
  !header.some((a) => a.key === 'amount');

/**
 * Two captions naming one column ("Artikel" and "Bezeichnung", "Unit" and "Rate", "Value" and
 * "Amount"): the first took it. The one whose cells are what the column holds wins it (amounts
 * that parse, for a text column words rather than codes); the other becomes a column nothing reads.
 * Two price captions over figures where the table has no amount caption ("Prezzo | Prezzo") are a
 * unit price and, the rightmost, the line's total.
 */
export function settleRivalCaptions(
  header: Anchor[],
  rows: LineRef[],
  columns: [string, FieldHint, RegExp[]][],
  cuts: number[],
  ctx: ParseContext,
): Anchor[] {
  let out = header;
  for (const [key, hint, res] of columns) {
    const rivals = out
      .map((a, i) => ({ a, i }))
      .filter(({ a }) => a.key === key || (a.key === '' && res.some((re) => matchLabel(fold(a.text), re))));
    if (rivals.length < 2) continue;
    const probe = out.map((a, i) => ({ ...a, key: rivals.some((r) => r.i === i) ? `rival:${i}` : a.key }));
    const types = new Map(rivals.map(({ i }) => [`rival:${i}`, hint]));
    const fit = new Map<string, number>();
    for (const row of rows) {
      for (const [k, cell] of assignCells(row, probe, types, cuts).cells) {
        if (!types.has(k)) continue;
        const score =
          hint.type === 'string'
            ? (cell.text.match(/\p{L}{3,}/gu) ?? []).join('').length
            : parseValue(cell.text, hint, ctx)
              ? 1
              : 0;
        fit.set(k, (fit.get(k) ?? 0) + score);
      }
    }
    const fitOf = (r: { i: number }) => fit.get(`rival:${r.i}`) ?? 0;
    const priced = rivals.filter((r) => fitOf(r) > 0);
    if (hint.type === 'money' && key !== 'amount' && priced.length >= 2 && amountMissing(out, columns)) {
      const total = priced.reduce((p, q) => (q.a.x0 > p.a.x0 ? q : p));
      const price = priced.filter((r) => r !== total).reduce((p, q) => (q.a.x0 > p.a.x0 ? q : p));
      out = out.map((a, i) =>
        rivals.some((r) => r.i === i)
          ? { ...a, key: i === total.i ? 'amount' : i === price.i ? key : '' }
          : a,
      );
      continue;
    }
    const owner = rivals.find((r) => r.a.key === key)!;
    const best = rivals.reduce((p, q) => (fitOf(q) > fitOf(p) ? q : p));
    // Two columns that both hold such values (booking and value dates): the first caption keeps it.
    if (fitOf(best) <= 2 * fitOf(owner)) continue;
    out = out.map((a, i) => (rivals.some((r) => r.i === i) ? { ...a, key: i === best.i ? key : '' } : a));
  }
  return out;
}

/** How far (page widths) a cell may start from its caption's left edge and still stand under it. */
const UNDER_CAPTION = 0.02;

/**
 * A money column's caption over dates ("Value" over a statement's value dates: the word names an
 * amount elsewhere) is not that column's: it becomes a column nothing reads, so that the dates are
 * neither taken for amounts nor run into the description beside them. Most rows' cells starting
 * under it must read as whole dates, and none as an amount.
 */
export function withoutDatesUnderMoney(
  header: Anchor[],
  rows: LineRef[],
  types: Map<string, FieldHint>,
  ctx: ParseContext,
): Anchor[] {
  const date: FieldHint = { type: 'date', labels: [] };
  return header.map((a) => {
    const hint = types.get(a.key);
    if (hint?.type !== 'money') return a;
    const cells = rows.flatMap((row) =>
      row.spans.filter((s) => Math.abs(x0(s.span) - a.x0) < UNDER_CAPTION).map((s) => s.span.text),
    );
    const dates = cells.filter((t) => parseValue(t, date, ctx)?.text.trim() === t.trim()).length;
    const amounts = cells.filter((t) => numberIn(t, hint, ctx) !== null && /[.,]\d{2}\b/.test(t)).length;
    return cells.length >= 2 && dates >= mostRows(cells.length) && amounts === 0 ? { ...a, key: '' } : a;
  });
}
