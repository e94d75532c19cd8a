import type { ValidationErrorItem } from '@/lib/contract/schemas';
import { VALIDATION_CODES } from '@/lib/contract/validation/codes';
import type { FormNode } from '@/lib/review/form-model';
import { currentPointer, type FormValues, fromFormValues } from '@/lib/review/form-values';
import { emptyRequiredPointers } from '@/lib/review/required';

export interface FoundProblem {
  path: string;
  message: string;
  severity: 'error' | 'warning';
}

export const REQUIRED_MESSAGE = 'Required: it cannot be empty.';
const SAID_BY_REQUIRED = new Set(['REQUIRED_FIELD', 'TYPE', 'LENGTH']);

/** Validation of the data as it is now, with the service's rules (null: the schema is not known). */
export type LiveValidator = (data: Record<string, unknown>) => ValidationErrorItem[];

/**
 * The problems of the form as it is now: with live validation, the schema's and rules' errors
 * of the edited values (and the service's other errors); without, the entry's errors moved
 * with their rows (those of removed rows are gone). Then required fields left empty, and what
 * the last save attempt refused.
 */
export function findProblems(input: {
  errors: readonly ValidationErrorItem[] | null | undefined;
  saveFieldErrors: Record<string, string[]>;
  model: FormNode[];
  values: FormValues;
  live?: LiveValidator | null;
}): FoundProblem[] {
  const data = fromFormValues(input.values);
  const found: (FoundProblem & { code: string })[] = [];
  for (const e of input.errors ?? []) {
    // What the browser checks itself, it reports from the values as typed.
    if (input.live && VALIDATION_CODES.has(e.code)) continue;
    const path = currentPointer(e.path, input.values);
    if (path !== null) found.push({ path, code: e.code, message: e.message, severity: e.severity });
  }
  if (input.live) for (const e of input.live(data)) found.push(e);
  // An empty required field says so in plain words, instead of "must be a string" or "must NOT
  // have fewer than 1 characters".
  const empty = new Set(emptyRequiredPointers(input.model, data));
  const required = [...empty].map((path) => ({
    path,
    message: REQUIRED_MESSAGE,
    severity: 'error' as const,
  }));
  const others = found
    .filter((e) => !(empty.has(e.path) && SAID_BY_REQUIRED.has(e.code)))
    .map(({ path, message, severity }) => ({ path, message, severity }));
  const fromSave = Object.entries(input.saveFieldErrors).flatMap(([path, messages]) =>
    messages.map((message) => ({ path, message, severity: 'error' as const })),
  );
  return [...required, ...others, ...fromSave];
}
