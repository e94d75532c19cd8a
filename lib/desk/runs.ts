import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import {
  type BatchProgress,
  type DocumentInput,
  type Entry,
  finalEntryStatuses,
  isUuid,
  LIMITS,
} from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import {
  entries,
  type RunMode,
  type RunStatus,
  runBatches,
  runItems,
  runs,
  settings,
} from '@/lib/db/schema/desk';
import { type EntryOrigin, errorCountOf, indexRow } from '@/lib/desk/entries';
import { entryTotals } from '@/lib/desk/entry-list';
import { env } from '@/lib/env';
import type { ExtractionClient } from '@/lib/extraction-api/client';
import { ExtractionApiError } from '@/lib/extraction-api/errors';

/** Settings key of the secret the service signs this desk's webhooks with. Never sent to a page. */
export const WEBHOOK_SECRET_SETTING = 'webhook_secret';

/** What submitting a run needs of the v3 client (a fake in tests). */
export type RunClient = Pick<ExtractionClient, 'processAsync' | 'processBatch'>;

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

/** One document of a run, ready to send. */
export interface RunItemInput {
  document: DocumentInput;
  documentId: string | null;
  documentName: string;
  metadata: Record<string, unknown> | null;
}

/** A batch request body stays well below the service's 80 MB JSON cap. */
export const BATCH_BODY_BUDGET_CHARS = 60_000_000;

function itemChars(item: RunItemInput): number {
  const d = item.document as { content?: string; text?: string; url?: string };
  return (d.content?.length ?? 0) + (d.text?.length ?? 0) + (d.url?.length ?? 0) + 1_000;
}

/**
 * Splits a run's items into batches of at most 100 items and about 60 MB of JSON, keeping
 * their order. An item bigger than the budget goes alone (the service's own limits apply).
 */
