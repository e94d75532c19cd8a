import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgSchema,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampTz, updatedAt } from './columns';

/** Tables of the review desk. The desk knows the service only through its HTTP API. */
export const desk = pgSchema('desk');

export const userRoles = ['admin', 'reviewer'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = desk.table('users', {
  id: idColumn(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  role: text('role', { enum: userRoles }).notNull().default('reviewer'),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

/** Small key/value store: the desk's own API key for the embedded service, and the like. */
export const settings = desk.table('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Files the desk sent to the service, kept so the reviewer can see them next to the data. */
export const documents = desk.table('documents', {
  id: idColumn(),
  filename: text('filename').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  blobKey: text('blob_key').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id),
  createdAt: createdAt(),
});

/** Deployments the desk can run: from the service's extension endpoint, or entered by an admin. */
export const deployments = desk.table('deployments', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  structureId: uuid('structure_id'),
  structureVersion: integer('structure_version'),
  /** JSON Schema of the structure, when known: drives the review form (`json` keeps property order). */
  schema: json('schema'),
  source: text('source', { enum: ['service', 'manual'] }).notNull(),
  updatedAt: updatedAt(),
});

export const reviewStates = ['to_review', 'corrected', 'approved', 'rejected'] as const;
export type ReviewState = (typeof reviewStates)[number];

/** The desk's index of every entry it created: the v3 API has no list endpoint. */
export const entries = desk.table(
  'entries',
  {
    /** The service's entry_id. */
    id: uuid('id').primaryKey(),
    deploymentId: uuid('deployment_id').notNull(),
    batchId: uuid('batch_id'),
    documentId: uuid('document_id').references(() => documents.id),
    documentName: text('document_name').notNull(),
    status: text('status').notNull(),
    errorCount: integer('error_count').notNull().default(0),
    reviewState: text('review_state', { enum: reviewStates }).notNull().default('to_review'),
    /** The reviewer an admin gave this entry to (the "assigned to me" filter), if any. */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** Last known entry body from the service, for search and quick display. */
    snapshot: jsonb('snapshot'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestampTz('created_at').notNull(),
    updatedAt: updatedAt(),
    /**
     * What the list's search looks in, lower-cased: document name, entry id, and every string or
     * number in the data and the metadata. Derived by the database so it can never go stale.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(document_name || ' ' || id::text || ' ' || coalesce(jsonb_path_query_array(snapshot, 'lax $.data.** ? (@.type() == "string" || @.type() == "number")')::text, '') || ' ' || coalesce(jsonb_path_query_array(snapshot, 'lax $.metadata.** ? (@.type() == "string" || @.type() == "number")')::text, ''))`,
      ),
  },
  // One index per sort order of the list (keyset pagination on (key, id)) and per common filter.
  (t) => [
    index('desk_entries_created_idx').on(t.createdAt, t.id),
    index('desk_entries_errors_idx').on(t.errorCount, t.id),
    index('desk_entries_name_idx').on(t.documentName, t.id),
    index('desk_entries_status_idx').on(t.status, t.createdAt, t.id),
    index('desk_entries_review_idx').on(t.reviewState, t.createdAt, t.id),
    index('desk_entries_deployment_idx').on(t.deploymentId, t.createdAt),
    index('desk_entries_batch_idx').on(t.batchId),
    index('desk_entries_assigned_idx').on(t.assignedTo, t.createdAt),
    index('desk_entries_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * How many entries there are per deployment, status and review state, and what they cost:
 * kept exact by statement-level triggers on `entries` (migration 0005), so the list's counts
 * and the dashboard never scan the whole index.
 */
export const entryCounts = desk.table(
  'entry_counts',
  {
    deploymentId: uuid('deployment_id').notNull(),
    status: text('status').notNull(),
    reviewState: text('review_state', { enum: reviewStates }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    /** Sum of the entries' `price` (EUR). */
    priceEur: numeric('price_eur').notNull().default('0'),
    /**
     * Counters are sharded by the writing connection (migration 0011): concurrent writers add to
     * different rows instead of queueing on one row lock per deployment. Readers sum the shards;
     * a shard alone may be negative.
     */
    shard: smallint('shard').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.status, t.reviewState, t.shard] })],
);

/** Who corrected what and when; the service keeps the patches, the desk keeps the person. */
export const corrections = desk.table(
  'corrections',
  {
    id: idColumn(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id),
    userId: uuid('user_id').references(() => users.id),
    notes: text('notes'),
    patches: jsonb('patches').notNull(),
    createdAt: createdAt(),
  },
  // An entry's corrections: what the analytics triggers re-read when its history changes.
  (t) => [index('desk_corrections_entry_idx').on(t.entryId, t.createdAt)],
);

export const analyticsKinds = ['reviewed', 'error', 'field', 'decision', 'first'] as const;

/**
 * The analytics page's figures per UTC day, kept exact by statement-level triggers on the
 * decisions, the corrections and the entries (migration 0012), so the page never reads the raw
 * history. Rows of one `kind`:
 * - `reviewed`: entries reviewed (decided or corrected) on `day`, per deployment and version;
 * - `error`: their errors per `key` (the code); `field`: their corrections per `key` (the field);
 * - `decision`: decisions made on `day`, per reviewer (`user_id`, `automatic`) and `approved`;
 * - `first`: first decisions made on `day`, per `seconds` from extraction.
 * An entry reviewed on several days counts on each with `prev_day`, its review day before (per
 * field for `field`): over a range it counts once, on its first day in it (`prev_day` before the
 * range or none). Sharded by writing connection like `entry_counts`: readers sum.
 */
export const analyticsDaily = desk.table(
  'analytics_daily',
  {
    kind: text('kind', { enum: analyticsKinds }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    prevDay: date('prev_day', { mode: 'string' }),
    deploymentId: uuid('deployment_id').notNull(),
    version: integer('version'),
    key: text('key'),
    userId: uuid('user_id'),
    automatic: boolean('automatic'),
    approved: boolean('approved'),
    seconds: doublePrecision('seconds'),
    shard: smallint('shard').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('analytics_daily_key')
      .on(
        t.kind,
        t.day,
        t.prevDay,
        t.deploymentId,
        t.version,
        t.key,
        t.userId,
        t.automatic,
        t.approved,
        t.seconds,
        t.shard,
      )
      .nullsNotDistinct(),
  ],
);

/** What each entry adds to `analytics_daily`: taken out and put back when its history changes. */
export const analyticsEntryFacts = desk.table(
  'analytics_entry_facts',
  {
    entryId: uuid('entry_id').notNull(),
    kind: text('kind', { enum: analyticsKinds }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    prevDay: date('prev_day', { mode: 'string' }),
    deploymentId: uuid('deployment_id').notNull(),
    version: integer('version'),
    key: text('key'),
    userId: uuid('user_id'),
    automatic: boolean('automatic'),
    approved: boolean('approved'),
    seconds: doublePrecision('seconds'),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('desk_analytics_entry_facts_entry_idx').on(t.entryId)],
);

/** Failed logins per account and per IP, so throttling holds across several servers. */
/** Sign-in attempts per key (an account with one client address, or an address alone). */
export const loginThrottle = desk.table('login_throttle', {
  key: text('key').primaryKey(),
  /** Attempts in the current window that did not end in a sign-in. */
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestampTz('window_started_at').notNull().defaultNow(),
  /** No attempt is taken before this (the backoff). */
  lockedUntil: timestampTz('locked_until'),
});

export const reviewDecisionKinds = ['approved', 'rejected'] as const;
export type ReviewDecisionKind = (typeof reviewDecisionKinds)[number];

/** Approve/reject decisions on an entry: who, when and (for a rejection) why. Newest wins. */
export const reviewDecisions = desk.table(
  'review_decisions',
  {
    id: idColumn(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id),
    userId: uuid('user_id').references(() => users.id),
    decision: text('decision', { enum: reviewDecisionKinds }).notNull(),
    reason: text('reason'),
    /** Made by the desk's routing (auto-approval), not by a person: shown as "system". */
    automatic: boolean('automatic').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('desk_review_decisions_entry_idx').on(t.entryId, t.createdAt)],
);

export const outboxStates = ['pending', 'sent', 'conflict', 'failed'] as const;
export type OutboxState = (typeof outboxStates)[number];

/**
 * Corrections that could not be posted when the reviewer saved (service down, timeout): kept
 * here and retried by a worker so a reviewer's edit is never lost. A lease (`leased_until`)
 * keeps several servers from posting the same row.
 */
export const correctionOutbox = desk.table(
  'correction_outbox',
  {
    id: idColumn(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id),
    userId: uuid('user_id').references(() => users.id),
    patches: jsonb('patches').notNull(),
    notes: text('notes'),
    /** The entry's `updated_at` the reviewer edited: a different one on the service is a conflict. */
    baseUpdatedAt: text('base_updated_at').notNull(),
    state: text('state', { enum: outboxStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    leasedUntil: timestampTz('leased_until'),
    leasedBy: text('leased_by'),
    sentAt: timestampTz('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('desk_correction_outbox_due_idx').on(t.state, t.nextAttemptAt),
    index('desk_correction_outbox_entry_idx').on(t.entryId, t.createdAt),
  ],
);

export const runModes = ['batch', 'async'] as const;
export type RunMode = (typeof runModes)[number];
export const runStatuses = ['pending', 'processing', 'completed', 'failed'] as const;
export type RunStatus = (typeof runStatuses)[number];

/**
 * One submission of many documents from the desk: one async entry, or one or more service
 * batches of at most 100 items. Counters and status are derived from the run's items (never
 * incremented), so duplicated or reordered webhooks end in the same state. The reconciler
 * polls a run while `reconciled` is false, holding `leased_until` so servers do not overlap.
 */
export const runs = desk.table(
  'runs',
  {
    id: idColumn(),
    name: text('name').notNull(),
    deploymentId: uuid('deployment_id').notNull(),
    mode: text('mode', { enum: runModes }).notNull(),
    status: text('status', { enum: runStatuses }).notNull().default('pending'),
    totalItems: integer('total_items').notNull(),
    completedItems: integer('completed_items').notNull().default(0),
    failedItems: integer('failed_items').notNull().default(0),
    /** False when the run was submitted with webhooks switched off: only the reconciler reports. */
    webhooks: boolean('webhooks').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestampTz('finished_at'),
    /** Finished, and every item's entry is in the desk's index: nothing left to poll. */
    reconciled: boolean('reconciled').notNull().default(false),
    nextPollAt: timestampTz('next_poll_at').notNull().defaultNow(),
    pollAttempts: integer('poll_attempts').notNull().default(0),
    lastPollError: text('last_poll_error'),
    lastWebhookAt: timestampTz('last_webhook_at'),
    leasedUntil: timestampTz('leased_until'),
    leasedBy: text('leased_by'),
  },
  (t) => [
    index('desk_runs_created_idx').on(t.createdAt, t.id),
    index('desk_runs_due_idx').on(t.reconciled, t.nextPollAt),
  ],
);

/** The service batches of a run, with the last batch progress body seen (failed webhooks…). */
export const runBatches = desk.table(
  'run_batches',
  {
    /** The service's batch_id. */
    batchId: uuid('batch_id').primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => runs.id),
    position: integer('position').notNull(),
    totalItems: integer('total_items').notNull(),
    status: text('status').notNull().default('pending'),
    /** Last batch progress body (GET /v3/batches/{id} or a batch event), newest `updated_at` wins. */
    progress: jsonb('progress'),
    progressUpdatedAt: text('progress_updated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('desk_run_batches_run_idx').on(t.runId, t.position)],
);

/**
 * One document (or URL) of a run, in submission order. `batch_id` + `item_index` locate it in
 * the service's batch; `entry_id` is known once the service reports it. Status only moves
 * forward (pending → processing → final).
 */
export const runItems = desk.table(
  'run_items',
  {
    id: idColumn(),
    runId: uuid('run_id')
      .notNull()
      .references(() => runs.id),
    position: integer('position').notNull(),
    batchId: uuid('batch_id'),
    itemIndex: integer('item_index').notNull(),
    entryId: uuid('entry_id'),
    documentId: uuid('document_id').references(() => documents.id),
    documentName: text('document_name').notNull(),
    metadata: jsonb('metadata'),
    status: text('status').notNull().default('pending'),
    errorCount: integer('error_count').notNull().default(0),
    /** Why the item never reached the service (its batch was refused), else null. */
    submitError: text('submit_error'),
    /** The entry's `updated_at` behind `status`, when it came from a full entry body. */
    entryUpdatedAt: text('entry_updated_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('desk_run_items_position_idx').on(t.runId, t.position),
    index('desk_run_items_batch_idx').on(t.batchId, t.itemIndex),
    index('desk_run_items_entry_idx').on(t.entryId),
  ],
);

/**
 * Webhook deliveries the desk received (`X-Service-Delivery`), so that a retried delivery is
 * applied once: the primary key is the dedupe.
 */
export const webhookReceipts = desk.table('webhook_receipts', {
  deliveryId: text('delivery_id').primaryKey(),
  event: text('event').notNull(),
  /** What the delivery changed: `applied`, or `ignored` (not a run of this desk). */
  outcome: text('outcome').notNull(),
  receivedAt: timestampTz('received_at').notNull().defaultNow(),
});
