import 'server-only';
import { z } from 'zod';
import { ActionError } from '@/lib/desk/action';
import { AdminInputError } from '@/lib/service/admin/form-input';

/** The named fields of a submitted form as strings ('' when missing; a file is not a field here). */
export function formFields<K extends string>(form: FormData, keys: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const key of keys) {
    const value = form.get(key);
    values[key] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** Validates with a shared zod schema; a bad input becomes field errors the form shows. */
export function parseForm<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const { fieldErrors, formErrors } = z.flattenError(parsed.error);
    throw new ActionError(
      formErrors[0] ?? 'Check the highlighted fields.',
      fieldErrors as Record<string, string[]>,
    );
  }
  return parsed.data;
}

/** Runs a data-access call; its input errors reach the form as the action's message and field errors. */
export async function adminCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AdminInputError) throw new ActionError(error.message, error.fieldErrors);
    throw error;
  }
}
