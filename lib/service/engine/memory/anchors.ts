/**
 * Learning from corrections, the engine's half: where a corrected value sits in its document
 * (an anchor: the label next to it and on which side, or its box when it has no label), and
 * reading the value at the same anchor in the next document of that issuer. Pure functions: the
 * service stores anchors per account, tenant, structure and issuer (`lib/service/learning`).
 */

import { getAt } from '@/lib/contract/validation/names';
import { extractField, findLabels } from '../rules/fields';
import {
  buildViews,
  type DocView,
  type LineRef,
  normalizePointer,
  SYNTHETIC_GEOMETRY,
  setAtPointer,
  union,
} from '../rules/page-view';
import { parseValue } from '../rules/values';
import { labelRegExp } from '../text-match';
import type { BBox, ExtractionResult, FieldHint, ReadDocument, StructureDefinition } from '../types';
import { readColumns } from './columns';
import { holds, norm } from './holds';

export { holds } from './holds';

export type Anchor = (
  | { kind: 'label'; label: string; position: 'inline' | 'right' | 'below' | 'above'; lines?: number }
  | { kind: 'box'; page: number; bbox: BBox; lines?: number }
  /**
   * A table: the caption over each of its columns (column key → caption), and the columns the
   * rules had read right on the corrected document (their cells stay the rules' where both
   * readings find the same rows).
   */
  | { kind: 'columns'; captions: Record<string, string>; ruled?: string[] }
) & {
  /** Taught by a value the reviewer confirmed rather than corrected: used only where the rules are unsure. */
  confirmed?: boolean;
  /** The value is all the text printed there, though the field's pattern would cut it ("FT 2024 9089"). */
  verbatim?: boolean;
};

export interface LearnedField {
  pointer: string;
  anchor: Anchor;
}

/** Confidence of a value read at a learned anchor: a person showed where it is. */
export const LEARNED_CONFIDENCE = 0.95;

export const hintFor = (structure: StructureDefinition, pointer: string): FieldHint | undefined =>
  Object.entries(structure.hints.fields ?? {}).find(([p]) => normalizePointer(p) === pointer)?.[1];

/**
 * Text that can serve as a label: short, with letters, not itself a value of the field, nor part of
 * the document's other values (an address line under a name changes with the next customer).
 */
