import { asc, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { deployments } from '@/lib/db/schema/desk';
import type { EntryFilters } from '@/lib/desk/entry-filters';
import { type Cell, flattenData } from './flatten';
import { type ExportRow, exportData, exportRows } from './rows';
import { schemaOrder, sortByOrder } from './schema-order';

/**
 * The export as two tables — entries and their list items — whose columns are known before the
 * first row is written (CSV headers, XLSX first rows): a first pass over the data collects every
 * JSON Pointer, ordered as the structures' schemas declare them.
 */

export const entryColumns = [
  'entry_id',
  'deployment_id',
  'deployment',
  'document_name',
  'status',
  'review_state',
  'reviewer',
  'decided_at',
  'error_count',
  'created_at',
  'updated_at',
] as const;

export const itemColumns = ['entry_id', 'list', 'index'] as const;

export interface ExportLayout {
  /** Number of matching entries. */
  total: number;
  dataColumns: string[];
  itemDataColumns: string[];
  /** Whether any entry has list items (else the second table is left out where it can be). */
  hasItems: boolean;
}

export async function exportLayout(db: Db, filters: EntryFilters): Promise<ExportLayout> {
  const data = new Set<string>();
  const item = new Set<string>();
  let total = 0;
  let hasItems = false;
  for await (const page of exportData(db, filters)) {
    total += page.length;
    for (const row of page) {
      const flat = flattenData(row.data);
      for (const key of flat.fields.keys()) data.add(key);
      for (const it of flat.items) {
        hasItems = true;
        for (const key of it.fields.keys()) item.add(key);
      }
    }
  }
  // Columns in the order the structures declare their fields, then any others as found.
  const schemas = await db
    .select({ schema: deployments.schema })
    .from(deployments)
    .where(
      filters.deployment?.length
        ? inArray(deployments.id, filters.deployment)
        : isNotNull(deployments.schema),
    )
    .orderBy(asc(deployments.name));
  const order = schemas.map((d) => schemaOrder(d.schema));
  return {
    total,
    dataColumns: sortByOrder(
      [...data],
      order.flatMap((o) => o.fields),
    ),
    itemDataColumns: sortByOrder(
      [...item],
      order.flatMap((o) => o.items),
    ),
    hasItems,
  };
}

export const entryHeader = (layout: ExportLayout) => [...entryColumns, ...layout.dataColumns];
export const itemHeader = (layout: ExportLayout) => [...itemColumns, ...layout.itemDataColumns];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The cells of one entry, in `entryHeader` order. */
export function entryCells(row: ExportRow, layout: ExportLayout): Cell[] {
  const { fields } = flattenData(row.data);
  return [
    row.id,
    row.deploymentId,
    row.deployment,
    row.documentName,
    row.status,
    row.reviewState,
    row.reviewer,
    iso(row.decidedAt),
    row.errorCount,
    iso(row.createdAt),
    iso(row.updatedAt),
    ...layout.dataColumns.map((c) => fields.get(c) ?? null),
  ];
}

/** The rows of the list items of one entry, in `itemHeader` order. */
export function itemCells(row: { id: string; data: unknown }, layout: ExportLayout): Cell[][] {
  return flattenData(row.data).items.map((it) => [
    row.id,
    it.list,
    it.index,
    ...layout.itemDataColumns.map((c) => it.fields.get(c) ?? null),
  ]);
}

export { exportData, exportRows };