export function planBatches<T extends RunItemInput>(
  items: T[],
  options: { maxItems?: number; maxChars?: number } = {},
): T[][] {
  const maxItems = options.maxItems ?? LIMITS.batchItems;
  const maxChars = options.maxChars ?? BATCH_BODY_BUDGET_CHARS;
  const chunks: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const item of items) {
    const size = itemChars(item);
    if (current.length > 0 && (current.length >= maxItems || chars + size > maxChars)) {
      chunks.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += size;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

export const FINAL_STATUSES: readonly string[] = finalEntryStatuses;
export const isFinal = (status: string) => FINAL_STATUSES.includes(status);
/** pending 0, processing 1, final 2: an item's status never moves to a lower rank. */
export const statusRank = (status: string) => (status === 'pending' ? 0 : status === 'processing' ? 1 : 2);
const rankSql = sql`(case ${runItems.status} when 'pending' then 0 when 'processing' then 1 else 2 end)`;

/**
 * Creates a run and submits it: one item as an async entry, more as batches of ≤ 100 items.
 * Every item is recorded before anything is sent, so an event that arrives early finds its
 * row. When a later batch is refused, the earlier ones keep running and the refused items are
 * marked failed with the reason; when nothing could be sent the run is removed and the error
 * thrown.
 */
export async function createRun(
  db: Db,
  client: RunClient,
  input: {
    deploymentId: string;
    name: string;
    items: RunItemInput[];
    createdBy: string | null;
    webhooks?: boolean;
  },
): Promise<{ runId: string; mode: RunMode; batchIds: string[]; submitErrors: string[] }> {
  if (input.items.length === 0) throw new Error('A run needs at least one document.');
  const webhooksOn = input.webhooks ?? true;
  const mode: RunMode = input.items.length === 1 ? 'async' : 'batch';
  const chunks = mode === 'async' ? [input.items] : planBatches(input.items);
  const [run] = await db
    .insert(runs)
    .values({
      name: input.name,
      deploymentId: input.deploymentId,
      mode,
      totalItems: input.items.length,
      webhooks: webhooksOn,
      createdBy: input.createdBy,
      // Give webhooks a few seconds before the first poll; without them, poll from the start.
      nextPollAt: new Date(Date.now() + (webhooksOn ? 5_000 : 1_000)),
    })
    .returning({ id: runs.id });
  const runId = run.id;
  let position = 0;
  const itemRows = chunks.flatMap((chunk) =>
    chunk.map((item, itemIndex) => ({
      runId,
      position: position++,
      itemIndex,
      documentId: item.documentId,
      documentName: item.documentName,
      metadata: item.metadata,
    })),
  );
  for (let i = 0; i < itemRows.length; i += 500) await db.insert(runItems).values(itemRows.slice(i, i + 500));

  const webhook = { url: webhookUrl(webhooksOn), secret: await webhookSecret(db), incremental: true };
  const batchIds: string[] = [];
  const submitErrors: string[] = [];
  let submitted = 0;
  let first = 0;
  for (const [chunkIndex, chunk] of chunks.entries()) {
    const positions = chunk.map((_, i) => first + i);
    first += chunk.length;
    try {
      if (mode === 'async') {
        const [item] = chunk;
        const accepted = await client.processAsync(
          input.deploymentId,
          {
            documents: [item.document],
            webhook: { url: webhook.url, secret: webhook.secret },
            metadata: item.metadata,
          },
          `desk-run:${runId}:0`,
        );
        await db
          .update(runItems)
          .set({ entryId: accepted.entry_id, updatedAt: new Date() })
          .where(and(eq(runItems.runId, runId), eq(runItems.position, 0)));
      } else {
        const created = await client.processBatch(
          input.deploymentId,
          {
            requests: chunk.map((item) => ({ documents: [item.document], metadata: item.metadata })),
            webhook,
          },
          `desk-run:${runId}:${chunkIndex}`,
        );
        await db.insert(runBatches).values({
          batchId: created.batch_id,
          runId,
          position: chunkIndex,
          totalItems: created.total_items,
          status: created.status,
        });
        await db
          .update(runItems)
          .set({ batchId: created.batch_id, updatedAt: new Date() })
          .where(and(eq(runItems.runId, runId), inArray(runItems.position, positions)));
        batchIds.push(created.batch_id);
      }
      submitted++;
    } catch (error) {
      if (submitted === 0 && chunkIndex === 0 && chunks.length === 1) {
        await db.delete(runItems).where(eq(runItems.runId, runId));
        await db.delete(runs).where(eq(runs.id, runId));
        throw error;
      }
      const reason =
        error instanceof ExtractionApiError ? `${error.message} (${error.code})` : (error as Error).message;
      submitErrors.push(reason);
      await db
        .update(runItems)
        .set({
          status: 'failed',
          errorCount: 1,
          submitError: `Not submitted: ${reason}`,
          updatedAt: new Date(),
        })
        .where(and(eq(runItems.runId, runId), inArray(runItems.position, positions)));
    }
  }
  if (submitted === 0) {
    // Several batches, none accepted: keep nothing half-made.
    await db.delete(runItems).where(eq(runItems.runId, runId));
    await db.delete(runs).where(eq(runs.id, runId));
    throw new ExtractionApiError('SUBMIT_FAILED', submitErrors[0] ?? 'The run could not be submitted.', 0);
  }
  await settleRun(db, runId);
  return { runId, mode, batchIds, submitErrors };
}

/**
 * Moves one item forward: a higher status rank always wins; between two final states the one
 * from the newer entry body wins (a correction may change the status). Anything else is
 * ignored, so a late or repeated event cannot move an item back. True when the row changed.
 */
export async function applyItemState(
  db: Db,
  where: { batchId: string; itemIndex: number } | { entryId: string },
  state: { status: string; entryId: string | null; errorCount: number; entryUpdatedAt?: string | null },
): Promise<boolean> {
  const locate =
    'entryId' in where
      ? eq(runItems.entryId, where.entryId)
      : and(eq(runItems.batchId, where.batchId), eq(runItems.itemIndex, where.itemIndex));
  const now = new Date();
  const rank = statusRank(state.status);
  const newer = state.entryUpdatedAt
    ? or(isNull(runItems.entryUpdatedAt), lt(runItems.entryUpdatedAt, state.entryUpdatedAt))
    : sql`false`;
  const changed = await db
    .update(runItems)
    .set({
      status: state.status,
      errorCount: state.errorCount,
      ...(state.entryId ? { entryId: sql`coalesce(${runItems.entryId}, ${state.entryId}::uuid)` } : {}),
      ...(state.entryUpdatedAt ? { entryUpdatedAt: state.entryUpdatedAt } : {}),
      updatedAt: now,
    })
    .where(
      and(
        locate,
        isNull(runItems.submitError),
        or(sql`${rankSql} < ${rank}`, rank === 2 ? and(sql`${rankSql} = 2`, newer) : sql`false`),
      ),
    )
    .returning({ id: runItems.id });
  if (changed.length > 0) return true;
  // Not moved (an old or repeated event): it may still tell the entry id.
  if (state.entryId) {
    await db
      .update(runItems)
      .set({ entryId: state.entryId, updatedAt: now })
      .where(and(locate, isNull(runItems.entryId)));
  }
  return false;
}

/**
 * Puts a final entry in the desk's index, or refreshes it when this body is at least as new as
 * the indexed one. Review state and the rest of the desk's own columns are left alone.
 */
export async function upsertRunEntry(db: Db, entry: Entry, origin: EntryOrigin): Promise<void> {
  if (!isFinal(entry.status)) return;
  await db
    .insert(entries)
    .values(indexRow(entry, origin))
    .onConflictDoUpdate({
      target: entries.id,
      set: {
        status: sql`excluded.status`,
        errorCount: sql`excluded.error_count`,
        snapshot: sql`excluded.snapshot`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`${entries.updatedAt} <= excluded.updated_at`,
    });
}

const itemOrigin = {
  runId: runItems.runId,
  batchId: runItems.batchId,
  documentId: runItems.documentId,
  documentName: runItems.documentName,
  createdBy: runs.createdBy,
};

/** The run item an entry belongs to (by batch position, else by entry id) and who made its run. */
export async function findRunItemForEntry(db: Db, entry: Entry) {
  const select = () => db.select(itemOrigin).from(runItems).innerJoin(runs, eq(runs.id, runItems.runId));
  if (entry.batch_id && entry.item_index != null) {
    const [row] = await select().where(
      and(eq(runItems.batchId, entry.batch_id), eq(runItems.itemIndex, entry.item_index)),
    );
    if (row) return row;
  }
  const [row] = await select().where(eq(runItems.entryId, entry.entry_id));
  return row ?? null;
}

/** Applies a full entry body (webhook or GET) to its run item and the index. Null: not a run of this desk. */
export async function applyEntryToRun(
  db: Db,
  entry: Entry,
): Promise<{ runId: string; changed: boolean } | null> {
  const item = await findRunItemForEntry(db, entry);
  if (!item) return null;
  const where =
    entry.batch_id && entry.item_index != null && item.batchId === entry.batch_id
      ? { batchId: entry.batch_id, itemIndex: entry.item_index }
      : { entryId: entry.entry_id };
  const changed = await applyItemState(db, where, {
    status: entry.status,
    entryId: entry.entry_id,
    errorCount: errorCountOf(entry.errors),
    entryUpdatedAt: entry.updated_at,
  });
  await upsertRunEntry(db, entry, {
    documentId: item.documentId,
    documentName: item.documentName,
    createdBy: item.createdBy,
  });
  return { runId: item.runId, changed };
}

/** Applies a batch progress body (webhook or GET) to its items. Null: not a batch of this desk. */
export async function applyBatchProgress(
  db: Db,
  progress: BatchProgress,
): Promise<{ runId: string; changed: boolean } | null> {
  const [batch] = await db.select().from(runBatches).where(eq(runBatches.batchId, progress.batch_id));
  if (!batch) return null;
  let changed = false;
  // The newest body is kept for the run page (failed webhooks, batch status).
  const kept = await db
    .update(runBatches)
    .set({
      progress,
      progressUpdatedAt: progress.updated_at,
      status: progress.status,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(runBatches.batchId, batch.batchId),
        or(
          isNull(runBatches.progressUpdatedAt),
          sql`${runBatches.progressUpdatedAt} <= ${progress.updated_at}`,
        ),
      ),
    )
    .returning({ id: runBatches.batchId });
  if (kept.length && batch.progressUpdatedAt !== progress.updated_at) changed = true;
  for (const item of progress.items) {
    const moved = await applyItemState(
      db,
      { batchId: batch.batchId, itemIndex: item.index },
      { status: item.status, entryId: item.entry_id, errorCount: errorCountOf(item.errors) },
    );
    changed ||= moved;
  }
  return { runId: batch.runId, changed };
}

/**
 * Derives a run's counters and status from its items (never incremented, so replays and
 * reordering cannot skew them) and marks it reconciled once finished with every entry indexed.
 * The run row is locked first: concurrent events of one run then count one after another, and
 * the last to commit sees every item (under READ COMMITTED a count taken before the lock could
 * miss a concurrent transaction's item and overwrite a newer count).
 */
export async function settleRun(
  db: Db,
  runId: string,
  also: { lastWebhookAt?: Date; nextPollAt?: Date | SQL; pollAttempts?: number } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: runs.id }).from(runs).where(eq(runs.id, runId)).for('update');
    const rows = await tx
      .select({
        status: runItems.status,
        n: count(),
        unindexed:
          sql<number>`count(*) filter (where ${runItems.entryId} is not null and ${entries.id} is null)`.mapWith(
            Number,
          ),
      })
      .from(runItems)
      .leftJoin(entries, eq(entries.id, runItems.entryId))
      .where(eq(runItems.runId, runId))
      .groupBy(runItems.status);
    let total = 0;
    let final = 0;
    let failed = 0;
    let started = 0;
    let unindexed = 0;
    for (const r of rows) {
      total += r.n;
      unindexed += r.unindexed;
      if (isFinal(r.status)) final += r.n;
      if (r.status === 'failed') failed += r.n;
      if (r.status !== 'pending') started += r.n;
    }
    const status: RunStatus =
      total > 0 && final === total
        ? failed === total
          ? 'failed'
          : 'completed'
        : started > 0
          ? 'processing'
          : 'pending';
    const finished = status === 'completed' || status === 'failed';
    await tx
      .update(runs)
      .set({
        status,
        completedItems: final - failed,
        failedItems: failed,
        updatedAt: new Date(),
        finishedAt: finished ? sql`coalesce(${runs.finishedAt}, now())` : null,
        reconciled: finished && unindexed === 0,
        ...also,
      })
      .where(eq(runs.id, runId));
  });
}

