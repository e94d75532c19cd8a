import type { ValidationErrorItem } from '@/lib/contract/schemas';
import type { FormNode } from '@/lib/review/form-model';
import { currentPointer, type FormValues, fromFormValues } from '@/lib/review/form-values';
import { emptyRequiredPointers } from '@/lib/review/required';

export interface FoundProblem {
  path: string;
  message: string;
  severity: 'error' | 'warning';
}

export const REQUIRED_MESSAGE = 'Required: it cannot be empty.';

/**
 * The problems of the form as it is now: the entry's errors moved with their rows (those of
 * removed rows are gone), required fields left empty, and what the last save attempt refused.
 */
export function findProblems(input: {
  errors: readonly ValidationErrorItem[] | null | undefined;
  saveFieldErrors: Record<string, string[]>;
  model: FormNode[];
  values: FormValues;
}): FoundProblem[] {
  const fromEntry: FoundProblem[] = [];
  for (const e of input.errors ?? []) {
    const path = currentPointer(e.path, input.values);
    if (path !== null) fromEntry.push({ path, message: e.message, severity: e.severity });
  }
  const flagged = new Set(fromEntry.map((e) => e.path));
  const required = emptyRequiredPointers(input.model, fromFormValues(input.values))
    .filter((path) => !flagged.has(path))
    .map((path) => ({ path, message: REQUIRED_MESSAGE, severity: 'error' as const }));
  const fromSave = Object.entries(input.saveFieldErrors).flatMap(([path, messages]) =>
    messages.map((message) => ({ path, message, severity: 'error' as const })),
  );
  return [...required, ...fromEntry, ...fromSave];
}