function labelLike(
  text: string,
  value: unknown,
  hint: FieldHint,
  view: DocView,
  content: string[],
): string | null {
  const t = text.replace(/[\s:：#=\-–]+$/, '').trim();
  if (t.length < 2 || t.length > 40 || !/\p{L}{2,}/u.test(t)) return null;
  if (holds(t, value, hint, view)) return null;
  const n = norm(t);
  if (content.some((c) => c.includes(n))) return null;
  return t;
}

function spanInColumn(line: LineRef | undefined, x0: number, x1: number) {
  return line?.spans.find((s) => {
    const b = s.span.bbox;
    return b && b[0] < x1 + 0.01 && b[0] + b[2] > x0 - 0.01;
  });
}

/**
 * Where `value` (the corrected value of `pointer`) is printed: the first place it is found,
 * described by its label when one is next to it, else by its box. Null when the document does not
 * show the value (a typo fixed by hand teaches nothing) or the field is not one the rules read.
 */
export function learnAnchor(
  documents: ReadDocument[],
  structure: StructureDefinition,
  pointer: string,
  value: unknown,
  /** The document's other values as corrected (customer, addresses…): never taken for labels. */
  content: unknown[] = [],
): Anchor | null {
  const hint = hintFor(structure, pointer);
  if (!hint || value === null || value === undefined || typeof value === 'object') return null;
  // Only an anchor that reads the value back from this very document is kept; a text the field's
  // pattern cuts short is read whole there when the reviewer's value is the whole of it.
  const readsBack = (anchor: Anchor) => {
    const got = getAt(readAtAnchors(documents, structure, [{ pointer, anchor }]).data, pointer);
    return typeof value === 'number'
      ? typeof got === 'number' && Math.abs(got - value) < 0.005
      : norm(String(got ?? '')) === norm(String(value));
  };
  const others = content.filter((c): c is string => typeof c === 'string' && c !== value).map(norm);
  const candidates = [...candidateAnchors(documents, hint, value, others)];
  const patterned = hint.type === 'string' && !!hint.pattern;
  const tries = patterned
    ? [...candidates, ...candidates.map((a) => ({ ...a, verbatim: true }))]
    : candidates;
  return tries.find(readsBack) ?? null;
}

/** Every way the value's places can be described, best first: its label (inline, left, above, under), its box. */
function* candidateAnchors(
  documents: ReadDocument[],
  hint: FieldHint,
  value: unknown,
  content: string[],
): Generator<Anchor> {
  const views = buildViews(documents);
  const block = hint.position === 'block' && typeof value === 'string';
  const parts = block ? (value as string).split(/,\s+/) : [value];
  // Totals come after the items they sum: an amount is anchored where it is printed last.
  const lastFirst = hint.type === 'money';
  const order = <T>(xs: T[]) => (lastFirst ? [...xs].reverse() : xs);
  for (const view of order(views)) {
    for (const lines of order(view.pages)) {
      for (const line of order(lines)) {
        for (const s of order(line.spans)) {
          if (!holds(s.span.text, parts[0], { ...hint, position: undefined }, view)) continue;
          const lineCount = block ? linesCovering(lines, line, parts) : undefined;
          if (block && lineCount === null) continue;
          const extra = lineCount ? { lines: lineCount } : {};
          // Label in the same span ("Invoice no: 4711").
          const at = norm(s.span.text).indexOf(norm(String(parts[0])));
          if (at > 0) {
            const label = labelLike(s.span.text.slice(0, at), value, hint, view, content);
            if (label) yield { kind: 'label', label, position: 'inline', ...extra };
          }
          const prev = line.spans[s.index - 1];
          const left = prev && labelLike(prev.span.text, value, hint, view, content);
          if (left) yield { kind: 'label', label: left, position: 'right', ...extra };
          const b = s.span.bbox;
          if (b && !block) {
            const above = spanInColumn(lines[line.index - 1], b[0], b[0] + b[2]);
            const aboveLabel = above && labelLike(above.span.text, value, hint, view, content);
            if (aboveLabel) yield { kind: 'label', label: aboveLabel, position: 'below' };
            const below = spanInColumn(lines[line.index + 1], b[0], b[0] + b[2]);
            const belowLabel = below && labelLike(below.span.text, value, hint, view, content);
            if (belowLabel) yield { kind: 'label', label: belowLabel, position: 'above' };
          }
          if (b) yield { kind: 'box', page: line.page, bbox: b, ...extra };
        }
      }
    }
  }
}

/** How many lines from `line` on hold the parts of a block value ("street, city"), or null. */
function linesCovering(lines: LineRef[], line: LineRef, parts: unknown[]): number | null {
  const text = lines
    .slice(line.index, line.index + 6)
    .map((l) => norm(l.line.text))
    .join(' ');
  if (!parts.every((p) => text.includes(norm(String(p))))) return null;
  let n = 1;
  const last = norm(String(parts[parts.length - 1]));
  while (n < 6 && !lines.slice(line.index, line.index + n).some((l) => norm(l.line.text).includes(last))) n++;
  return n;
}

/** Reads the learned fields of a document at their anchors; what cannot be read there is left out. */
export function readAtAnchors(
  documents: ReadDocument[],
  structure: StructureDefinition,
  learned: LearnedField[],
): ExtractionResult {
  const views = buildViews(documents);
  const out: ExtractionResult = { data: {}, sources: {}, confidence: {} };
  for (const { pointer, anchor } of learned) {
    if (anchor.kind === 'columns') {
      const table = readColumns(documents, structure, pointer, anchor.captions);
      if (!table) continue;
      setAtPointer(out.data, pointer, table.rows);
      for (const [p, source] of Object.entries(table.sources))
        out.sources[p] = { ...source, method: 'learned' };
      for (const p of Object.keys(table.sources)) out.confidence[p] = LEARNED_CONFIDENCE;
      continue;
    }
    const base = hintFor(structure, pointer);
    if (!base) continue;
    const hint: FieldHint = {
      ...base,
      searchDocument: false,
      fallback: undefined,
      skipLines: 0,
      ...(anchor.lines ? { position: 'block', maxLines: anchor.lines } : {}),
      ...(anchor.verbatim ? { pattern: undefined } : {}),
    };
    const found = anchor.kind === 'label' ? atLabel(views, hint, anchor) : atBox(views, hint, anchor);
    if (!found) continue;
    setAtPointer(out.data, pointer, found.value);
    out.sources[pointer] = { ...found.source, method: 'learned' };
    out.confidence[pointer] = LEARNED_CONFIDENCE;
  }
  return out;
}

function atLabel(views: DocView[], base: FieldHint, anchor: Extract<Anchor, { kind: 'label' }>) {
  const hint: FieldHint = {
    ...base,
    labels: [anchor.label],
    position: base.position === 'block' ? 'block' : anchor.position === 'inline' ? 'right' : anchor.position,
  };
  const { hits, labelSpans } = findLabels(views, [['/', hint, [labelRegExp(anchor.label)]]], new Set());
  return extractField(hint, hits.get('/') ?? [], views, labelSpans);
}

function atBox(views: DocView[], hint: FieldHint, anchor: Extract<Anchor, { kind: 'box' }>) {
  const view = views[0];
  const lines = view?.pages[anchor.page - 1];
  if (!lines) return null;
  const [bx, by, bw, bh] = anchor.bbox;
  // The line nearest the remembered place, within two line heights (a neighbour line is not it).
  const distance = (l: LineRef) => Math.abs((l.line.bbox?.[1] ?? -1) - by);
  const first = lines
    .filter((l) => distance(l) <= Math.max(2 * bh, 0.01))
    .sort((a, b) => distance(a) - distance(b))[0];
  if (!first) return null;
  const picked = (l: LineRef) =>
    l.spans.filter((s) => {
      const b = s.span.bbox;
      return b && b[0] < bx + bw + 0.01 && b[0] + b[2] > bx - 0.01;
    });
  const count = anchor.lines ?? 1;
  const chosen = lines.slice(first.index, first.index + count).map(picked);
  const text = chosen.map((spans) => spans.map((s) => s.span.text).join(' ')).filter(Boolean);
  if (text.length === 0) return null;
  const parsed = parseValue(count > 1 ? text.join(', ') : text[0], hint, view.ctx);
  if (!parsed) return null;
  const parts = chosen.flat();
  return {
    value: parsed.value,
    source: {
      document: view.index,
      page: anchor.page,
      bbox: SYNTHETIC_GEOMETRY.has(view.doc.kind) ? null : union(parts.map((s) => s.span.bbox)),
      text: text.join(', '),
    },
  };
}
