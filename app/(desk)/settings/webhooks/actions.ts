'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { action } from '@/lib/action';
import { getDb } from '@/lib/db/client';
import { deskWebhookEvents } from '@/lib/db/schema/desk-team';
import { recordAudit } from '@/lib/desk/audit';
import { replayDelivery } from '@/lib/desk/webhooks/deliver';
import { createEndpoint, deleteEndpoint, setEndpointActive } from '@/lib/desk/webhooks/endpoints';
import { UserFacingError } from '@/lib/user-facing-error';

const id = z.string().uuid('Unknown endpoint.');
const done = () => revalidatePath('/settings/webhooks');

/** Registers an endpoint; the secret (given or made) is in the result, once. */
export const createEndpointAction = action(
  'admin',
  z.object({
    url: z.string({ error: 'Enter the URL to call.' }),
    secret: z.string().optional(),
    events: z.preprocess(
      (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.enum(deskWebhookEvents, { error: 'Unknown event.' })),
    ),
  }),
  async (input, user) => {
    const { secret } = await createEndpoint(await getDb(), { ...input, actorId: user.id });
    done();
    return { secret };
  },
);

export const setEndpointActiveAction = action(
  'admin',
  z.object({ id, active: z.boolean() }),
  async (input, user) => {
    await setEndpointActive(await getDb(), input.id, input.active, user.id);
    done();
    return input;
  },
);

export const deleteEndpointAction = action('admin', z.object({ id }), async (input, user) => {
  await deleteEndpoint(await getDb(), input.id, user.id);
  done();
  return input;
});

export const replayDeliveryAction = action(
  'admin',
  z.object({ id: z.string().uuid('Unknown delivery.') }),
  async (input, user) => {
    const db = await getDb();
    if (!(await replayDelivery(db, input.id))) throw new UserFacingError('This delivery no longer exists.');
    await recordAudit(db, {
      actorId: user.id,
      action: 'webhook.replayed',
      targetType: 'webhook',
      targetId: input.id,
    });
    done();
    return input;
  },
);
