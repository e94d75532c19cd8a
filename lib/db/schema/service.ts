import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgSchema,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampTz, updatedAt } from './columns';

/** Tables of the local v3 service. Desk code never reads them. */
export const service = pgSchema('service');

const money = (name: string) => numeric(name, { precision: 14, scale: 4, mode: 'number' });

export const accounts = service.table('accounts', {
  id: idColumn(),
  name: text('name').notNull().unique(),
  /** Balance in EUR. */
  credits: money('credits').notNull().default(0),
  createdAt: createdAt(),
});

export const apiKeys = service.table(
  'api_keys',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull().default('default'),
    /** First characters of the key, shown in lists so a key can be recognised. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, hex. The key itself is shown once and never stored. */
    keyHash: text('key_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestampTz('last_used_at'),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [index('api_keys_account_idx').on(t.accountId)],
);

export const structures = service.table('structures', {
  id: idColumn(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const structureVersions = service.table(
  'structure_versions',
  {
    structureId: uuid('structure_id')
      .notNull()
      .references(() => structures.id),
    version: integer('version').notNull(),
    /** JSON Schema (draft 2020-12) of the extracted data. `json`, not `jsonb`: property order is the form's order. */
    schema: json('schema').notNull(),
    /** Extraction hints: labels, value types, table columns, cross-field rules. */
    hints: json('hints').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.structureId, t.version] })],
);

export const deployments = service.table('deployments', {
  id: idColumn(),
  /** Owner; null = offered to every account of this service. */
  accountId: uuid('account_id').references(() => accounts.id),
  name: text('name').notNull(),
  structureId: uuid('structure_id')
    .notNull()
    .references(() => structures.id),
  structureVersion: integer('structure_version').notNull(),
  pricePerPage: money('price_per_page').notNull().default(0.1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const deploymentHistory = service.table('deployment_history', {
  id: idColumn(),
  deploymentId: uuid('deployment_id')
    .notNull()
    .references(() => deployments.id),
  /** What changed: {name?, structure_id?, structure_version?, price_per_page?}. */
  change: jsonb('change').notNull(),
  createdAt: createdAt(),
});

export const documents = service.table(
  'documents',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    filename: text('filename'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    pages: integer('pages').notNull(),
    sha256: text('sha256').notNull(),
    blobKey: text('blob_key').notNull(),
    createdAt: createdAt(),
  },
  // An upload of bytes the account already stored returns that document (one copy each).
  (t) => [index('documents_account_sha256_idx').on(t.accountId, t.sha256)],
);

/**
 * Whose work an entry or a batch is (account, tenant) and what it is read against: the deployment
 * and the structure version it pointed to then (kept, as the deployment may move on).
 */
const processingTarget = () => ({
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id),
  tenantId: text('tenant_id'),
  deploymentId: uuid('deployment_id')
    .notNull()
    .references(() => deployments.id),
  structureId: uuid('structure_id').notNull(),
  structureVersion: integer('structure_version').notNull(),
});

export const entries = service.table(
  'entries',
  {
    id: idColumn(),
    ...processingTarget(),
    batchId: uuid('batch_id'),
    itemIndex: integer('item_index'),
    status: text('status').notNull(),
    data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
    errors: jsonb('errors'),
    sources: jsonb('sources').notNull().default(sql`'{}'::jsonb`),
    confidence: jsonb('confidence').notNull().default(sql`'{}'::jsonb`),
    documents: jsonb('documents').notNull().default(sql`'[]'::jsonb`),
    metadata: jsonb('metadata'),
    timeMs: integer('time_ms').notNull().default(0),
    price: money('price').notNull().default(0),
    /** Async and batch work: the request's documents, kept as a blob until processed. */
    inputKey: text('input_key'),
    /** Async only: where the result goes. Batch items use their batch's webhook. */
    webhook: json('webhook'),
    /** A worker holds the entry while processing it; a crashed worker's lease runs out. */
    leaseUntil: timestampTz('lease_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('entries_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('entries_batch_item_idx').on(t.batchId, t.itemIndex),
    index('entries_in_flight_idx').on(t.status).where(sql`status in ('pending', 'processing')`),
  ],
);

export const corrections = service.table(
  'corrections',
  {
    id: idColumn(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id),
    notes: text('notes'),
    patches: jsonb('patches').notNull(),
    dataReplaced: boolean('data_replaced').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('corrections_entry_idx').on(t.entryId, t.createdAt)],
);

/** Requests per account per minute, counted in the database so every server shares the limit. */
export const rateLimitWindows = service.table(
  'rate_limit_windows',
  {
    accountId: uuid('account_id').notNull(),
    windowStart: timestampTz('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.windowStart] })],
);

export const batches = service.table('batches', {
  id: idColumn(),
  ...processingTarget(),
  /** pending → processing → completed | failed (failed only when every item failed). */
  status: text('status').notNull().default('pending'),
  totalItems: integer('total_items').notNull(),
  /** {url, secret, incremental}. */
  webhook: json('webhook').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  completedAt: timestampTz('completed_at'),
});

/** One webhook event to one URL; its id is the `X-Service-Delivery` header, stable across retries. */
export const webhookDeliveries = service.table(
  'webhook_deliveries',
  {
    id: idColumn(),
    accountId: uuid('account_id').notNull(),
    batchId: uuid('batch_id'),
    entryId: uuid('entry_id'),
    event: text('event').notNull(),
    url: text('url').notNull(),
    secret: text('secret'),
    /** The exact bytes sent (and signed) on every attempt. */
    body: text('body').notNull(),
    itemMetadata: jsonb('item_metadata'),
    /** pending | delivered | failed */
    status: text('status').notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    httpStatus: integer('http_status'),
    errorMessage: text('error_message'),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    leaseUntil: timestampTz('lease_until'),
    createdAt: createdAt(),
    deliveredAt: timestampTz('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_batch_idx').on(t.batchId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

export const webhookAttempts = service.table(
  'webhook_attempts',
  {
    id: idColumn(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    httpStatus: integer('http_status'),
    errorMessage: text('error_message'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);

/** Processing POSTs with an `Idempotency-Key`: the first answer, replayed for 24 h to the same account and tenant. */
export const idempotencyKeys = service.table(
  'idempotency_keys',
  {
    accountId: uuid('account_id').notNull(),
    /** The caller's X-Tenant-ID ('' without one): a key is one tenant's, never replayed to another. */
    tenantId: text('tenant_id').notNull().default(''),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.tenantId, t.key] })],
);

/**
 * The lines of every document the service read, per account: what a later correction of an entry
 * is matched against to learn where a value is printed (`lib/service/learning`). Keyed by content.
 */
export const documentLayouts = service.table(
  'document_layouts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    /** The read document (kind, MIME type, pages of positioned lines), without its bytes. */
    document: jsonb('document').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.sha256] })],
);

/**
 * What corrections taught: for an account (and tenant), a structure and an issuer, where a field's
 * value is printed. The next document of that issuer is read there first. One row per field: a
 * later correction replaces it.
 */
export const extractionMemory = service.table(
  'extraction_memory',
  {
    id: idColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** '' when the entry had no tenant: part of the unique key, so never null. */
    tenantId: text('tenant_id').notNull().default(''),
    structureId: uuid('structure_id').notNull(),
    /** Issuer key (`fingerprintOf`), and its name as printed for people. */
    fingerprint: text('fingerprint').notNull(),
    issuer: text('issuer').notNull(),
    /** JSON Pointer of the field. */
    field: text('field').notNull(),
    /** Where the value is printed (`Anchor` of the engine). */
    anchor: jsonb('anchor').notNull(),
    /** The corrected value that taught it, and the entry it was corrected on. */
    example: jsonb('example'),
    entryId: uuid('entry_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('extraction_memory_scope_idx').on(
      t.accountId,
      t.tenantId,
      t.structureId,
      t.fingerprint,
      t.field,
    ),
  ],
);
