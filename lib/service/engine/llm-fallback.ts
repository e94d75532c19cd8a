/**
 * The optional language model as a fallback: the rules go first; the model is asked only when a
 * field the structure names is missing or read with low confidence, and its values are kept only
 * where they can be found in the documents' text (that place becomes their `sources` entry, with
 * `method: "llm"`). A model that times out or answers nonsense leaves the rules' result as it was.
 */

import { getAt } from '@/lib/contract/validation/names';
import { LlmExtractionError } from './llm-extractor';
import { hintFor, holds } from './memory/anchors';
import { buildViews, type DocView, normalizePointer, setAtPointer, spanSource } from './rules/page-view';
import type { ExtractionResult, Extractor, ReadDocument, Source, StructureDefinition } from './types';

/** Below this, a rules value is worth a second opinion (the desk's review threshold). */
export const LLM_ASK_BELOW = 0.7;
/** A model's value found in the text: plausible, still for review. */
const LLM_CONFIDENCE = 0.6;

/** The first place a value is printed, as the field's type reads it. */
function locate(
  views: DocView[],
  structure: StructureDefinition,
  pointer: string,
  value: unknown,
): Source | null {
  const hint = hintFor(structure, pointer);
  if (!hint) return null;
  for (const view of views) {
    for (const lines of view.pages) {
      for (const line of lines) {
        for (const s of line.spans) {
          if (!holds(s.span.text, value, { ...hint, position: undefined }, view)) continue;
          return { ...spanSource(view, line, s), method: 'llm' };
        }
      }
    }
  }
  return null;
}

/** Fields worth asking about: missing from the rules' result or below the review threshold. */
export function weakFields(structure: StructureDefinition, ruled: ExtractionResult): string[] {
  return Object.keys(structure.hints.fields ?? {})
    .map(normalizePointer)
    .filter((p) => getAt(ruled.data, p) === undefined || (ruled.confidence[p] ?? 0) < LLM_ASK_BELOW);
}

export async function fillWithLlm(
  documents: ReadDocument[],
  structure: StructureDefinition,
  ruled: ExtractionResult,
  llm: Extractor,
  onError: (error: LlmExtractionError) => void = () => {},
): Promise<ExtractionResult> {
  const weak = weakFields(structure, ruled);
  if (weak.length === 0) return ruled;
  let answer: ExtractionResult;
  try {
    answer = await llm.extract(documents, structure);
  } catch (error) {
    if (!(error instanceof LlmExtractionError)) throw error;
    onError(error);
    return ruled;
  }
  const views = buildViews(documents);
  const out: ExtractionResult = {
    data: structuredClone(ruled.data),
    sources: { ...ruled.sources },
    confidence: { ...ruled.confidence },
  };
  for (const pointer of weak) {
    const value = getAt(answer.data, pointer);
    if (value === undefined || value === null || typeof value === 'object') continue;
    if (value === getAt(ruled.data, pointer)) continue;
    // Never invent: a value the documents do not show is dropped.
    const source = locate(views, structure, pointer, value);
    if (!source) continue;
    setAtPointer(out.data, pointer, value);
    out.sources[pointer] = source;
    out.confidence[pointer] = LLM_CONFIDENCE;
  }
  return out;
}
