/**
 * Learning a table from its corrected rows: which caption heads each column (the issuer's own
 * wording, "Aant." or "Stk." or "Rate"), found where the corrected values of the first row are
 * printed; and reading the next document's table with those captions before the structure's own.
 */
import { buildViews, type LineRef, normalizePointer, x0, x1 } from '../rules/page-view';
import { extractTable, type TableOutcome } from '../rules/tables';
import { foldString } from '../text-match';
import type { FieldHint, ReadDocument, StructureDefinition, TableHint } from '../types';
import { holds } from './holds';

export const tableHintFor = (structure: StructureDefinition, pointer: string): TableHint | undefined =>
  Object.entries(structure.hints.tables ?? {}).find(([p]) => normalizePointer(p) === pointer)?.[1];

const hasDigit = (l: LineRef) => l.spans.some((s) => /\d/.test(s.span.text));

/**
 * The caption over each column of the corrected `rows`, or null when the document does not show
 * their first row under a header. Only captions that read the rows back are kept.
 */
export function learnColumns(
  documents: ReadDocument[],
  structure: StructureDefinition,
  pointer: string,
  rows: Record<string, unknown>[],
): Record<string, string> | null {
  const hint = tableHintFor(structure, pointer);
  const first = rows[0];
  if (!hint || !first || typeof first !== 'object') return null;
  const cells = Object.entries(first).filter(([key, v]) => hint.columns[key] && v !== null && v !== '');
  if (cells.length < 2) return null;
  for (const view of buildViews(documents)) {
    for (const lines of view.pages) {
      for (const line of lines) {
        // The first row's line: it shows at least two of its corrected cells, each in its own span
        // (equal values, a unit price and the amount of one unit, take the spans left to right).
        const placed = new Map<string, [number, number]>();
        const taken = new Set<number>();
        for (const [key, value] of cells) {
          const span = line.spans.find(
            (s) => !taken.has(s.index) && holds(s.span.text, value, columnHint(hint, key), view),
          );
          if (!span) continue;
          taken.add(span.index);
          placed.set(key, [x0(span.span), x1(span.span)]);
        }
        if (placed.size < 2) continue;
        const header = lines
          .slice(Math.max(0, line.index - 6), line.index)
          .reverse()
          .find((l) => l.spans.length >= 2 && !hasDigit(l));
        if (!header) continue;
        const captions: Record<string, string> = {};
        for (const [key, [a, b]] of placed) {
          const over = header.spans
            .map((s) => ({ s, overlap: Math.min(b, x1(s.span)) - Math.max(a, x0(s.span)) }))
            .sort((p, q) => q.overlap - p.overlap)[0];
          if (over && over.overlap > -0.02) captions[key] = over.s.span.text.replace(/[\s:]+$/, '');
        }
        if (Object.keys(captions).length < 2) continue;
        const back = readColumns(documents, structure, pointer, captions);
        if (back && back.rows.length > 0) return captions;
      }
    }
  }
  return null;
}

function columnHint(hint: TableHint, key: string): FieldHint {
  return { ...hint.columns[key], position: undefined };
}

/**
 * The table read with learned captions first: each column's own caption heads its labels, and no
 * other column may claim it ("Unit" taught as the unit column is no longer a unit price).
 */
export function readColumns(
  documents: ReadDocument[],
  structure: StructureDefinition,
  pointer: string,
  captions: Record<string, string>,
): TableOutcome | null {
  const hint = tableHintFor(structure, pointer);
  if (!hint) return null;
  const taught = new Set(Object.values(captions).map(foldString));
  const columns: Record<string, FieldHint> = {};
  for (const [key, h] of Object.entries(hint.columns)) {
    const own = captions[key];
    columns[key] = {
      ...h,
      labels: [...(own ? [own] : []), ...h.labels.filter((l) => !taught.has(foldString(l)))],
    };
  }
  const outcome = extractTable(pointer, { ...hint, columns }, buildViews(documents));
  return outcome.rows.length > 0 ? outcome : null;
}

type Row = Record<string, unknown>;

/** A line item's count and unit price make its amount. */
const makesAmount = (r: Row) =>
  typeof r.quantity === 'number' &&
  typeof r.unit_price === 'number' &&
  typeof r.amount === 'number' &&
  Math.abs(r.quantity * r.unit_price - r.amount) < 0.011;

/**
 * One table read twice, by the rules and at its learned columns: when both have the same rows
 * (as many, each with the same amount), the learned cells, except the columns the rules read right
 * on the corrected document (`ruledRight`), a count and unit price the rules read that make the
 * amount where the learned ones do not (a count the rules found in the item, "2x Cappuccino"), and
 * an item the rules read whole where the learned one is a part of it (a wrapped line). Null when
 * the readings differ in their rows: then the learned one stands.
 */
export function combineReadings(ruled: unknown, learned: Row[], ruledRight: string[] = []): Row[] | null {
  if (!Array.isArray(ruled) || ruled.length !== learned.length) return null;
  if (!ruled.every((r, i) => (r as Row)?.amount === learned[i].amount)) return null;
  return learned.map((row, i) => {
    const rule = ruled[i] as Row;
    const out = { ...rule, ...row };
    for (const key of ruledRight) if (rule[key] !== undefined && rule[key] !== null) out[key] = rule[key];
    if (makesAmount(rule) && !makesAmount(row))
      Object.assign(out, { quantity: rule.quantity, unit_price: rule.unit_price });
    const d = rule.description;
    if (typeof d === 'string' && typeof row.description === 'string' && d.includes(row.description))
      out.description = d;
    return out;
  });
}
