/**
 * The offline rule extractor: tables first (their cells are nobody's label or value), then each
 * field by its labels, then what documents show without labels (issuer letterheads, currency).
 * Modules under `rules/` do the parts; this file puts them in order.
 */

import { extractField, findLabels, searchDocuments } from './rules/fields';
import { extractTable } from './rules/tables';
import { buildViews, normalizePointer, setAtPointer } from './rules/views';
import { foldString, labelRegExp } from './text-match';
import type {
  ExtractionResult,
  Extractor,
  FieldHint,
  ReadDocument,
  Source,
  StructureDefinition,
} from './types';

export { parseValue } from './rules/values';
export { normalizePointer, setAtPointer } from './rules/views';

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
