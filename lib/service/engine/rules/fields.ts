/** Single values found by their labels: right of the label, under it, or as a block of lines. */

import { ibanWithoutTrailingWord, isValidIban } from '../iban';
import { captionRegExp, type Folded, fold, LABEL_REACH, labelRegExp, matchLabel } from '../text-match';
import type { FieldHint, Source, TextSpan } from '../types';
import {
  alignedUnder,
  type DocView,
  type Found,
  height,
  type LineRef,
  type SpanRef,
  SYNTHETIC_GEOMETRY,
  spanSource,
  subBox,
  top,
  union,
  wrappedBelow,
  x0,
  x1,
} from './page-view';
import { continuesName, isAttentionLine, isIdOrContactLine } from './parties';
import { parseValue } from './values';

export const MAX_RIGHT_GAP = 0.75;
/** A gap between a party's caption and a span right of it that may put the span in another box. */
const OTHER_BOX_GAP = 0.1;
/** Lines that start this near (a fraction of the page's width) start at the same place. */
const SAME_START = 0.01;
const POSITION_FACTOR = { inline: 1, right: 1, below: 0.9, block: 0.9, above: 0.8 } as const;

export interface LabelHit {
  line: LineRef;
  span: SpanRef;
  rest: number;
  /** The last line of a label wrapped in a grid's cell: its value is under it, nowhere else. */
  under?: true;
}

