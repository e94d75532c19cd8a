'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { action } from '@/lib/action';
import { getDb } from '@/lib/db/client';
import { recordAudit } from '@/lib/desk/audit';
import { setSendingPaused } from '@/lib/desk/outbox';

/**
 * Pauses or resumes sending corrections to the extraction service. While paused, saves are
 * kept in the outbox exactly as when the service is down (for a maintenance window, or to
 * rehearse an outage); resuming sends them at once.
 */
export const setSendingPausedAction = action(
  'admin',
  z.object({ paused: z.boolean({ error: 'Invalid setting.' }) }),
  async ({ paused }, user) => {
    const db = await getDb();
    await setSendingPaused(db, paused);
    await recordAudit(db, {
      actorId: user.id,
      action: paused ? 'setting.sending_paused' : 'setting.sending_resumed',
      targetType: 'setting',
      targetId: 'outbox.paused',
    });
    revalidatePath('/settings');
    return { paused };
  },
);
