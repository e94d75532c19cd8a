import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Entry, ValidationErrorItem } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { corrections, entries } from '@/lib/db/schema/service';
import { notFound } from '@/lib/service/errors';
import { structureResource } from '@/lib/service/structure-resource';

export type EntryRow = typeof entries.$inferSelect;
export type CorrectionRow = typeof corrections.$inferSelect;

/** Who is asking: an account, and optionally one of its tenants (X-Tenant-ID). */
export interface Caller {
  accountId: string;
  tenantId: string | null;
}

/** Another account's (or tenant's) entry is as good as absent. */
export function ownedBy(caller: Caller): SQL {
  const account = eq(entries.accountId, caller.accountId);
  return caller.tenantId ? and(account, eq(entries.tenantId, caller.tenantId))! : account;
}

export async function findEntry(db: Db, caller: Caller, id: string): Promise<EntryRow> {
  const [row] = await db
    .select()
    .from(entries)
    .where(and(eq(entries.id, id), ownedBy(caller)));
  if (!row) throw notFound.entry(id);
  return row;
}

export async function correctionsOf(db: Db, entryId: string): Promise<CorrectionRow[]> {
  return db
    .select()
    .from(corrections)
    .where(eq(corrections.entryId, entryId))
    .orderBy(asc(corrections.createdAt));
}

const iso = (d: Date) => d.toISOString();

export function toEntryDto(row: EntryRow, history: CorrectionRow[]): Entry {
  return {
    entry_id: row.id,
    ...structureResource({ id: row.structureId, version: row.structureVersion }),
    data: row.data as Record<string, unknown>,
    errors: (row.errors as ValidationErrorItem[] | null) ?? null,
    status: row.status as Entry['status'],
    time_ms: row.timeMs,
    price: row.price,
    deployment_id: row.deploymentId,
    batch_id: row.batchId,
    item_index: row.itemIndex,
    metadata: (row.metadata as Record<string, unknown> | null) ?? null,
    documents: row.documents as Entry['documents'],
    sources: row.sources as Entry['sources'],
    confidence: row.confidence as Entry['confidence'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    corrected: history.length > 0,
    corrections: history.map((c) => ({
      id: c.id,
      created_at: iso(c.createdAt),
      notes: c.notes,
      patches: c.patches as Entry['corrections'][number]['patches'],
      data_replaced: c.dataReplaced,
    })),
  };
}

export async function loadEntryDto(db: Db, caller: Caller, id: string): Promise<Entry> {
  const row = await findEntry(db, caller, id);
  return toEntryDto(row, await correctionsOf(db, row.id));
}
