import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { settings } from '@/lib/db/schema/desk';
import { env } from '@/lib/env';

// Where the service calls this desk back, and the secret it signs those calls with.

/** Settings key of the secret the service signs this desk's webhooks with. Never sent to a page. */
export const WEBHOOK_SECRET_SETTING = 'webhook_secret';

/**
 * The desk's webhook secret: made once (32 random bytes) and kept in the settings. Several
 * servers starting together agree on one: the first insert wins, the others read it back.
 */
export async function webhookSecret(db: Db): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, WEBHOOK_SECRET_SETTING));
  if (typeof row?.value === 'string' && row.value) return row.value;
  await db
    .insert(settings)
    .values({ key: WEBHOOK_SECRET_SETTING, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [made] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, WEBHOOK_SECRET_SETTING));
  return made.value as string;
}

/** This desk as the service sees it (EMEND_PUBLIC_URL, else loopback on this server's port). */
export function deskPublicUrl(): string {
  return (env().EMEND_PUBLIC_URL ?? `http://127.0.0.1:${env().PORT}`).replace(/\/+$/, '');
}

/**
 * Where the service sends this desk's events. With webhooks switched off for a run, an
 * address of this desk that always refuses them: the service records the failures (they show
 * on the run page) and the reconciler's polling carries the run to its end.
 */
export function webhookUrl(enabled = true): string {
  return `${deskPublicUrl()}/api/webhooks/extraction${enabled ? '' : '/off'}`;
}
