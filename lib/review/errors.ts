import type { ValidationErrorItem } from '@/lib/contract/schemas';
import { type FormNode, formPointers } from '@/lib/review/form-model';

/** Errors grouped by the JSON Pointer they sit on, in their original order. */
export function entryErrorsByPointer(
  errors: readonly ValidationErrorItem[] | null | undefined,
): Map<string, ValidationErrorItem[]> {
  const map = new Map<string, ValidationErrorItem[]>();
  for (const error of errors ?? []) {
    const list = map.get(error.path);
    if (list) list.push(error);
    else map.set(error.path, [error]);
  }
  return map;
}

/**
 * Errors that no place in the form shows (whole-document errors, or paths the form lacks,
 * e.g. a row that no longer exists): the error summary must list them on their own.
 */
export function errorsOutsideFields(
  errors: readonly ValidationErrorItem[] | null | undefined,
  model: FormNode[],
  data: Record<string, unknown> = {},
): ValidationErrorItem[] {
  const shown = new Set(formPointers(model, data));
  return (errors ?? []).filter((e) => !shown.has(e.path));
}

/** Values are flagged below this confidence. */
export const LOW_CONFIDENCE = 0.7;

/** Pointers whose value was read with a confidence below `threshold`. */
export function lowConfidencePointers(
  confidence: Record<string, number> | null | undefined,
  threshold = LOW_CONFIDENCE,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const [pointer, c] of Object.entries(confidence ?? {})) if (c < threshold) out.set(pointer, c);
  return out;
}