// ---------------------------------------------------------------------------------------------
// Reading, for the pages (DTOs: nothing secret, nothing the browser does not need).

export interface RunSummary {
  id: string;
  name: string;
  deploymentId: string;
  mode: RunMode;
  status: RunStatus;
  totalItems: number;
  completedItems: number;
  failedItems: number;
  webhooks: boolean;
  createdAt: string;
  finishedAt: string | null;
}

const summaryColumns = {
  id: runs.id,
  name: runs.name,
  deploymentId: runs.deploymentId,
  mode: runs.mode,
  status: runs.status,
  totalItems: runs.totalItems,
  completedItems: runs.completedItems,
  failedItems: runs.failedItems,
  webhooks: runs.webhooks,
  createdAt: runs.createdAt,
  finishedAt: runs.finishedAt,
};

const toSummary = (r: { createdAt: Date; finishedAt: Date | null; [k: string]: unknown }): RunSummary => ({
  ...(r as unknown as RunSummary),
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

export async function listRuns(db: Db, options: { limit?: number; inProgressOnly?: boolean } = {}) {
  const rows = await db
    .select(summaryColumns)
    .from(runs)
    .where(options.inProgressOnly ? notInArray(runs.status, ['completed', 'failed']) : undefined)
    .orderBy(desc(runs.createdAt), desc(runs.id))
    .limit(options.limit ?? 100);
  return rows.map(toSummary);
}

export async function countRunsInProgress(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(runs)
    .where(notInArray(runs.status, ['completed', 'failed']));
  return row.n;
}

export interface RunItemView {
  position: number;
  documentName: string;
  status: string;
  errorCount: number;
  entryId: string | null;
  /** In the desk's index: the review page can open it. */
  reviewable: boolean;
  reviewState: string | null;
  submitError: string | null;
  batchId: string | null;
  itemIndex: number;
}

export interface FailedWebhookView {
  batchId: string;
  webhookId: string;
  event: string;
  status: string;
  attemptCount: number;
  httpStatus: number | null;
  errorMessage: string | null;
  createdAt: string;
  itemMetadata: Record<string, unknown> | null;
}

export interface RunView extends RunSummary {
  elapsedMs: number;
  /** Finished items per second since the run was created. */
  throughputPerSecond: number;
  lastWebhookAt: string | null;
  lastPollError: string | null;
  batches: { batchId: string; position: number; totalItems: number; status: string }[];
  items: RunItemView[];
  failedWebhooks: FailedWebhookView[];
}

export async function getRunView(db: Db, runId: string, now = new Date()): Promise<RunView | null> {
  if (!isUuid(runId)) return null;
  const [run] = await db
    .select({ ...summaryColumns, lastWebhookAt: runs.lastWebhookAt, lastPollError: runs.lastPollError })
    .from(runs)
    .where(eq(runs.id, runId));
  if (!run) return null;
  const [batchRows, itemRows] = await Promise.all([
    db.select().from(runBatches).where(eq(runBatches.runId, runId)).orderBy(asc(runBatches.position)),
    db
      .select({
        position: runItems.position,
        documentName: runItems.documentName,
        status: runItems.status,
        errorCount: runItems.errorCount,
        entryId: runItems.entryId,
        indexedId: entries.id,
        reviewState: entries.reviewState,
        submitError: runItems.submitError,
        batchId: runItems.batchId,
        itemIndex: runItems.itemIndex,
      })
      .from(runItems)
      .leftJoin(entries, eq(entries.id, runItems.entryId))
      .where(eq(runItems.runId, runId))
      .orderBy(asc(runItems.position)),
  ]);
  const end = run.finishedAt ?? now;
  const elapsedMs = Math.max(0, end.getTime() - run.createdAt.getTime());
  const done = run.completedItems + run.failedItems;
  const failedWebhooks: FailedWebhookView[] = batchRows.flatMap((b) =>
    ((b.progress as BatchProgress | null)?.failed_webhooks ?? []).map((w) => ({
      batchId: b.batchId,
      webhookId: w.webhook_id,
      event: w.event,
      status: w.status,
      attemptCount: w.attempt_count,
      httpStatus: w.http_status,
      errorMessage: w.error_message,
      createdAt: w.created_at,
      itemMetadata: w.item_metadata,
    })),
  );
  return {
    ...toSummary(run),
    elapsedMs,
    throughputPerSecond: elapsedMs > 0 ? done / (elapsedMs / 1000) : 0,
    lastWebhookAt: run.lastWebhookAt?.toISOString() ?? null,
    lastPollError: run.lastPollError,
    batches: batchRows.map((b) => ({
      batchId: b.batchId,
      position: b.position,
      totalItems: b.totalItems,
      status: b.status,
    })),
    items: itemRows.map(({ indexedId, ...r }) => ({ ...r, reviewable: Boolean(indexedId) })),
    failedWebhooks,
  };
}

export async function findRunName(db: Db, runId: string): Promise<string | null> {
  if (!isUuid(runId)) return null;
  const [row] = await db.select({ name: runs.name }).from(runs).where(eq(runs.id, runId));
  return row?.name ?? null;
}

// ---------------------------------------------------------------------------------------------
// Uploads: what a run may be made of.

/** Per file (its base64 stays under the service's 70,000,000-character limit). */
export const MAX_RUN_FILE_BYTES = 50 * 1024 * 1024;
/** Per upload, files and fields together. */
export const MAX_RUN_UPLOAD_BYTES = 200 * 1024 * 1024;
/** Documents in one run (≤ 100 per batch, several batches). */
export const MAX_RUN_ITEMS = 1_000;

const textExtensions: Record<string, string> = {
  txt: 'text/plain',
  text: 'text/plain',
  md: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
};
/** Types the engine reads, as detected from the bytes. */
const allowedDetected = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/tiff',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

/**
 * The document's type from its bytes (magic numbers), else text by extension when the bytes
 * are valid UTF-8. Null: not a type the service reads, refused before anything is stored.
 */
export async function detectDocumentType(bytes: Uint8Array, filename: string): Promise<string | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return allowedDetected.has(detected.mime) ? detected.mime : null;
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  const text = textExtensions[ext];
  if (!text) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 64 * 1024));
    return text;
  } catch {
    return null;
  }
}

