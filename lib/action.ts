import { errorMessage, log } from '@/lib/log';
import 'server-only';
import { z } from 'zod';
import { currentUser, type SessionUser } from '@/lib/auth';
import type { UserRole } from '@/lib/db/schema/desk';
import { ExtractionApiError } from '@/lib/extraction-api/errors';
import { UserFacingError } from '@/lib/user-facing-error';

/** The one result type of every server action (and of the routes the desk's forms post to). */
export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

/**
 * A form's fields as an object for zod: strings as typed, files as `File`, a repeated field as
 * an array. A field the form did not send is absent, so the schema's own message applies.
 */
function formObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/** A zod failure as the form shows it: one message, and the messages of each field. */
function invalidInput(error: z.ZodError): ActionResult<never> {
  const { formErrors, fieldErrors } = z.flattenError(error);
  const message = formErrors[0] ?? (error.issues.length === 1 ? error.issues[0].message : null);
  return {
    ok: false,
    message: message ?? 'Check the highlighted fields.',
    fieldErrors: fieldErrors as Record<string, string[]>,
  };
}

/**
 * Every server action is made with this. Server actions are public endpoints, so each checks
 * here, whatever page shows its form: a signed-in user (whose role the database confirms — see
 * `currentUser`) with the role it needs, then its input against a zod schema — an object, or
 * the `FormData` of a form (also as `useActionState`'s second argument). `UserFacingError`s
 * become the result's message and field errors; a refusal of the extraction service says so;
 * anything else is logged and answered with a generic message.
 */
export function action<S extends z.ZodType, T>(
  role: UserRole | 'any',
  schema: S,
  run: (input: z.output<S>, user: SessionUser) => Promise<T>,
) {
  return async (input: z.input<S> | FormData, form?: FormData): Promise<ActionResult<T>> => {
    const user = await currentUser();
    if (!user) return { ok: false, message: 'Your session has ended. Sign in again.' };
    if (role === 'admin' && user.role !== 'admin') return { ok: false, message: 'Only admins may do this.' };
    const raw = form instanceof FormData ? form : input;
    const parsed = schema.safeParse(raw instanceof FormData ? formObject(raw) : raw);
    if (!parsed.success) return invalidInput(parsed.error);
    try {
      return { ok: true, data: await run(parsed.data, user) };
    } catch (error) {
      if (error instanceof UserFacingError)
        return { ok: false, message: error.message, fieldErrors: error.fieldErrors };
      if (error instanceof ExtractionApiError) {
        return { ok: false, message: `The extraction service refused: ${error.message} (${error.code})` };
      }
      // Let Next.js redirects and not-found signals through.
      if (error && typeof error === 'object' && 'digest' in error) throw error;
      log().error({ error: errorMessage(error) }, 'action failed');
      return { ok: false, message: 'Something went wrong on the server. Nothing was changed; try again.' };
    }
  };
}
