import {
  detectConventions,
  type ParseContext,
  type Parsed,
  parseBoolean,
  parseDate,
  parseEnum,
  parseMoney,
  parseNumber,
  parseString,
} from './parse';
import { type Folded, fold, foldString, labelRegExp, matchLabel } from './text-match';
import type {
  BBox,
  ExtractionResult,
  Extractor,
  FieldHint,
  Line,
  ReadDocument,
  Source,
  StructureDefinition,
  TableHint,
  TextSpan,
} from './types';

/** A span with where it sits. */
interface SpanRef {
  span: TextSpan;
  folded: Folded;
  index: number;
}

interface LineRef {
  doc: number;
  page: number;
  /** Index of the line on its page. */
  index: number;
  line: Line;
  spans: SpanRef[];
  key: string;
}

interface DocView {
  doc: ReadDocument;
  index: number;
  ctx: ParseContext;
  /** Lines per page, in order. */
  pages: LineRef[][];
}

interface Found {
  value: unknown;
  score: number;
  source: Source;
  order: number;
}

/** A value to the right of its label is at most this far away (page widths). */
const MAX_RIGHT_GAP = 0.6;
const POSITION_FACTOR = { inline: 1, right: 1, below: 0.9, block: 0.9 } as const;
/** Documents whose boxes are synthetic (character columns): sources get `bbox: null`. */
const SYNTHETIC_GEOMETRY = new Set(['text', 'docx', 'csv']);

export function normalizePointer(p: string): string {
  return p.startsWith('/') || p === '' ? p : `/${p}`;
}

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

