import 'server-only';
import { currentUser, type SessionUser } from '@/lib/auth';
import type { UserRole } from '@/lib/db/schema/desk';
import { ExtractionApiError } from '@/lib/extraction-api/errors';

/** The one result type of every server action. */
export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

export class ActionError extends Error {
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/**
 * Runs an action for a signed-in user with the role it needs. Server actions are public
 * endpoints: this check is in every one of them, whatever the page that shows the form.
 */
export async function withUser<T>(
  role: UserRole | 'any',
  run: (user: SessionUser) => Promise<T>,
): Promise<ActionResult<T>> {
  const user = await currentUser();
  if (!user) return { ok: false, message: 'Your session has ended. Sign in again.' };
  if (role === 'admin' && user.role !== 'admin') return { ok: false, message: 'Only admins may do this.' };
  try {
    return { ok: true, data: await run(user) };
  } catch (error) {
    if (error instanceof ActionError)
      return { ok: false, message: error.message, fieldErrors: error.fieldErrors };
    if (error instanceof ExtractionApiError) {
      return { ok: false, message: `The extraction service refused: ${error.message} (${error.code})` };
    }
    // Let Next.js redirects and not-found signals through.
    if (error && typeof error === 'object' && 'digest' in error) throw error;
    console.error('[desk] action failed', error);
    return { ok: false, message: 'Something went wrong on the server. Nothing was changed; try again.' };
  }
}
