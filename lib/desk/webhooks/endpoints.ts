import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import {
  type DeskWebhookEvent,
  deskWebhookEvents,
  webhookEndpoints,
  webhookOutbox,
  webhookOutboxAttempts,
} from '@/lib/db/schema/desk-team';
import { recordAudit } from '@/lib/desk/audit';
import { env } from '@/lib/env';
import { isAllowListed, isPublicUnicast, normaliseHost, parseAllowHosts } from '@/lib/net/address-policy';
import { UserFacingError } from '@/lib/user-facing-error';

/** Endpoints that hear the desk's events, and the list of what was sent to them. */

export class WebhookEndpointError extends UserFacingError {}

const refuse = (field: string, message: string): never => {
  throw new WebhookEndpointError(message, { [field]: [message] });
};

/**
 * What can be known of a URL before sending: http(s), no credentials, and not a private address
 * literal unless allow-listed. Names are resolved, and checked again, at every delivery
 * (lib/net/safe-fetch.ts), so a name that later points inside is refused then.
 */
export function checkEndpointUrl(
  raw: string,
  allowHosts: readonly string[] = parseAllowHosts(env().EMEND_WEBHOOK_ALLOW_HOSTS),
): string {
  const text = raw.trim();
  if (text.length > 2048) refuse('url', 'Keep the URL under 2,048 characters.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('url', 'Enter a full URL, such as https://example.com/hooks/emend.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    refuse('url', 'The URL must start with https:// or http://.');
  if (url.username || url.password)
    refuse('url', 'Put no user name or password in the URL; the signature authenticates the desk.');
  const host = normaliseHost(url.hostname);
  const literal = net.isIP(host) !== 0;
  const local = host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal');
  if (
    (local || (literal && !isPublicUnicast(host))) &&
    !isAllowListed(host, allowHosts, url.port || undefined)
  )
    refuse(
      'url',
      `${host} is a private address: the desk only calls public addresses (see EMEND_WEBHOOK_ALLOW_HOSTS).`,
    );
  return url.toString();
}

export interface EndpointDto {
  id: string;
  url: string;
  events: DeskWebhookEvent[];
  active: boolean;
  createdAt: Date;
  pending: number;
  failed: number;
}

export async function createEndpoint(
  db: Db,
  input: {
    url: string;
    secret?: string | null;
    events: string[];
    actorId: string | null;
    /** Default: EMEND_WEBHOOK_ALLOW_HOSTS. */
    allowHosts?: readonly string[];
  },
): Promise<{ id: string; secret: string }> {
  const url = checkEndpointUrl(input.url, input.allowHosts);
  const events = [...new Set(input.events)];
  if (events.length === 0) refuse('events', 'Choose at least one event.');
  for (const e of events)
    if (!(deskWebhookEvents as readonly string[]).includes(e)) refuse('events', `Unknown event "${e}".`);
  const given = input.secret?.trim() ?? '';
  if (given && (given.length < 16 || given.length > 200))
    refuse('secret', 'A secret needs 16 to 200 characters (or leave it empty to have one made).');
  const secret = given || `whsec_${randomBytes(24).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ url, secret, events, createdBy: input.actorId })
      .returning({ id: webhookEndpoints.id });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'webhook.created',
      targetType: 'webhook',
      targetId: row.id,
      details: { url, events },
    });
    return { id: row.id, secret };
  });
}

export async function setEndpointActive(
  db: Db,
  id: string,
  active: boolean,
  actorId: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(webhookEndpoints)
      .set({ active })
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id });
    if (rows.length === 0) throw new WebhookEndpointError('This endpoint no longer exists.');
    await recordAudit(tx, {
      actorId,
      action: active ? 'webhook.enabled' : 'webhook.disabled',
      targetType: 'webhook',
      targetId: id,
    });
  });
}

/** Deletes an endpoint with its queued and past deliveries. */
export async function deleteEndpoint(db: Db, id: string, actorId: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning({ url: webhookEndpoints.url });
    if (rows.length === 0) throw new WebhookEndpointError('This endpoint no longer exists.');
    await recordAudit(tx, {
      actorId,
      action: 'webhook.deleted',
      targetType: 'webhook',
      targetId: id,
      details: { url: rows[0].url },
    });
  });
}

export async function listEndpoints(db: Db): Promise<EndpointDto[]> {
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      events: webhookEndpoints.events,
      active: webhookEndpoints.active,
      createdAt: webhookEndpoints.createdAt,
      pending: sql<number>`(select count(*)::int from ${webhookOutbox} o where o.endpoint_id = ${webhookEndpoints.id} and o.state = 'pending')`,
      failed: sql<number>`(select count(*)::int from ${webhookOutbox} o where o.endpoint_id = ${webhookEndpoints.id} and o.state = 'failed')`,
    })
    .from(webhookEndpoints)
    .orderBy(webhookEndpoints.createdAt);
  return rows.map((r) => ({ ...r, events: r.events as DeskWebhookEvent[] }));
}

export interface DeliveryDto {
  id: string;
  endpointId: string;
  event: string;
  state: string;
  attempts: number;
  httpStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  nextAttemptAt: Date;
  tries: {
    attempt: number;
    httpStatus: number | null;
    error: string | null;
    durationMs: number;
    createdAt: Date;
  }[];
}

/** The newest deliveries, with every attempt of each. */
export async function listDeliveries(
  db: Db,
  options: { endpointId?: string; limit?: number } = {},
): Promise<DeliveryDto[]> {
  const rows = await db
    .select()
    .from(webhookOutbox)
    .where(options.endpointId ? eq(webhookOutbox.endpointId, options.endpointId) : undefined)
    .orderBy(desc(webhookOutbox.createdAt), desc(webhookOutbox.id))
    .limit(Math.min(options.limit ?? 50, 500));
  const tries = rows.length
    ? await db
        .select()
        .from(webhookOutboxAttempts)
        .where(
          inArray(
            webhookOutboxAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(webhookOutboxAttempts.attempt)
    : [];
  return rows.map((r) => ({
    id: r.id,
    endpointId: r.endpointId,
    event: r.event,
    state: r.state,
    attempts: r.attempts,
    httpStatus: r.httpStatus,
    lastError: r.lastError,
    createdAt: r.createdAt,
    deliveredAt: r.deliveredAt,
    nextAttemptAt: r.nextAttemptAt,
    tries: tries
      .filter((t) => t.deliveryId === r.id)
      .map((t) => ({
        attempt: t.attempt,
        httpStatus: t.httpStatus,
        error: t.error,
        durationMs: t.durationMs,
        createdAt: t.createdAt,
      })),
  }));
}
