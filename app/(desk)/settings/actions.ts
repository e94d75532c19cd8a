'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { ActionError, withUser } from '@/lib/desk/action';
import { setSendingPaused } from '@/lib/desk/outbox';
import { currentRole } from './users/roles';

/**
 * Pauses or resumes sending corrections to the extraction service. While paused, saves are
 * kept in the outbox exactly as when the service is down (for a maintenance window, or to
 * rehearse an outage); resuming sends them at once.
 */
export async function setSendingPausedAction(input: { paused: boolean }) {
  return withUser('admin', async (admin) => {
    const paused = z.boolean().safeParse(input?.paused);
    if (!paused.success) throw new ActionError('Invalid setting.');
    const db = await getDb();
    if ((await currentRole(db, admin.id)) !== 'admin') throw new ActionError('Only admins may do this.');
    await setSendingPaused(db, paused.data);
    revalidatePath('/settings');
    return { paused: paused.data };
  });
}
