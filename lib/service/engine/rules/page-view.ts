/**
 * What the rule extractor works on: every document as pages of lines with their spans folded for
 * label matching, the document's own conventions, and geometry helpers shared by fields and tables.
 */
import { normalizePointer } from '@/lib/contract/validation/names';
import { detectConventions, type ParseContext, parseDate } from '../parse';
import { type Folded, fold, type LabelVocabulary, labelVocabulary, mendedLabelWords } from '../text-match';
import type { BBox, FieldHint, Line, ReadDocument, Source, StructureHints, TextSpan } from '../types';

/** A span with where it sits. */
export interface SpanRef {
  span: TextSpan;
  folded: Folded;
  index: number;
}

export interface LineRef {
  doc: number;
  page: number;
  /** Index of the line on its page. */
  index: number;
  line: Line;
  spans: SpanRef[];
  key: string;
}

export interface DocView {
  doc: ReadDocument;
  index: number;
  ctx: ParseContext;
  /** Lines per page, in order. */
  pages: LineRef[][];
}

export interface Found {
  value: unknown;
  score: number;
  source: Source;
  order: number;
  /** How the value was found, when not by the structure's labels (`sources[].method`). */
  method?: string;
}

/**
 * How sure a figure is that the document's own arithmetic put back rather than read (a lost decimal
 * point, a lost minus sign): low enough that the reviewer is asked to look.
 */
export const WORKED_OUT_CONFIDENCE = 0.5;

/** Documents whose boxes are synthetic (character columns): sources get `bbox: null`. */
export const SYNTHETIC_GEOMETRY = new Set(['text', 'docx', 'csv']);

/** Where a value read from one whole span is. */
export const spanSource = (view: DocView, line: LineRef, s: SpanRef): Source => ({
  document: view.index,
  page: line.page,
  bbox: SYNTHETIC_GEOMETRY.has(view.doc.kind) ? null : s.span.bbox,
  text: s.span.text,
});

/** Was the value at this source read by OCR (not from a text layer)? */
export const readByOcr = (source: Source | undefined, views: DocView[]): boolean =>
  !!source && !!views.find((v) => v.index === source.document)?.ctx.ocr;

// The rules import pointer helpers from here; the contract's is the one normalization.
export { normalizePointer };