export class UploadRefused extends Error {}

/**
 * The files inside a ZIP, within the per-file cap and the upload's remaining budget (sizes
 * are checked from the archive's directory before anything is inflated, and again after).
 * Folders, dot files and macOS resource forks are skipped.
 */
export async function unzipDocuments(
  zip: Uint8Array,
  budgetBytes: number,
): Promise<{ name: string; bytes: Uint8Array }[]> {
  const { unzipSync } = await import('fflate');
  let planned = 0;
  let refused: string | null = null;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        const base = file.name.split('/').pop() ?? '';
        if (file.name.endsWith('/') || !base || base.startsWith('.') || file.name.startsWith('__MACOSX/')) {
          return false;
        }
        if (file.originalSize > MAX_RUN_FILE_BYTES) {
          refused = `${file.name} in the ZIP is larger than ${MAX_RUN_FILE_BYTES / 1024 / 1024} MB.`;
          return false;
        }
        planned += file.originalSize;
        if (planned > budgetBytes) {
          refused = `The ZIP's files add up to more than ${Math.round(budgetBytes / 1024 / 1024)} MB.`;
          return false;
        }
        return true;
      },
    });
  } catch (error) {
    throw new UploadRefused(`The ZIP could not be read: ${(error as Error).message}`);
  }
  if (refused) throw new UploadRefused(refused);
  const out = Object.entries(files).map(([name, bytes]) => ({ name: name.split('/').pop() ?? name, bytes }));
  if (out.reduce((n, f) => n + f.bytes.byteLength, 0) > budgetBytes) {
    throw new UploadRefused('The ZIP inflates to more than the upload allows.');
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

// ---------------------------------------------------------------------------------------------
// The dashboard's figures, from the desk's own index.

export interface DeskOverview {
  toReview: number;
  statusCounts: Record<string, number>;
  totalEntries: number;
  /** Sum of `price` (EUR) of the indexed entries: what this desk has spent, as far as it knows. */
  spentEur: number;
  runsInProgress: number;
}

export async function deskOverview(db: Db): Promise<DeskOverview> {
  const [totals, runsInProgress] = await Promise.all([entryTotals(db), countRunsInProgress(db)]);
  return {
    toReview: totals.toReview,
    statusCounts: totals.byStatus,
    totalEntries: totals.total,
    spentEur: totals.spentEur,
    runsInProgress,
  };
}
