import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { BatchProgress, Entry } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { entries, runItems, runs } from '@/lib/db/schema/desk';
import type { RunItemInput } from '@/lib/desk/runs/planning';
import { createRun, type RunClient } from '@/lib/desk/runs/submit';

export const DEPLOYMENT = '3f1c2b9e-0a7d-4c55-9a51-6f2f4f0f0a01';
const STRUCTURE = '7d8e9f00-1111-4222-8333-944455556666';

/** A run's items as plain text documents. */
export function textItems(n: number): RunItemInput[] {
  return Array.from({ length: n }, (_, i) => ({
    document: { type: 'text' as const, text: `Invoice number: INV-${i}` },
    documentId: null,
    documentName: `invoice-${i}.txt`,
    metadata: { filename: `invoice-${i}.txt` },
  }));
}

/** A client that accepts every batch (ids made up) and records what it was sent. */
export function acceptingClient() {
  const batches: { id: string; size: number; webhook: { url: string; secret?: string | null } }[] = [];
  const client: RunClient = {
    async processBatch(_deployment, request) {
      const id = randomUUID();
      batches.push({ id, size: request.requests.length, webhook: request.webhook });
      return {
        batch_id: id,
        status: 'pending',
        total_items: request.requests.length,
        resource_type: 'structure',
        resource_id: STRUCTURE,
        resource_version_number: 1,
        created_at: new Date().toISOString(),
      };
    },
    async processAsync() {
      return {
        entry_id: randomUUID(),
        status: 'pending',
        resource_type: 'structure',
        resource_id: STRUCTURE,
        resource_version_number: 1,
        created_at: new Date().toISOString(),
      };
    },
  };
  return { client, batches };
}

export async function newBatchRun(db: Db, n: number) {
  const { client, batches } = acceptingClient();
  const run = await createRun(db, client, {
    deploymentId: DEPLOYMENT,
    name: `test run of ${n}`,
    items: textItems(n),
    createdBy: null,
  });
  return { runId: run.runId, batchIds: run.batchIds, sent: batches };
}

export function entryOf(
  batchId: string | null,
  index: number,
  entryId: string,
  status: Entry['status'],
  updatedAt = '2026-11-23T00:00:10.000Z',
  errors: Entry['errors'] = status === 'completed_with_errors'
    ? [{ path: '/total', code: 'SUM_MISMATCH', message: 'Total differs', severity: 'error' }]
    : null,
): Entry {
  return {
    entry_id: entryId,
    resource_type: 'structure',
    resource_id: STRUCTURE,
    resource_version_number: 1,
    data: { invoice_number: `INV-${index}` },
    errors,
    status,
    time_ms: 12,
    price: 0.1,
    deployment_id: DEPLOYMENT,
    batch_id: batchId,
    item_index: batchId ? index : null,
    metadata: { filename: `invoice-${index}.txt` },
    documents: [],
    sources: {},
    confidence: {},
    created_at: '2026-11-23T00:00:00.000Z',
    updated_at: updatedAt,
    corrected: false,
    corrections: [],
  };
}

export function progressOf(
  batchId: string,
  entryIds: string[],
  statuses: Entry['status'][],
  updatedAt = '2026-11-23T00:00:10.000Z',
): BatchProgress {
  const final = (s: string) => s !== 'pending' && s !== 'processing';
  const done = statuses.every(final);
  return {
    batch_id: batchId,
    status: done ? (statuses.every((s) => s === 'failed') ? 'failed' : 'completed') : 'processing',
    total_items: statuses.length,
    resource_type: 'structure',
    resource_id: STRUCTURE,
    resource_version_number: 1,
    created_at: '2026-11-23T00:00:00.000Z',
    deployment_id: DEPLOYMENT,
    completed_items: statuses.filter((s) => final(s) && s !== 'failed').length,
    failed_items: statuses.filter((s) => s === 'failed').length,
    updated_at: updatedAt,
    completed_at: done ? updatedAt : null,
    items: statuses.map((status, index) => ({
      index,
      status,
      entry_id: entryIds[index],
      metadata: { filename: `invoice-${index}.txt` },
      data: final(status) ? { invoice_number: `INV-${index}` } : null,
      errors: null,
    })),
    failed_webhooks: [],
  };
}

/** What the desk holds about a run, without ids or clocks: equal for equal outcomes. */
export async function runState(db: Db, runId: string) {
  const [run] = await db
    .select({
      status: runs.status,
      total: runs.totalItems,
      completed: runs.completedItems,
      failed: runs.failedItems,
      reconciled: runs.reconciled,
    })
    .from(runs)
    .where(eq(runs.id, runId));
  const items = await db
    .select({
      position: runItems.position,
      status: runItems.status,
      errorCount: runItems.errorCount,
      indexedStatus: entries.status,
      indexedErrors: entries.errorCount,
    })
    .from(runItems)
    .leftJoin(entries, eq(entries.id, runItems.entryId))
    .where(eq(runItems.runId, runId))
    .orderBy(asc(runItems.position));
  return { run, items };
}