const PARTY = /_(?:name|address)$/;
/** A label that ends in a number's word: "Customer no.", "Kunden-Nr.", "Client n°". */
const NUMBERED = /(?:\b(?:no|nr|num|number|nummer|numero|número|id)\.?|[#°º]|-nr\.?)\s*[:.]?\s*$/iu;

/** For every span, the field(s) whose label it starts with; the longest label wins. */
export function findLabels(
  views: DocView[],
  fields: [string, FieldHint, RegExp[]][],
  consumed: Set<string>,
): { hits: Map<string, LabelHit[]>; labelSpans: Set<string> } {
  const hits = new Map<string, LabelHit[]>();
  const labelSpans = new Set<string>();
  for (const view of views) {
    for (const lines of view.pages) {
      for (const line of lines) {
        for (const s of line.spans) {
          if (consumed.has(`${line.key}:${s.index}`)) continue;
          let winners = labelWinners(s.folded, s.span.text, fields);
          const under = wrappedLabelEnd(line, lines[line.index + 1], s, fields, winners);
          if (under) {
            winners = under.winners.map((w) => ({ ...w, rest: s.span.text.length }));
            labelSpans.add(`${under.line.key}:${under.span.index}`);
            // A caption wrapped in a grid's narrow cell has its value under its last line
            // ("Scontrino" over "n." over "155732"): the wrapped line stands for the label there.
            if (wordsIn(under.span) <= 2)
              for (const w of under.winners)
                addHit(hits, w.pointer, {
                  line: under.line,
                  span: under.span,
                  rest: under.span.span.text.length,
                  under: true,
                });
          }
          if (winners.length === 0) {
            const inSentence = labelInSentence(s, fields);
            if (inSentence) addHit(hits, inSentence.pointer, { line, span: s, rest: inSentence.rest });
            continue;
          }
          labelSpans.add(`${line.key}:${s.index}`);
          for (const w of winners) addHit(hits, w.pointer, { line, span: s, rest: w.rest });
        }
      }
    }
  }
  return { hits, labelSpans };
}

function addHit(hits: Map<string, LabelHit[]>, pointer: string, hit: LabelHit): void {
  const list = hits.get(pointer) ?? [];
  list.push(hit);
  hits.set(pointer, list);
}

/**
 * A label wrapped in a narrow column ("Forma de" over "pago", "Purchase" over "date:", "Scontrino"
 * over "n."): a span and the span under it that together make a label, its words reaching into the
 * second line; its value is right of the first line, or under the second in a grid's cell. A span
 * that makes a label alone (`alone`: "Scontrino", a receipt's title) is read with the line under it
 * only where that line is a short end of words with no figures after it, not a row of its own
 * ("Date" over "Required by   04/20/2023").
 */
function wrappedLabelEnd(
  line: LineRef,
  next: LineRef | undefined,
  s: SpanRef,
  fields: [string, FieldHint, RegExp[]][],
  alone: { pointer: string; rest: number }[],
): { line: LineRef; span: SpanRef; winners: { pointer: string; rest: number }[] } | null {
  const wrapped = wrappedBelow(line, next, s);
  if (!wrapped || !next) return null;
  if (alone.length > 0) {
    const rowOfItsOwn = next.spans.slice(wrapped.span.index + 1).some((n) => /\d/.test(n.span.text));
    if (rowOfItsOwn || wordsIn(wrapped.span) > 2) return null;
  }
  const first = s.folded.text.trimEnd().length;
  const winners = labelWinners(fold(wrapped.text), wrapped.text, fields).filter((w) => w.rest > first + 1);
  return winners.length > 0 ? { line: next, span: wrapped.span, winners } : null;
}

const wordsIn = (s: SpanRef) => s.span.text.trim().split(/\s+/).length;

/** The field(s) whose label a span starts with; the longest label wins. */
function labelWinners(
  folded: Folded,
  text: string,
  fields: [string, FieldHint, RegExp[]][],
): { pointer: string; rest: number }[] {
  let bestLen = 0;
  let winners: { pointer: string; rest: number }[] = [];
  for (const [pointer, hint, res] of fields) {
    let fieldBest: { length: number; rest: number } | null = null;
    for (const re of res) {
      const m = matchLabel(folded, re);
      // "Customer no. 10442" labels a number, not the customer's block.
      if (m && PARTY.test(hint.fallback ?? '') && NUMBERED.test(text.slice(0, m.rest))) continue;
      if (m && (!fieldBest || m.length > fieldBest.length)) fieldBest = m;
    }
    if (!fieldBest) continue;
    if (fieldBest.length > bestLen) {
      bestLen = fieldBest.length;
      winners = [{ pointer, rest: fieldBest.rest }];
    } else if (fieldBest.length === bestLen) winners.push({ pointer, rest: fieldBest.rest });
  }
  return winners;
}

/**
 * A label past a span's first word, for values checked by their form: a date right after it
 * ("Please settle by 30 April 2026", "Der Betrag ist zahlbar bis 15.04.2026"), or a code with a
 * digit that ends the span ("Till 2 Receipt 55812", a till's line OCR read as one phrase). The
 * span is not marked a label: its other words stay text.
 */
function labelInSentence(
  s: SpanRef,
  fields: [string, FieldHint, RegExp[]][],
): { pointer: string; rest: number } | null {
  const text = s.folded.text;
  let best: { pointer: string; rest: number; length: number } | null = null;
  for (const word of text.matchAll(/(?<=\s)\S/g)) {
    const at = word.index ?? 0;
    // Only the label's reach is looked at: a copy of the whole rest per word was quadratic in a
    // long line (a 160 KB one took 26 s).
    const tail: Folded = {
      text: text.slice(at, at + LABEL_REACH),
      map: s.folded.map.slice(at, at + LABEL_REACH + 1),
    };
    for (const [pointer, hint, res] of fields) {
      const value = valueInSentence(hint);
      if (!value) continue;
      for (const re of res) {
        const m = matchLabel(tail, re);
        if (!m || !value.test(s.span.text.slice(m.rest))) continue;
        // A bare "No." inside a sentence numbers anything ("Registered in England No. 04581234").
        if (value === CODE_ENDS && BARE_NUMBER_WORD.test(tail.text.slice(0, m.length))) continue;
        if (!best || m.length > best.length) best = { pointer, rest: m.rest, length: m.length };
      }
    }
    if (best) return best;
  }
  return null;
}

/** A weak label's value scores below any other label's, even one under or over its value. */
const WEAK_LABEL = 0.7;

/** The fewest digits of a VAT or tax id (Spain's NIF and CIF have 8, most countries 9 or more). */
export const TAX_ID_DIGITS = 7;

/** The label's own words, then straight a day or a month name's digits: "by 30 April". */
const DATE_AFTER = /^\s*\d/;
/** The label's own words, then one code with a digit, the last word of the span: "Receipt 55812". */
const CODE_ENDS = /^\s*[:#.]?\s*(?=\S*\d)\S+\s*$/u;
const BARE_NUMBER_WORD = /^\s*(?:nr|no|n|nº|n°|num|number|#)\.?\s*[:#]?\s*$/u;

function valueInSentence(hint: FieldHint): RegExp | null {
  if (hint.type === 'date') return DATE_AFTER;
  return hint.type === 'string' && hint.pattern && !hint.values ? CODE_ENDS : null;
}

interface ValueOption {
  text: string;
  parts: TextSpan[];
  position: keyof typeof POSITION_FACTOR;
  line: LineRef;
  /** A line under its caption that starts with a shorter label of the same field: it is taken whole. */
  labelled?: boolean;
}

/**
 * A line under a party's caption without the IBAN set beside its name in the same column ("Marie
 * Dupont | IE70 9885 5028 …" under "Account holder", the IBAN's own caption not read); none when
 * nothing else is left.
 */
function withoutIban(option: ValueOption): ValueOption[] {
  const parts = option.parts.filter((p) => !isValidIban(p.text));
  if (parts.length === option.parts.length) return [option];
  return parts.length > 0 ? [{ ...option, parts, text: parts.map((p) => p.text).join(' ') }] : [];
}

/** A line led by a caption and its colon, then a value: "Deliver to: Stark Components Inc.". */
const OTHER_CAPTION = /^\p{L}[\p{L} .'’-]{1,30}:\s*\S/u;

/** A date cut off after its day or month, the rest wrapped to the next line ("31 de maio de", "30 de"). */
const DATE_CUT_OFF = /(?:^|\s)\d{1,2}\.?(?:\s+de)?(?:\s+\p{L}{3,}\.?(?:\s+de)?)?\s*$/u;

/** Lines under a label, in the label's column, each as the text of its spans there. */
export function linesBelow(
  hit: LabelHit,
  lines: LineRef[],
  labelSpans: Set<string>,
  max: number,
  /** Lines passed over rather than ending the block (a party's id line between name and street). */
  passOver: (text: string) => boolean = () => false,
): ValueOption[] {
  const { line, span } = hit;
  const spans = line.line.spans;
  const left = span.index > 0 ? x1(spans[span.index - 1]) : 0;
  const right = span.index < spans.length - 1 ? x0(spans[span.index + 1]) : 1;
  const lx0 = x0(span.span);
  const lx1 = x1(span.span);
  const centre = (a: number, b: number) => (a + b) / 2;
  // In a row of captions, a value centred under the next caption is that caption's, however near
  // this one it starts ("Núm. factura | Fecha" over "2026-142 | 15 de marzo de 2026").
  const nextCaption = spans[span.index + 1];
  const neighbours = (a: number, b: number) =>
    !!nextCaption &&
    a < x1(nextCaption) &&
    b > x0(nextCaption) &&
    Math.abs(centre(a, b) - centre(x0(nextCaption), x1(nextCaption))) <
      Math.abs(centre(a, b) - centre(lx0, lx1));
  const out: ValueOption[] = [];
  let prev = line;
  for (let i = line.index + 1; i < lines.length && out.length < max; i++) {
    const next = lines[i];
    const gap = top(next.line) - top(prev.line);
    if (gap > (out.length === 0 ? 2.6 : 1.9) * Math.max(height(prev.line), height(line.line))) break;
    const inColumn = next.spans.filter((s) => {
      const a = x0(s.span);
      const b = x1(s.span);
      if (a < left - 0.005 || a >= right - 0.005 || neighbours(a, b)) return false;
      // Starts near where the label starts, or sits under the label itself (right-aligned pairs),
      // or, in a row of captions, keeps between the label's neighbours (a centred caption over a
      // right-aligned amount).
      return (
        (a >= lx0 - 0.03 && a <= lx0 + 0.12) || (a < lx1 && b > lx0) || (right < 1 && a >= left && b <= right)
      );
    });
    // A line of the neighbouring column set between two of this one's: passed over.
    if (inColumn.length === 0) continue;
    if (passOver(inColumn.map((s) => s.span.text).join(' '))) {
      prev = next;
      continue;
    }
    if (inColumn.some((s) => labelSpans.has(`${next.key}:${s.index}`))) break;
    out.push({
      text: inColumn.map((s) => s.span.text).join(' '),
      parts: inColumn.map((s) => s.span),
      position: 'below',
      line: next,
    });
    prev = next;
  }
  return out;
}

/**
 * The line right above a label, in its column: forms and grids that print the caption under the
 * value ("12.03.2026" over "Invoice date"). Tried last, and only when the line above holds no label.
 */
function lineAbove(
  hit: LabelHit,
  lines: LineRef[],
  labelSpans: Set<string>,
  /** The value runs on to the right over no other caption ("1 Aug 2024 | 31 Aug 2024" over "Period"). */
  runsOn = false,
): ValueOption[] {
  const { line, span } = hit;
  const prev = lines[line.index - 1];
  if (!prev || top(line.line) - top(prev.line) > 2.6 * Math.max(height(prev.line), height(line.line)))
    return [];
  const lx0 = x0(span.span);
  const lx1 = x1(span.span);
  const inColumn = prev.spans.filter((s) => {
    const a = x0(s.span);
    const b = x1(s.span);
    return (
      Math.abs(a - lx0) < 0.03 || Math.abs(b - lx1) < 0.03 || (a < lx1 && b > lx0 && b - a < 2 * (lx1 - lx0))
    );
  });
  if (inColumn.length !== 1 || labelSpans.has(`${prev.key}:${inColumn[0].index}`)) return [];
  const parts = [inColumn[0].span];
  if (runsOn) {
    for (const s of prev.spans.slice(inColumn[0].index + 1)) {
      const overCaption = line.spans.some(
        (c) => c !== span && x0(c.span) < x1(s.span) && x1(c.span) > x0(s.span),
      );
      if (overCaption || labelSpans.has(`${prev.key}:${s.index}`)) break;
      parts.push(s.span);
    }
  }
  return [{ text: parts.map((p) => p.text).join(' '), parts, position: 'above', line: prev }];
}

/**
 * The block of lines right above a caption, in its column, top to bottom: a party printed over its
 * caption ("Umbrella Supplies Ltd / Bahnhofstrasse 1 / Dublin" over "Vendor").
 */
function blockAbove(hit: LabelHit, lines: LineRef[], labelSpans: Set<string>, max: number): ValueOption[] {
  const { line, span } = hit;
  const out: ValueOption[] = [];
  let below = line;
  for (let i = line.index - 1; i >= 0 && out.length < max; i--) {
    const prev = lines[i];
    if (top(below.line) - top(prev.line) > 1.9 * Math.max(height(prev.line), height(below.line))) break;
    const inColumn = prev.spans.filter((s) => Math.abs(x0(s.span) - x0(span.span)) < 0.03);
    if (inColumn.length !== 1) break;
    if (labelSpans.has(`${prev.key}:${inColumn[0].index}`)) {
      // The party's own id line between its block and the caption ("VAT No.: FR2837…" over
      // "Vendor") is passed over; any other labelled line ends the block.
      if (!isIdOrContactLine(inColumn[0].span.text)) break;
      below = prev;
      continue;
    }
    out.unshift({ text: inColumn[0].span.text, parts: [inColumn[0].span], position: 'above', line: prev });
    below = prev;
  }
  return out;
}

/**
 * The span right of a label is the next column's caption, not the label's value, when the label
 * heads a column: in small print over a larger value ("PREPARED FOR" over "Harbor Analytics"),
 * or two boxes side by side whose contents start under each caption ("Datos del cliente" and
 * "Forma de pago" over their blocks). A key/value table is neither: under its label is a label.
 */
function headsColumn(hit: LabelHit, lines: LineRef[], labelSpans: Set<string>, right: SpanRef): boolean {
  const { line, span } = hit;
  const next = lines[line.index + 1];
  if (!next || !span.span.bbox) return false;
  if (top(next.line) - top(line.line) > 2.6 * height(line.line)) return false;
  const under = alignedUnder(next.spans, x0(span.span), x1(span.span), ['start'], 0.01);
  if (!under?.span.bbox || labelSpans.has(`${next.key}:${under.index}`)) return false;
  if (under.span.bbox[3] >= 1.12 * span.span.bbox[3]) return true;
  return next.spans.some((s) => s !== under && Math.abs(x0(s.span) - x0(right.span)) < 0.01);
}

const CURRENCY_ALONE = /^\s*(?:[A-Z]{3}|[$€£¥₹])\s*$/;
/** A common currency code alone, as OCR may read its letters in mixed case ("usD", "Eur"). */
const CODE_ANY_CASE = /^\s*(?:usd|eur|gbp|chf|brl)\s*$/i;
const currencyAlone = (text: string) => CURRENCY_ALONE.test(text) || CODE_ANY_CASE.test(text);

/** The span right of a label; a currency standing apart ("SUMME  EUR  3,72") takes its amount along. */
function rightOf(line: LineRef, next: SpanRef): ValueOption {
  const after = line.spans[next.index + 1];
  if (after && currencyAlone(next.span.text) && /\d/.test(after.span.text))
    return {
      text: `${next.span.text} ${after.span.text}`,
      parts: [next.span, after.span],
      position: 'right',
      line,
    };
  return { text: next.span.text, parts: [next.span], position: 'right', line };
}

/** Text of about the same size (a title next to a label is not its value). */
function similarSize(a: TextSpan, b: TextSpan): boolean {
  if (!a.bbox || !b.bbox) return true;
  const ratio = a.bbox[3] / Math.max(b.bbox[3], 1e-6);
  // Only a much taller neighbour (a title) is refused: OCR boxes hug the glyphs, so a value
  // without ascenders can be far shorter than its label, and on a slightly turned scan a long
  // value's box grows taller. Titles in PDFs are ~2x their labels.
  return ratio < 1.8;
}

function valueOptions(
  hit: LabelHit,
  hint: FieldHint,
  view: DocView,
  labelSpans: Set<string>,
  /**
   * The spans holding a label of this field with its value inline, and every other label span
   * (`labelSpans` without them) (see `below`).
   */
  own: { labels: Set<string>; others: Set<string> },
): ValueOption[][] {
  const { line, span } = hit;
  if (hit.under && (hint.position === 'block' || hint.skipLines)) return [];
  const lines = view.pages[view.doc.pages.findIndex((p) => p.number === line.page)];
  const rawInline = span.span.text.slice(hit.rest).trim();
  // Stray marks after a label ("Bill to’") are not a value.
  const inlineText = /[\p{L}\p{N}]/u.test(rawInline) ? rawInline : '';
  const whole: ValueOption[] = inlineText
    ? [
        {
          text: inlineText,
          parts: [{ text: inlineText, bbox: subBox(span.span, hit.rest, span.span.text.length) }],
          position: 'inline',
          line,
        },
      ]
    : [];
  // A party's name is the first of its pieces; its address block, all of them (the name skipped).
  const pieces = PARTY.test(hint.fallback ?? '') ? partyPieces(whole, span.span, hit.rest) : whole;
  const inline = hint.position === 'block' ? pieces : pieces.slice(0, 1);
  const nextSpan = line.spans[span.index + 1];
  const right: ValueOption[] =
    nextSpan &&
    !labelSpans.has(`${line.key}:${nextSpan.index}`) &&
    // A line of a label and an amount alone pairs them however far apart: a till roll is narrow,
    // so its "Total ……… £26.30" spans more of the page than a label and its value elsewhere may.
    (x0(nextSpan.span) - x1(span.span) < MAX_RIGHT_GAP ||
      (hint.type === 'money' && line.spans.length === 2)) &&
    similarSize(nextSpan.span, span.span) &&
    // A caption heading the column to its right is no value ("EUR" over "EUR" takes its amount along),
    // but a currency alone may have its figures wrapped under it (see `figuresUnderCurrency`).
    !(
      headsColumn(hit, lines, labelSpans, nextSpan) &&
      !/\d/.test(rightOf(line, nextSpan).text) &&
      !(hint.type === 'money' && currencyAlone(nextSpan.span.text))
    )
      ? [rightOf(line, nextSpan)]
      : [];
  if (hint.position === 'block') {
    const max = (hint.maxLines ?? 4) + (hint.skipLines ?? 0);
    const under = linesBelow(hit, lines, labelSpans, max + 1, hint.skipLines ? isIdOrContactLine : undefined);
    // A caption of a field this structure does not have, with its value ("Deliver to: Stark
    // Components Inc." on an invoice), starts another block.
    const captioned = under.findIndex((o) => OTHER_CAPTION.test(o.text) && !isAttentionLine(o.text));
    const below = captioned < 0 ? under : under.slice(0, captioned);
    // The line skipped is a party's name, which may wrap onto the next.
    const block = hint.skipLines ? joinWrappedName([...inline, ...below]) : [...inline, ...below];
    // A party's address leaves out who is to read it ("z. Hd. Frau Brandt", "Herrn Dr. Weber").
    const kept = hint.skipLines
      ? block.filter((o, i) => i < hint.skipLines! || !isAttentionLine(o.text))
      : block;
    let seq = kept.slice(hint.skipLines ?? 0, max);
    // Nothing after the caption: the block it captions sits over it.
    if (seq.length === 0 && inline.length === 0 && below.length === 0)
      seq = blockAbove(hit, lines, labelSpans, max).slice(hint.skipLines ?? 0);
    return seq.length > 0 ? [seq.map((o) => ({ ...o, position: 'block' as const }))] : [];
  }
  if (hit.under) return linesBelow(hit, lines, labelSpans, 1).map((o) => [o]);
  if (hint.pick === 'last' && right.length > 0) {
    // "Period | 01/06/2024 | 30/06/2024": the last value may sit in a later span of the line.
    const following: ValueOption[] = [];
    for (const s of line.spans.slice(span.index + 1)) {
      if (labelSpans.has(`${line.key}:${s.index}`)) break;
      following.push({ text: s.span.text, parts: [s.span], position: 'right', line });
    }
    const both = [...inline, ...following];
    const combined: ValueOption = {
      text: both.map((o) => o.text).join(' '),
      parts: both.flatMap((o) => o.parts),
      position: both[0].position,
      line,
    };
    return [[combined], ...inline.map((o) => [o]), ...right.map((o) => [o])];
  }
  const skip = hint.skipLines ?? 0;
  if (skip > 0) {
    const seq = [...inline, ...linesBelow(hit, lines, labelSpans, skip + 1)];
    return seq[skip] ? [[seq[skip]]] : [];
  }
  const partyName = hint.fallback?.endsWith('_name');
  const below = () => {
    if (partyName)
      return joinWrappedName(linesBelow(hit, lines, labelSpans, 2).flatMap(withoutIban))
        .slice(0, 1)
        .map((o) => [o]);
    // A code may have a word between it and its caption ("FATURA" over "Original" over "FT A/142").
    // The line may start with a shorter label of this field: the caption over it takes it whole
    // ("Condições de pagamento" over "Pagamento antecipado"), rather than that label its rest.
    const next = linesBelow(hit, lines, own.others, hint.pattern ? 2 : 1);
    const first = next.length > 1 && !/\d/.test(next[0].text) ? next[1] : next[0];
    if (!first) return [];
    const firstSpan = first.line.spans.find((sp) => sp.span === first.parts[0]);
    return [
      [
        firstSpan && own.labels.has(`${first.line.key}:${firstSpan.index}`)
          ? { ...first, labelled: true }
          : first,
      ],
    ];
  };
  if (hint.position === 'below') return [...below(), ...inline.map((o) => [o])];
  const runsOn = hint.pick === 'last';
  if (hint.position === 'above') return lineAbove(hit, lines, labelSpans, runsOn).map((o) => [o]);
  // A party's name heads the block over its caption; other values sit right above theirs.
  const partyBlock = partyName ? blockAbove(hit, lines, labelSpans, 6) : [];
  const above = () =>
    partyBlock.length > 1 ? [[partyBlock[0]]] : lineAbove(hit, lines, labelSpans, runsOn).map((o) => [o]);
  // Two boxes side by side ("Rechnungsempfänger" over the buyer, a bank's box to the right): a
  // party's name is the line starting under its caption, not the other box's line right of it.
  const under =
    partyName && right[0] && x0(right[0].parts[0]) - x1(span.span) > OTHER_BOX_GAP ? below() : null;
  if (under?.[0] && Math.abs(x0(under[0][0].parts[0]) - x0(span.span)) < SAME_START)
    return [...inline.map((o) => [o]), ...under, ...right.map((o) => [o]), ...above()];
  // A caption under its party's block, beside the next block's last line ("Requisitante | United
  // Kingdom"): the name heads the block over it, the line right of it is the other box's.
  if (partyBlock.length > 1 && right[0] && x0(right[0].parts[0]) - x1(span.span) > OTHER_BOX_GAP)
    return [...inline.map((o) => [o]), ...above(), ...below()];
  return [...inline.map((o) => [o]), ...right.map((o) => [o]), ...(under ?? below()), ...above()];
}

/**
 * A party written on its label's line, "Bill to: Acme Widgets Ltd, 1 High Street, London" or
 * "Fornitore: Rossi S.r.l. - Via Garibaldi 8 - Torino": its name, then its address's pieces, as
 * the lines of a block would be. Split only when what follows the name holds a number (a street's,
 * a postcode): "Smith, Jones & Partners" stays whole.
 */
function partyPieces(inline: ValueOption[], span: TextSpan, rest: number): ValueOption[] {
  const [whole] = inline;
  if (!whole) return inline;
  const pieces: { text: string; start: number }[] = [];
  const text = span.text;
  const from = rest + (text.slice(rest).length - text.slice(rest).trimStart().length);
  let start = from;
  for (const m of text.slice(from).matchAll(/\s*[,;]\s+|\s+[-–—]\s+/g)) {
    pieces.push({ text: text.slice(start, from + m.index), start });
    start = from + m.index + m[0].length;
  }
  pieces.push({ text: text.slice(start).trimEnd(), start });
  // "Tecnologias Atlânticas, S.A., Rua …": a legal form alone belongs to the name before it.
  while (pieces.length > 2 && continuesName(`${pieces[0].text},`, pieces[1].text)) {
    pieces.splice(0, 2, { text: `${pieces[0].text}, ${pieces[1].text}`, start: pieces[0].start });
  }
  // Its ids and contacts ("P.IVA IT0123…", "Tel. 011 …") are no part of its address.
  const address = pieces.slice(1).filter((p) => !isIdOrContactLine(p.text));
  if (address.length === 0 || !address.some((p) => /\d/.test(p.text)) || !/\p{L}{2,}/u.test(pieces[0].text))
    return inline;
  return [pieces[0], ...address].map((p) => ({
    ...whole,
    text: p.text,
    parts: [{ text: p.text, bbox: subBox(span, p.start, p.start + p.text.length) }],
  }));
}

/** A party's block with its wrapped name ("Tecnologias Atlânticas," / "S.A.") joined into one option. */
function joinWrappedName(seq: ValueOption[]): ValueOption[] {
  const [first, next, ...rest] = seq;
  if (!first || !next || !continuesName(first.text, next.text)) return seq;
  return [{ ...first, text: `${first.text} ${next.text}`, parts: [...first.parts, ...next.parts] }, ...rest];
}

function joinBlock(texts: string[]): string {
  return texts
    .map((t) => t.trim().replace(/[,;]$/, ''))
    .filter(Boolean)
    .join(', ');
}

type WordTest = (text: string) => boolean;
// Built once per value list: the currency list alone has hundreds of codes and symbols.
const testsOf = new WeakMap<Record<string, string[]>, [string, WordTest[]][]>();

/** How each allowed value is recognised in running text: codes as words, names (4+ letters) as words, symbols anywhere. */
function valueTests(values: Record<string, string[]>): [string, WordTest[]][] {
  let tests = testsOf.get(values);
  if (tests) return tests;
  tests = Object.entries(values).map(([value, synonyms]) => [
    value,
    [value, ...synonyms].flatMap((w): WordTest[] => {
      if (/^[A-Z]{2,4}$/.test(w)) {
        const re = new RegExp(`(?<![A-Za-z])${w}(?![A-Za-z])`);
        return [(t) => t.includes(w) && re.test(t)];
      }
      if (/^[\p{L}\s.]+$/u.test(w)) {
        // A short word ("Bar", cash in German) only as a span of its own: inside text it is anything.
        if (w.length < 4) return [(t) => t.trim().toLowerCase() === w.toLowerCase()];
        const re = new RegExp(`(?<!\\p{L})${w.replace(/\./g, '\\.')}(?!\\p{L})`, 'iu');
        return [(t) => re.test(t)];
      }
      return [(t) => t.includes(w)];
    }),
  ]);
  testsOf.set(values, tests);
  return tests;
}

/** Scans the whole document for an enum value (e.g. the currency shown next to the amounts). */
export function searchDocuments(hint: FieldHint, views: DocView[]): Found | null {
  if (!hint.values) return hint.pattern && hint.type === 'string' ? searchPattern(hint, views) : null;
  const counts = new Map<string, { n: number; first: Source }>();
  let order = 0;
  for (const view of views) {
    for (const lines of view.pages) {
      for (const line of lines) {
        for (const s of line.spans) {
          for (const [value, tests] of valueTests(hint.values)) {
            if (!tests.some((test) => test(s.span.text))) continue;
            const c = counts.get(value);
            if (c) c.n++;
            else counts.set(value, { n: 1, first: spanSource(view, line, s) });
            order++;
          }
        }
      }
    }
  }
  if (counts.size === 0) return null;
  const [value, best] = [...counts.entries()].sort((a, b) => b[1].n - a[1].n)[0];
  return { value, score: counts.size > 1 ? 0.45 : 0.6, source: best.first, order };
}

/** A value completed with what a narrow cell wrapped onto the next line. */
type Completed = { text: string; parsed: NonNullable<ReturnType<typeof parseValue>>; parts: TextSpan[] };

/** The line after `line` on its page, if any. */
const lineAfter = (view: DocView, line: LineRef): LineRef | undefined =>
  view.pages[view.doc.pages.findIndex((p) => p.number === line.page)]?.[line.index + 1];

/**
 * The next line under `line` with print between `from` and `to` (a column), within two of its
 * heights: a line of another column set between them in the page's order is passed over (OCR
 * orders a page's lines by height alone, so an address's line falls between "Date  2 juin" and
 * the year under it).
 */
function lineUnderIn(view: DocView, line: LineRef, from: number, to: number): LineRef | undefined {
  const lines = view.pages[view.doc.pages.findIndex((p) => p.number === line.page)] ?? [];
  for (let i = line.index + 1; i < lines.length; i++) {
    const next = lines[i];
    if (top(next.line) - top(line.line) > 2 * height(line.line)) return undefined;
    if (next.spans.some((s) => x1(s.span) > from && x0(s.span) < to)) return next;
  }
  return undefined;
}

/**
 * A value wrapped in a narrow cell, with its end on the line under it where it starts: an IBAN's
 * last groups ("PT57 6177 3073 1659 0586" over "8139 2"), a date's year ("22 de febrero" over
 * "de 2024"), a code's end after its hyphen ("2528-" over "768"). Taken only when the whole is
 * what the field holds (`holds`: an IBAN's checksum).
 */
function completedBelow(
  text: string,
  parts: TextSpan[],
  hint: FieldHint,
  view: DocView,
  line: LineRef,
  holds: (parsed: Completed['parsed']) => boolean = () => true,
  /** What joins the two lines: a space, none after a code's hyphen. */
  glue = ' ',
  /** Lines more that may carry on the value, under the one taken, while it is not whole yet. */
  more = 0,
): Completed | null {
  const start = parts[0]?.bbox?.[0];
  if (start === undefined) return null;
  // Under its start, or under its end in a right-aligned cell ("26-12-" over "2023").
  const end = x1(parts[parts.length - 1]);
  const next = lineUnderIn(view, line, start - 0.02, end);
  if (!next) return null;
  // A date's rest may start anywhere under it: a value inside its label's span ("Fecha: 17 de" over
  // "noviembre de") has its start there guessed from its letters' count, which OCR's narrow colon
  // and spaces put off.
  const under =
    alignedUnder(next.spans, start, end, ['start', 'end'], 0.02) ??
    (hint.type === 'date'
      ? next.spans.find((s) => x0(s.span) > start - 0.02 && x0(s.span) < end)
      : undefined);
  // A whole date of its own under it is another field's value, not this one's rest.
  if (!under || (hint.type === 'date' && parseValue(under.span.text, hint, view.ctx))) return null;
  const whole = `${text}${glue}${under.span.text}`;
  const parsed = parseValue(whole, hint, view.ctx);
  if (!parsed && more > 0)
    return completedBelow(whole, [...parts, under.span], hint, view, next, holds, ' ', more - 1);
  if (!parsed || !holds(parsed)) return null;
  return { text: whole, parsed, parts: [...parts, under.span] };
}

/**
 * An amount wrapped in a narrow cell: its currency beside the label, its figures on the line under
 * the currency ("Totale      EUR" over "29,40" on a till roll, the cell right-aligned). Taken only
 * when that line holds the figures and at most the rest of a wrapped label in words ("Totale" over
 * "complessivo"): a line with a label of its own, or with figures of its own, is the next row.
 */
function figuresUnderCurrency(
  text: string,
  parts: TextSpan[],
  hint: FieldHint,
  view: DocView,
  line: LineRef,
  labelSpans: Set<string>,
): Completed | null {
  const cell = parts.length === 1 ? parts[0] : null;
  if (!cell?.bbox || !currencyAlone(text)) return null;
  const next = lineAfter(view, line);
  if (!next || top(next.line) - top(line.line) > 2 * height(line.line)) return null;
  const under = next.spans[next.spans.length - 1];
  const before = next.spans.slice(0, -1);
  const wrappedLabel = (s: SpanRef) =>
    !labelSpans.has(`${next.key}:${s.index}`) && /^[\p{L}\s]+$/u.test(s.span.text) && x1(s.span) < x0(cell);
  if (before.length > 1 || !before.every(wrappedLabel)) return null;
  if (x0(under.span) >= x1(cell) || x1(under.span) <= x0(cell)) return null;
  const whole = `${text} ${under.span.text}`;
  const parsed = parseValue(whole, hint, view.ctx);
  return parsed ? { text: whole, parsed, parts: [cell, under.span] } : null;
}

/** The first text of the field's shape anywhere (an IBAN printed after "Konto" rather than "IBAN"). */
function searchPattern(hint: FieldHint, views: DocView[]): Found | null {
  const shape = new RegExp(`(?<![\\p{L}\\p{N}])(?:${hint.pattern})(?![\\p{L}\\p{N}])`, 'u');
  for (const view of views) {
    for (const lines of view.pages) {
      for (const line of lines) {
        for (const s of line.spans) {
          const m = shape.exec(s.span.text);
          const parsed = m && parseValue(m[0], hint, view.ctx);
          if (!parsed) continue;
          const bbox = SYNTHETIC_GEOMETRY.has(view.doc.kind) ? null : s.span.bbox;
          return {
            value: parsed.value,
            score: 0.5,
            order: 0,
            source: { document: view.index, page: line.page, bbox, text: m[0] },
          };
        }
      }
    }
  }
  return null;
}

/**
 * A caption with its value after a colon in its own span ("Número: 2026/042"): a number, but maybe
 * the customer's ("Cliente / Número: 4711"), so any label of the field itself reads before it.
 */
function inlineCaption(hint: FieldHint, hit: LabelHit): boolean {
  if (hit.rest >= hit.span.span.text.trimEnd().length) return false;
  return (
    hint.captions?.some((c) => matchLabel(hit.span.folded, captionRegExp(c))?.rest === hit.rest) ?? false
  );
}

export function extractField(
  hint: FieldHint,
  hits: LabelHit[],
  views: DocView[],
  labelSpans: Set<string>,
): Found | null {
  let best: Found | null = null;
  let order = 0;
  // Computed once for every hit's options (see `valueOptions`).
  const ownLabels = new Set(
    hits.filter((h) => h.rest < h.span.span.text.length).map((h) => `${h.line.key}:${h.span.index}`),
  );
  const own = {
    labels: ownLabels,
    others: ownLabels.size > 0 ? new Set([...labelSpans].filter((key) => !ownLabels.has(key))) : labelSpans,
  };
  for (const hit of hits) {
    const view = views[hit.line.doc];
    const synthetic = SYNTHETIC_GEOMETRY.has(view.doc.kind);
    const weak =
      hint.weakLabels?.some((l) => matchLabel(hit.span.folded, labelRegExp(l))?.rest === hit.rest) ||
      inlineCaption(hint, hit);
    for (const option of valueOptions(hit, hint, view, labelSpans, own)) {
      order++;
      let text = hint.position === 'block' ? joinBlock(option.map((o) => o.text)) : option[0].text;
      let parts = option.flatMap((o) => o.parts);
      let parsed = parseValue(text, hint, view.ctx);
      if (!parsed && (hint.type === 'date' || hint.type === 'enum')) {
        // Cut short by a narrow column: a date ("22 de febrero" over "de 2024"), one wrapped after
        // a separator going on straight ("26-12-" over "2023"), a name of two words ("Apple" over "Pay").
        const cut = hint.type === 'date' && /[-./]$/.test(text.trimEnd());
        const completed = completedBelow(
          cut ? text.trimEnd() : text,
          parts,
          hint,
          view,
          option[option.length - 1].line,
          undefined,
          cut ? '' : ' ',
          hint.type === 'date' ? 1 : 0,
        );
        if (completed) ({ text, parsed, parts } = completed);
      }
      // A range's last date wrapped in a narrow cell ("1 de maio de 2023 – 31 de maio de" over
      // "2023"): the first date parses, the last is completed from the line under it.
      if (parsed && hint.pick === 'last' && hint.type === 'date' && DATE_CUT_OFF.test(text)) {
        const completed = completedBelow(text, parts, hint, view, option[option.length - 1].line);
        if (completed && completed.parsed.value !== parsed.value) ({ text, parsed, parts } = completed);
      }
      if (!parsed && hint.type === 'money') {
        const completed = figuresUnderCurrency(text, parts, hint, view, option[0].line, labelSpans);
        if (completed) ({ text, parsed, parts } = completed);
      }
      if (!parsed) continue;
      const code = String(parsed.value);
      if (hint.pattern && hint.type === 'string' && /[-/]$/.test(code) && text.trimEnd().endsWith(code)) {
        // A code wrapped at its hyphen or slash in a narrow cell ("2528-" over "768").
        const completed = completedBelow(
          text.trimEnd(),
          parts,
          hint,
          view,
          option[option.length - 1].line,
          // Its figures, not a word under it ("Data").
          (p) =>
            String(p.value).startsWith(code) && /^[\p{L}\p{N}]*\d/u.test(String(p.value).slice(code.length)),
          '',
        );
        if (completed) ({ text, parsed, parts } = completed);
      }
      if (hint.check === 'tax-id' && (String(parsed.value).match(/\d/g)?.length ?? 0) < TAX_ID_DIGITS)
        continue;
      if (hint.check === 'iban' && !isValidIban(String(parsed.value))) {
        const cut = ibanWithoutTrailingWord(String(parsed.value));
        const checked = cut
          ? { text, parsed: { ...parsed, value: cut }, parts }
          : completedBelow(text, parts, hint, view, option[option.length - 1].line, (p) =>
              isValidIban(String(p.value)),
            );
        if (checked) ({ text, parsed, parts } = checked);
      }
      const position = option[0].position;
      // Over or under its label a code is no number inside a line of words ("Plaza Mayor 1, Madrid").
      if (
        hint.pattern &&
        (position === 'above' || position === 'below') &&
        parsed.clean < 1 &&
        (text.match(/\p{L}{2,}/gu) ?? []).length >= 3
      )
        continue;
      const score =
        (option[0].labelled ? POSITION_FACTOR.inline : POSITION_FACTOR[position]) *
        parsed.clean *
        (weak ? WEAK_LABEL : 1);
      if (best && score <= best.score) continue;
      best = {
        value: parsed.value,
        score,
        order,
        source: {
          document: view.index,
          page: hit.line.page,
          bbox: synthetic ? null : union(parts.map((p) => p.bbox)),
          // A pattern cuts the value from its text ("4711" of "4711 vom 03.03.2026"): the rest is free.
          text: hint.pattern && hint.type === 'string' ? parsed.text : text,
        },
      };
      break; // Later options of the same label are worse by construction.
    }
  }
  return best;
}