function unescapeToken(t: string): string {
  return t.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Sets a value at a JSON Pointer, creating the objects on the way. */
export function setAtPointer(target: Record<string, unknown>, pointer: string, value: unknown): void {
  const tokens = normalizePointer(pointer).split('/').slice(1).map(unescapeToken);
  let node: Record<string, unknown> = target;
  tokens.forEach((t, i) => {
    if (t === '__proto__' || t === 'constructor' || t === 'prototype') return;
    if (i === tokens.length - 1) node[t] = value;
    else {
      const next = node[t];
      if (typeof next !== 'object' || next === null) node[t] = {};
      node = node[t] as Record<string, unknown>;
    }
  });
}

export function union(boxes: (BBox | null)[]): BBox | null {
  const b = boxes.filter((x): x is BBox => x !== null);
  if (b.length === 0) return null;
  const x0 = Math.min(...b.map((v) => v[0]));
  const y0 = Math.min(...b.map((v) => v[1]));
  const x1 = Math.max(...b.map((v) => v[0] + v[2]));
  const y1 = Math.max(...b.map((v) => v[1] + v[3]));
  const r = (v: number) => Math.round(v * 10_000) / 10_000;
  return [r(x0), r(y0), r(x1 - x0), r(y1 - y0)];
}

/** Box of the part of a span that held the value (proportional to characters; exact enough to highlight). */
export function subBox(span: TextSpan, start: number, end: number): BBox | null {
  if (!span.bbox) return null;
  const len = Math.max(1, span.text.length);
  const [x, y, w, h] = span.bbox;
  const r = (v: number) => Math.round(v * 10_000) / 10_000;
  const s = Math.max(0, Math.min(start, len));
  const e = Math.max(s, Math.min(end, len));
  return [r(x + (w * s) / len), y, r((w * (e - s)) / len), h];
}

/**
 * A span cut where a dot or bar separates its parts ("Sparkasse · IBAN DE12… · USt-IdNr. DE29…"),
 * and where cells a word space apart ran together (see `runTogether`).
 */
function pieces(span: TextSpan): TextSpan[] {
  const cuts: [number, number][] = [];
  for (const m of span.text.matchAll(/\s+[·•|]\s+/g)) cuts.push([m.index, m.index + m[0].length]);
  cuts.push(...runTogether(span.text));
  if (cuts.length === 0) return [span];
  cuts.sort((a, b) => a[0] - b[0]);
  const out: TextSpan[] = [];
  let start = 0;
  for (const [end, next] of cuts) {
    out.push({ text: span.text.slice(start, end), bbox: subBox(span, start, end) });
    start = next;
  }
  out.push({ text: span.text.slice(start), bbox: subBox(span, start, span.text.length) });
  return out.filter((p) => p.text.trim() !== '');
}

/** A full date at the start of a text: "14 de abril de 2023", "03.03.2026", "March 5, 2024". */
const dateAtStart = (text: string) => {
  const parsed = parseDate(text);
  return parsed && text.startsWith(parsed.text) ? parsed.text.length : 0;
};

/** An amount at the start of a text, its currency before or after it: "1 742,39 EUR", "€ 12.50". */
const AMOUNT_CELL =
  /^(?<before>[A-Z]{3}|[$€£])?\s?-?\d{1,3}(?:[ .,'’]\d{3})*[.,]\d{2}\s?(?<after>[A-Z]{3}|[$€£])?/;

/** The length of the amount with a currency that starts the text, or 0. */
const amountAtStart = (text: string) => {
  const m = AMOUNT_CELL.exec(text);
  return m?.groups?.before || m?.groups?.after ? m[0].length : 0;
};

/**
 * Where cells of a table row that sit a word space apart were read as one text (pdf.js joins
 * runs closer than ~0.6 em): two full dates in a row ("12 de abril de 2023 14 de abril de 2023
 * Reembolso": booking date, value date, text), or two amounts each with its currency ("1 742,39
 * EUR 10 623,69 EUR"). One date or one amount with words after it stays whole.
 */
function runTogether(text: string): [number, number][] {
  const first = dateAtStart(text);
  if (first > 0) {
    const gap = text.slice(first).match(/^\s+/)?.[0].length ?? 0;
    const second = gap > 0 ? dateAtStart(text.slice(first + gap)) : 0;
    if (second === 0) return [];
    const end = first + gap + second;
    const after = text.slice(end).match(/^\s+/)?.[0].length ?? 0;
    return [
      [first, first + gap],
      ...(after > 0 && end + after < text.length ? [[end, end + after] as [number, number]] : []),
    ];
  }
  const amount = amountAtStart(text);
  if (amount === 0) return [];
  const gap = text.slice(amount).match(/^\s+/)?.[0].length ?? 0;
  const rest = text.slice(amount + gap);
  if (gap === 0 || rest === '' || amountAtStart(rest) !== rest.length) return [];
  return [[amount, amount + gap]];
}

/**
 * The documents' lines as the rules read them. With the words of the structure's labels, a span of
 * an OCR document whose first word is one letter from a label's word is matched as that word
 * ("SUMPE EUR" as "Summe EUR").
 */
export function buildViews(documents: ReadDocument[], vocabulary?: LabelVocabulary): DocView[] {
  const folded = (text: string, ocr: boolean) => {
    const f = fold(text);
    return (ocr && vocabulary && mendedLabelWords(f, vocabulary)) || f;
  };
  return documents.map((doc, d) => {
    const allText = doc.pages.map((p) => p.lines.map((l) => l.text).join('\n')).join('\n');
    const pages = doc.pages.map((page) =>
      page.lines.map((raw, i) => {
        // Each separated part is a span of its own: its label starts it.
        const bounded = withinRuleLine(raw);
        const line = { ...bounded, spans: bounded.spans.flatMap(pieces) };
        return {
          doc: d,
          page: page.number,
          index: i,
          line,
          key: `${d}:${page.number}:${i}`,
          spans: line.spans.map((span, s) => ({
            span,
            folded: folded(span.text, doc.ocr === true),
            index: s,
          })),
        };
      }),
    );
    return { doc, index: d, ctx: { ...detectConventions(allText), ocr: doc.ocr === true }, pages };
  });
}

/**
 * The most of one line the rules look at. A printed line holds a few hundred characters; a longer
 * one is no layout but a flood (a million characters in one line), and label search costs up to
 * 80 µs a character on it: 14 s of one core for a line of 160,000 digits and spaces.
 */
export const MAX_RULE_LINE = 2000;

/** A line cut to its first `MAX_RULE_LINE` characters, its spans with it. */
export function withinRuleLine(line: Line): Line {
  if (line.text.length <= MAX_RULE_LINE) return line;
  let room = MAX_RULE_LINE;
  const spans: TextSpan[] = [];
  for (const span of line.spans) {
    if (room <= 0) break;
    const text = span.text.slice(0, room);
    spans.push(text === span.text ? span : { text, bbox: subBox(span, 0, text.length) });
    room -= text.length;
  }
  return { ...line, text: line.text.slice(0, MAX_RULE_LINE), spans };
}

/**
 * A span's words wrapped in a narrow column ("Forma de" over "pago", "Sub-" over "total"): the span
 * of words under it on the next line, starting where it starts, and the two read as one text (a
 * word broken at its hyphen joined again). Null when the next line is not right under it.
 */
export function wrappedBelow(
  line: LineRef,
  next: LineRef | undefined,
  s: SpanRef,
): { span: SpanRef; text: string } | null {
  if (!next || top(next.line) - top(line.line) > WRAP_PITCH * height(line.line) || /\d/.test(s.span.text))
    return null;
  const under = alignedUnder(next.spans, x0(s.span), x1(s.span), ['start'], 0.01);
  if (!under || /\d/.test(under.span.text)) return null;
  return { span: under, text: joinedLines(s.span.text.trimEnd(), under.span.text) };
}

/** How a span sits under another: from the same left edge, to the same right edge, or centred alike. */
export type Alignment = 'start' | 'end' | 'middle';

/**
 * The first of `spans` set under the stretch `from`–`to` (fractions of the page's width) by one of
 * `alignments`, its edge or middle within `within` of the stretch's.
 */
export function alignedUnder(
  spans: SpanRef[],
  from: number,
  to: number,
  alignments: Alignment[],
  within: number,
): SpanRef | undefined {
  const off = (s: SpanRef, alignment: Alignment) =>
    alignment === 'start'
      ? x0(s.span) - from
      : alignment === 'end'
        ? x1(s.span) - to
        : (x0(s.span) + x1(s.span)) / 2 - (from + to) / 2;
  return spans.find((s) => alignments.some((a) => Math.abs(off(s, a)) < within));
}

/**
 * Lines of one wrapped text are at most this many of its line's heights apart, top to top: type is
 * set about 1.2 of its size apart, some 1.7 times the height of its capitals (a caption wrapped in
 * a grid's cell, 1.8 on a scan).
 */
const WRAP_PITCH = 2;

/** Two lines of one text read as one, a word broken at its hyphen joined again ("Buchungs-" over "tag"). */
export const joinedLines = (upper: string, lower: string) =>
  `${upper} ${lower}`.replace(/(\p{L})- (\p{Ll})/gu, '$1$2');

export const x0 = (s: TextSpan) => s.bbox?.[0] ?? 0;
export const x1 = (s: TextSpan) => (s.bbox ? s.bbox[0] + s.bbox[2] : 0);
export const top = (l: Line) => l.bbox?.[1] ?? 0;
export const height = (l: Line) => l.bbox?.[3] ?? 0.01;

// Gathered once per structure.
const vocabularies = new WeakMap<StructureHints, LabelVocabulary>();

/** The words of every label a structure's rules look for: fields', captions, columns' and tables' ends. */
export function vocabularyOf(hints: StructureHints): LabelVocabulary {
  let v = vocabularies.get(hints);
  if (!v) {
    const fieldLabels = (h: FieldHint) => [...h.labels, ...(h.captions ?? [])];
    v = labelVocabulary([
      ...Object.values(hints.fields).flatMap(fieldLabels),
      ...Object.values(hints.tables ?? {}).flatMap((t) => [
        ...Object.values(t.columns).flatMap(fieldLabels),
        ...(t.endLabels ?? []),
        ...(t.pageEndLabels ?? []),
        ...(t.skipLabels ?? []),
      ]),
    ]);
    vocabularies.set(hints, v);
  }
  return v;
}
