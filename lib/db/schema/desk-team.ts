// The team's tables of the desk schema: API tokens, the audit log, the desk's own webhooks,
// routing rules and claims. Kept apart from lib/db/schema/desk.ts so each file stays readable.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampTz, updatedAt } from './columns';
import { desk, entries, users } from './desk';

/**
 * Personal API tokens for the desk API (`/api/v1`). Only a SHA-256 of the token is kept (it is
 * 256 random bits, so a slow hash adds nothing); the token itself is shown once.
 */
export const apiTokens = desk.table(
  'api_tokens',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters of the token, so its owner can tell tokens apart. */
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestampTz('last_used_at'),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [
    uniqueIndex('desk_api_tokens_hash_idx').on(t.tokenHash),
    index('desk_api_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Who did what to which entry, run, user or setting, and when: one row per action, written by
 * `recordAudit` in the same transaction as the change it describes.
 */
export const auditLog = desk.table(
  'audit_log',
  {
    id: idColumn(),
    at: timestampTz('at').notNull().defaultNow(),
    /** The user, or null for the system (routing, workers). */
    actorId: uuid('actor_id'),
    /** Email at the time, `system`, or `token:<name> (<email>)`: readable after a user is gone. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details'),
  },
  (t) => [
    index('desk_audit_at_idx').on(t.at, t.id),
    index('desk_audit_target_idx').on(t.targetType, t.targetId, t.at),
    index('desk_audit_actor_idx').on(t.actorId, t.at),
  ],
);

export const deskWebhookEvents = [
  'entry.approved',
  'entry.rejected',
  'entry.corrected',
  'run.completed',
] as const;
export type DeskWebhookEvent = (typeof deskWebhookEvents)[number];

/** Endpoints an admin registered to hear about the desk's events, signed with their secret. */
export const webhookEndpoints = desk.table('webhook_endpoints', {
  id: idColumn(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  events: text('events').array().notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const deliveryStates = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/**
 * One event for one endpoint: a durable queue row, written in the transaction of the change it
 * reports, so an approval is never without its delivery. Its id is the stable delivery id the
 * receiver dedupes on; `body` holds the exact bytes sent on every attempt. A lease keeps several
 * servers from sending the same row at once.
 */
export const webhookOutbox = desk.table(
  'webhook_outbox',
  {
    id: idColumn(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    entryId: uuid('entry_id'),
    runId: uuid('run_id'),
    body: text('body').notNull(),
    state: text('state', { enum: deliveryStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    httpStatus: integer('http_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    leasedUntil: timestampTz('leased_until'),
    createdAt: createdAt(),
    deliveredAt: timestampTz('delivered_at'),
  },
  (t) => [
    index('desk_webhook_outbox_due_idx').on(t.nextAttemptAt).where(sql`state = 'pending'`),
    index('desk_webhook_outbox_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** Every POST of a delivery: status, error and time, for the deliveries list. */
export const webhookOutboxAttempts = desk.table(
  'webhook_outbox_attempts',
  {
    id: idColumn(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookOutbox.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('desk_webhook_outbox_attempts_delivery_idx').on(t.deliveryId)],
);

/**
 * Routing per deployment: entries whose every field's confidence is at least `threshold` and
 * that have no errors are approved by the system when `autoApprove` is on.
 */
export const routingRules = desk.table('routing_rules', {
  deploymentId: uuid('deployment_id').primaryKey(),
  threshold: numeric('threshold', { mode: 'number' }).notNull(),
  autoApprove: boolean('auto_approve').notNull().default(false),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * Who is reviewing an entry now: taken when the review page opens, renewed while it is active,
 * released on leave, and expiring on its own (a closed laptop does not hold an entry forever).
 */
export const entryClaims = desk.table(
  'entry_claims',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => entries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestampTz('claimed_at').notNull().defaultNow(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [index('desk_entry_claims_user_idx').on(t.userId)],
);