function union(boxes: (BBox | null)[]): BBox | null {
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
function subBox(span: TextSpan, start: number, end: number): BBox | null {
  if (!span.bbox) return null;
  const len = Math.max(1, span.text.length);
  const [x, y, w, h] = span.bbox;
  const r = (v: number) => Math.round(v * 10_000) / 10_000;
  const s = Math.max(0, Math.min(start, len));
  const e = Math.max(s, Math.min(end, len));
  return [r(x + (w * s) / len), y, r((w * (e - s)) / len), h];
}

export function parseValue(
  text: string,
  hint: FieldHint,
  ctx: ParseContext,
): Parsed<string | number | boolean> | null {
  if (hint.pick === 'last' && hint.type !== 'string') {
    // The shortest tail that parses holds the last value.
    const starts = [...text.matchAll(/\S+/g)].map((m) => m.index ?? 0).reverse();
    for (const start of starts) {
      const parsed = parseOne(text.slice(start), hint, ctx);
      if (parsed) return parsed;
    }
    return null;
  }
  return parseOne(text, hint, ctx);
}

function parseOne(
  text: string,
  hint: FieldHint,
  ctx: ParseContext,
): Parsed<string | number | boolean> | null {
  switch (hint.type) {
    case 'money':
      return parseMoney(text, ctx);
    case 'number':
      return parseNumber(text, ctx);
    case 'date':
      return parseDate(text, ctx);
    case 'enum':
      return hint.values ? parseEnum(text, hint.values) : parseString(text, hint.pattern);
    case 'boolean':
      return parseBoolean(text);
    default: {
      const parsed = parseString(text, hint.pattern);
      return parsed && hint.compact ? { ...parsed, value: parsed.value.replace(/\s+/g, '') } : parsed;
    }
  }
}

function buildViews(documents: ReadDocument[]): DocView[] {
  return documents.map((doc, d) => {
    const allText = doc.pages.map((p) => p.lines.map((l) => l.text).join('\n')).join('\n');
    const pages = doc.pages.map((page) =>
      page.lines.map((line, i) => ({
        doc: d,
        page: page.number,
        index: i,
        line,
        key: `${d}:${page.number}:${i}`,
        spans: line.spans.map((span, s) => ({ span, folded: fold(span.text), index: s })),
      })),
    );
    return { doc, index: d, ctx: detectConventions(allText), pages };
  });
}

const x0 = (s: TextSpan) => s.bbox?.[0] ?? 0;
const x1 = (s: TextSpan) => (s.bbox ? s.bbox[0] + s.bbox[2] : 0);
const top = (l: Line) => l.bbox?.[1] ?? 0;
const height = (l: Line) => l.bbox?.[3] ?? 0.01;

// ───────────────────────────── tables ─────────────────────────────

interface Anchor {
  key: string;
  x0: number;
  x1: number;
  span: number;
  text: string;
}

/** How far (page widths) an unknown header may sit from a known one and still belong to the table. */
const UNKNOWN_HEADER_REACH = 0.1;

interface HeaderPiece {
  key: string;
  start: number;
  end: number;
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
    while (pos < text.length && /\s/.test(text[pos])) pos++;
    if (pos >= text.length) break;
    const rest = fold(text.slice(pos));
    let best: { key: string; len: number; end: number } | null = null;
    for (const [key, , res] of columns) {
      if (used.has(key) || pieces.some((p) => p.key === key)) continue;
      for (const re of res) {
        const m = matchLabel(rest, re);
        if (m && (!best || m.length > best.len)) best = { key, len: m.length, end: pos + m.rest };
      }
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
      if (
        prev &&
        prev.key === '' &&
        isTail &&
        !/\s/.test(text.slice(prev.start, prev.end).trim()) &&
        prev.end - prev.start >= 3
      ) {
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

function headerMatch(line: LineRef, columns: [string, FieldHint, RegExp[]][]): Anchor[] | null {
  const anchors: Anchor[] = [];
  const used = new Set<string>();
  for (const s of line.spans) {
    const pieces = headerPieces(s.span.text, columns, used);
    if (!pieces?.some((p) => p.key !== '')) {
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
  for (const a of anchors.sort((p, q) => p.x0 - q.x0)) {
    // Unknown headers are short captions ("#", "Pos.", "VAT %"), not a line of a neighbouring block.
    if (a.key === '' && a.text.length > 14) continue;
    if (a.key !== '' || (a.x0 > kx0 && a.x1 < kx1)) kept.push(a);
    else if (a.x1 <= kx0 && kx0 - a.x1 < UNKNOWN_HEADER_REACH) kept.push(a);
    else if (a.x0 >= kx1 && a.x0 - kx1 < UNKNOWN_HEADER_REACH) kept.push(a);
  }
  // Chains of unknown headers toward the edge: keep only those linked to the table by short gaps.
  return kept;
}

interface Cell {
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
const NUMERIC_TOKEN = /^[-−(]?[$€£¥₹]?[\d.,'’]*\d[\d.,'’]*\)?-?%?$|^[A-Z]{3}$|^[$€£¥₹]$/;

/**
 * Puts each span of a line into the column whose zone holds it. Spans outside the table's extent
 * (a sidebar beside it) are left alone. Returns the cells and the indexes of the spans used.
 */
function assignCells(
  line: LineRef,
  anchors: Anchor[],
  types: Map<string, FieldHint>,
): { cells: Map<string, Cell>; used: number[] } {
  const bounds: number[] = [];
  for (let i = 0; i < anchors.length - 1; i++) bounds.push((anchors[i].x1 + anchors[i + 1].x0) / 2);
  const zoneOf = (x: number) => {
    let z = 0;
    while (z < bounds.length && x >= bounds[z]) z++;
    return z;
  };
  const left = anchors[0].x0 - 0.02;
  const right = anchors[anchors.length - 1].x1 + 0.03;
  const inTable = line.spans.filter((s) => x1(s.span) > left && x0(s.span) < right);
  // Columns that hold a span of their own on this line: a long neighbour is not split into them.
  const occupied = new Set<number>();
  for (const s of inTable) {
    const a = x0(s.span);
    const b = x1(s.span);
    if (zoneOf(a + 0.001) === zoneOf(b - 0.001)) occupied.add(zoneOf((a + b) / 2));
  }
  const cells = new Map<string, Cell>();
  const used: number[] = [];
  const put = (zone: number, span: TextSpan) => {
    const key = anchors[zone].key;
    if (key === '') return;
    const cell = cells.get(key) ?? { parts: [], text: '' };
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
      put(zoneOf((a + b) / 2), span);
      continue;
    }
    // A span running over several columns (cells set close together, or OCR): split off trailing
    // number-like words into the empty columns they sit in; the rest stays where the span starts.
    const words = [...span.text.matchAll(WORD_OR_NUMBER)];
    const len = span.text.length;
    const wordZone = words.map((w) => zoneOf(a + ((b - a) * ((w.index ?? 0) + w[0].length / 2)) / len));
    const typeOf = (zone: number) => types.get(anchors[zone].key)?.type;
    // A leading number sitting in an empty column to the left ("12 SKU-1" under "#" and "SKU").
    let first = 0;
    while (
      first < words.length - 1 &&
      wordZone[first] < wordZone[words.length - 1] &&
      !occupied.has(wordZone[first]) &&
      NUMERIC_TOKEN.test(words[first][0])
    ) {
      first++;
    }
    if (first > 0) {
      for (let k = 0; k < first; k++) {
        const s0 = words[k].index ?? 0;
        put(wordZone[k], { text: words[k][0], bbox: subBox(span, s0, s0 + words[k][0].length) });
      }
      const restStart = words[first].index ?? 0;
      const rest = { text: span.text.slice(restStart), bbox: subBox(span, restStart, len) };
      put(zoneOf(a + ((b - a) * (restStart + (len - restStart) / 2)) / len), rest);
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
    const headZone = zoneOf(a + ((b - a) * headEnd) / len / 2);
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
  return { cells, used };
}

/**
 * A column whose caption was not recognized (OCR garble: "Faive date") is given to a missing
 * typed column when the values under it parse as that type (dates, amounts).
 */
function adoptUnknownColumns(
  header: Anchor[],
  lines: LineRef[],
  headerIndex: number,
  columns: [string, FieldHint, RegExp[]][],
  ctx: ParseContext,
): Anchor[] {
  const present = new Set(header.map((a) => a.key));
  const missing = columns.filter(
    ([key, h]) => !present.has(key) && (h.type === 'date' || h.type === 'money'),
  );
  if (missing.length === 0 || !header.some((a) => a.key === '')) return header;
  const types = new Map(columns.map(([key, h]) => [key, h]));
  const sample = lines.slice(headerIndex + 1, headerIndex + 7);
  const out = header.map((a) => ({ ...a }));
  for (const [key, hint] of missing) {
    let best: { anchor: Anchor; hits: number } | null = null;
    for (const anchor of out) {
      if (anchor.key !== '') continue;
      const probe = out.map((a) => (a === anchor ? { ...a, key } : a));
      const withProbe = new Map(types);
      let hits = 0;
      for (const l of sample) {
        const cell = assignCells(l, probe, withProbe).cells.get(key);
        if (cell && parseValue(cell.text, hint, ctx)) hits++;
      }
      if (hits >= Math.max(2, Math.ceil(sample.length * 0.6)) && (!best || hits > best.hits))
        best = { anchor, hits };
    }
    if (best) best.anchor.key = key;
  }
  return out;
}

interface TableOutcome {
  rows: Record<string, unknown>[];
  sources: Record<string, Source>;
  confidence: Record<string, number>;
  consumed: Set<string>;
}

function extractTable(pointer: string, hint: TableHint, views: DocView[]): TableOutcome {
  const columns = Object.entries(hint.columns).map(
    ([key, h]) => [key, h, h.labels.map(labelRegExp)] as [string, FieldHint, RegExp[]],
  );
  const types = new Map(Object.entries(hint.columns));
  const endRes = (hint.endLabels ?? []).map(labelRegExp);
  const out: TableOutcome = { rows: [], sources: {}, confidence: {}, consumed: new Set() };
  const hasNumeric = columns.some(([, h]) => h.type !== 'string');
  const required = hint.requiredColumns ?? [];

  for (const view of views) {
    let anchors: Anchor[] | null = null;
    let ended = false;
    const synthetic = SYNTHETIC_GEOMETRY.has(view.doc.kind);
    for (const lines of view.pages) {
      if (ended) break;
      let lastRowLine: LineRef | null = null;
      let current: { cells: Map<string, Cell>; page: number } | null = null;
      const flush = () => {
        if (!current) return;
        const row: Record<string, unknown> = {};
        const rowIndex = out.rows.length;
        let any = false;
        for (const [key, cell] of current.cells) {
          const h = types.get(key)!;
          const parsed = parseValue(cell.text, h, view.ctx);
          if (!parsed) continue;
          row[key] = parsed.value;
          any = true;
          const p = `${pointer}/${rowIndex}/${key}`;
          out.sources[p] = {
            document: view.index,
            page: current.page,
            bbox: synthetic ? null : union(cell.parts.map((s) => s.bbox)),
            text: cell.text,
          };
          out.confidence[p] = Math.round(parsed.clean * 100) / 100;
        }
        if (any) out.rows.push(row);
        current = null;
      };
      for (const line of lines) {
        const header = headerMatch(line, columns);
        if (header) {
          // First header, or the header repeated on a following page.
          if (!anchors || out.rows.length > 0 || current) {
            flush();
            anchors = adoptUnknownColumns(header, lines, line.index, columns, view.ctx);
            for (const a of header) out.consumed.add(`${line.key}:${a.span}`);
            lastRowLine = null;
            continue;
          }
        }
        if (!anchors) continue;
        const tableLeft = anchors[0].x0 - 0.02;
        const tableRight = anchors[anchors.length - 1].x1 + 0.03;
        if (
          line.spans.some(
            (s) =>
              x1(s.span) > tableLeft &&
              x0(s.span) < tableRight &&
              endRes.some((re) => matchLabel(s.folded, re)),
          )
        ) {
          flush();
          ended = true;
          break;
        }
        const { cells, used } = assignCells(line, anchors, types);
        if (cells.size === 0) continue;
        const consume = () => {
          for (const i of used) out.consumed.add(`${line.key}:${i}`);
        };
        let parsedTyped = 0;
        let stringCells = 0;
        for (const [key, cell] of cells) {
          const h = types.get(key)!;
          if (h.type === 'string') stringCells++;
          else if (parseValue(cell.text, h, view.ctx)) parsedTyped++;
        }
        const missingRequired = required.some((key) => {
          const cell = cells.get(key);
          return !cell || !parseValue(cell.text, types.get(key)!, view.ctx);
        });
        const isRow = missingRequired
          ? false
          : hasNumeric
            ? parsedTyped >= 1 && parsedTyped + stringCells >= 2
            : cells.size >= 2;
        const lineGap = lastRowLine ? top(line.line) - (top(lastRowLine.line) + height(lastRowLine.line)) : 0;
        const pitch = lastRowLine ? height(lastRowLine.line) : 0;
        if (isRow) {
          if (lastRowLine && lineGap > 4 * pitch && out.rows.length + (current ? 1 : 0) > 0 && !synthetic) {
            flush();
            ended = true;
            break;
          }
          flush();
          current = { cells, page: line.page };
          lastRowLine = line;
          consume();
        } else if (
          current &&
          lastRowLine &&
          parsedTyped === 0 &&
          stringCells === cells.size &&
          lineGap < 1.2 * pitch
        ) {
          // A wrapped description: append to the row above.
          for (const [key, cell] of cells) {
            const prev = current.cells.get(key);
            if (prev) {
              prev.text = `${prev.text} ${cell.text}`;
              prev.parts.push(...cell.parts);
            } else current.cells.set(key, cell);
          }
          lastRowLine = line;
          consume();
        }
      }
      flush();
    }
    if (out.rows.length > 0) break;
  }
  return out;
}

// ───────────────────────────── fields ─────────────────────────────

interface LabelHit {
  line: LineRef;
  span: SpanRef;
  rest: number;
}

/** For every span, the field(s) whose label it starts with; the longest label wins. */
function findLabels(
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
          let bestLen = 0;
          let winners: { pointer: string; rest: number }[] = [];
          for (const [pointer, , res] of fields) {
            let fieldBest: { length: number; rest: number } | null = null;
            for (const re of res) {
              const m = matchLabel(s.folded, re);
              if (m && (!fieldBest || m.length > fieldBest.length)) fieldBest = m;
            }
            if (!fieldBest) continue;
            if (fieldBest.length > bestLen) {
              bestLen = fieldBest.length;
              winners = [{ pointer, rest: fieldBest.rest }];
            } else if (fieldBest.length === bestLen) winners.push({ pointer, rest: fieldBest.rest });
          }
          if (winners.length === 0) continue;
          labelSpans.add(`${line.key}:${s.index}`);
          for (const w of winners) {
            const list = hits.get(w.pointer) ?? [];
            list.push({ line, span: s, rest: w.rest });
            hits.set(w.pointer, list);
          }
        }
      }
    }
  }
  return { hits, labelSpans };
}

interface ValueOption {
  text: string;
  parts: TextSpan[];
  position: keyof typeof POSITION_FACTOR;
  line: LineRef;
}

/** Lines under a label, in the label's column, each as the text of its spans there. */
function linesBelow(hit: LabelHit, lines: LineRef[], labelSpans: Set<string>, max: number): ValueOption[] {
  const { line, span } = hit;
  const spans = line.line.spans;
  const left = span.index > 0 ? x1(spans[span.index - 1]) : 0;
  const right = span.index < spans.length - 1 ? x0(spans[span.index + 1]) : 1;
  const lx0 = x0(span.span);
  const lx1 = x1(span.span);
  const out: ValueOption[] = [];
  let prev = line;
  for (let i = line.index + 1; i < lines.length && out.length < max; i++) {
    const next = lines[i];
    const gap = top(next.line) - top(prev.line);
    if (gap > (out.length === 0 ? 2.6 : 1.9) * Math.max(height(prev.line), height(line.line))) break;
    const inColumn = next.spans.filter((s) => {
      const a = x0(s.span);
      const b = x1(s.span);
      if (a < left - 0.005 || a >= right - 0.005) return false;
      // Starts near where the label starts, or sits under the label itself (right-aligned pairs).
      return (a >= lx0 - 0.03 && a <= lx0 + 0.12) || (a < lx1 && b > lx0);
    });
    if (inColumn.length === 0) {
      if (out.length > 0) break;
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
): ValueOption[][] {
  const { line, span } = hit;
  const lines = view.pages[view.doc.pages.findIndex((p) => p.number === line.page)];
  const rawInline = span.span.text.slice(hit.rest).trim();
  // Stray marks after a label ("Bill to’") are not a value.
  const inlineText = /[\p{L}\p{N}]/u.test(rawInline) ? rawInline : '';
  const inline: ValueOption[] = inlineText
    ? [
        {
          text: inlineText,
          parts: [{ text: inlineText, bbox: subBox(span.span, hit.rest, span.span.text.length) }],
          position: 'inline',
          line,
        },
      ]
    : [];
  const nextSpan = line.spans[span.index + 1];
  const right: ValueOption[] =
    nextSpan &&
    !labelSpans.has(`${line.key}:${nextSpan.index}`) &&
    x0(nextSpan.span) - x1(span.span) < MAX_RIGHT_GAP &&
    similarSize(nextSpan.span, span.span)
      ? [{ text: nextSpan.span.text, parts: [nextSpan.span], position: 'right', line }]
      : [];
  if (hint.position === 'block') {
    const max = (hint.maxLines ?? 4) + (hint.skipLines ?? 0);
    const below = linesBelow(hit, lines, labelSpans, max);
    const seq = [...inline, ...below].slice(hint.skipLines ?? 0, max);
    return seq.length > 0 ? [seq.map((o) => ({ ...o, position: 'block' as const }))] : [];
  }
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
  const below = () => linesBelow(hit, lines, labelSpans, 1).map((o) => [o]);
  if (hint.position === 'below') return [...below(), ...inline.map((o) => [o])];
  return [...inline.map((o) => [o]), ...right.map((o) => [o]), ...below()];
}

function joinBlock(texts: string[]): string {
  return texts
    .map((t) => t.trim().replace(/[,;]$/, ''))
    .filter(Boolean)
    .join(', ');
}

/** Scans the whole document for an enum value (e.g. the currency shown next to the amounts). */
function searchDocuments(hint: FieldHint, views: DocView[]): Found | null {
  if (!hint.values) return null;
  const counts = new Map<string, { n: number; first: Source }>();
  let order = 0;
  for (const view of views) {
    const synthetic = SYNTHETIC_GEOMETRY.has(view.doc.kind);
    for (const lines of view.pages) {
      for (const line of lines) {
        for (const s of line.spans) {
          for (const [value, synonyms] of Object.entries(hint.values)) {
            const words = [value, ...synonyms];
            const hit = words.find((w) => {
              if (/^[A-Z]{2,4}$/.test(w))
                return new RegExp(`(?<![A-Za-z])${w}(?![A-Za-z])`).test(s.span.text);
              if (/^[\p{L}\s.]+$/u.test(w)) {
                if (w.length < 4) return false;
                return new RegExp(`(?<!\\p{L})${w.replace(/\./g, '\\.')}(?!\\p{L})`, 'iu').test(s.span.text);
              }
              return s.span.text.includes(w);
            });
            if (!hit) continue;
            const c = counts.get(value);
            if (c) c.n++;
            else
              counts.set(value, {
                n: 1,
                first: {
                  document: view.index,
                  page: line.page,
                  bbox: synthetic ? null : s.span.bbox,
                  text: s.span.text,
                },
              });
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

function extractField(
  hint: FieldHint,
  hits: LabelHit[],
  views: DocView[],
  labelSpans: Set<string>,
): Found | null {
  let best: Found | null = null;
  let order = 0;
  for (const hit of hits) {
    const view = views[hit.line.doc];
    const synthetic = SYNTHETIC_GEOMETRY.has(view.doc.kind);
    for (const option of valueOptions(hit, hint, view, labelSpans)) {
      order++;
      const text = hint.position === 'block' ? joinBlock(option.map((o) => o.text)) : option[0].text;
      const parsed = parseValue(text, hint, view.ctx);
      if (!parsed) continue;
      const position = option[0].position;
      const score = POSITION_FACTOR[position] * parsed.clean;
      if (best && score <= best.score) continue;
      best = {
        value: parsed.value,
        score,
        order,
        source: {
          document: view.index,
          page: hit.line.page,
          bbox: synthetic ? null : union(option.flatMap((o) => o.parts.map((p) => p.bbox))),
          text,
        },
      };
      break; // Later options of the same label are worse by construction.
    }
  }
  return best;
}

/** The offline extractor: finds values by their labels on the positioned lines. */
export const ruleExtractor: Extractor = {
  async extract(documents: ReadDocument[], structure: StructureDefinition): Promise<ExtractionResult> {
    return extractWithRules(documents, structure);
  },
};

export function extractWithRules(
  documents: ReadDocument[],
  structure: StructureDefinition,
): ExtractionResult {
  const views = buildViews(documents);
  const data: Record<string, unknown> = {};
  const sources: Record<string, Source> = {};
  const confidence: Record<string, number> = {};
  const consumed = new Set<string>();

  for (const [rawPointer, tableHint] of Object.entries(structure.hints.tables ?? {})) {
    const pointer = normalizePointer(rawPointer);
    const table = extractTable(pointer, tableHint, views);
    for (const k of table.consumed) consumed.add(k);
    if (table.rows.length === 0) continue;
    setAtPointer(data, pointer, table.rows);
    Object.assign(sources, table.sources);
    Object.assign(confidence, table.confidence);
  }

  const fields = Object.entries(structure.hints.fields ?? {}).map(
    ([p, h]) => [normalizePointer(p), h, h.labels.map(labelRegExp)] as [string, FieldHint, RegExp[]],
  );
  const found0 = findLabels(views, fields, consumed);
  const hits = found0.hits;
  // Values never come from another field's label nor from a table's cells.
  const labelSpans = new Set([...found0.labelSpans, ...consumed]);
  for (const [pointer, hint] of fields) {
    let found = extractField(hint, hits.get(pointer) ?? [], views, labelSpans);
    if (!found && hint.searchDocument) found = searchDocuments(hint, views);
    if (!found && hint.fallback === 'first_line') {
      const first = views[0]?.pages[0]?.find((l) => l.spans.some((s) => /\p{L}/u.test(s.span.text)));
      if (first) {
        const span = first.spans.find((s) => /\p{L}/u.test(s.span.text))!;
        found = extractField(hint, [{ line: first, span, rest: 0 }], views, labelSpans);
        if (found) found.score *= 0.6;
      }
    }
    if (!found) continue;
    setAtPointer(data, pointer, found.value);
    sources[pointer] = found.source;
    confidence[pointer] = Math.round(found.score * 100) / 100;
  }
  return { data, sources, confidence };
}

export { foldString };
