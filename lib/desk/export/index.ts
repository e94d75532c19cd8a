import { and, count } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { entries } from '@/lib/db/schema/desk';
import { type EntryFilters, entryFilterConditions } from '@/lib/desk/entry-filters';
import { csvEntries, csvItems, csvZip, jsonLines, xlsx } from './formats';
import { exportLayout } from './table';

/**
 * Export of every entry matching the list's filters (not just a page). `zip` holds the entries
 * and their list items as two CSVs; `csv` and `items-csv` are each one of them alone (for the
 * command line, which writes one file); `xlsx` has both as sheets.
 */
export const exportFormats = ['zip', 'csv', 'items-csv', 'xlsx', 'jsonl'] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const exportFormatSchema = z.enum(exportFormats);

const media: Record<ExportFormat, { type: string; ext: string }> = {
  zip: { type: 'application/zip', ext: 'zip' },
  csv: { type: 'text/csv; charset=utf-8', ext: 'csv' },
  'items-csv': { type: 'text/csv; charset=utf-8', ext: 'csv' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
  jsonl: { type: 'application/x-ndjson', ext: 'jsonl' },
};

export interface EntryExport {
  filename: string;
  contentType: string;
  /** Entries in the export (sent ahead as a header, so the browser can show progress). */
  total: number;
  body: AsyncIterable<Uint8Array>;
}

export async function exportEntries(
  db: Db,
  filters: EntryFilters,
  format: ExportFormat,
  now = new Date(),
): Promise<EntryExport> {
  const stamp = now.toISOString().slice(0, 19).replaceAll(':', '').replace('T', '-');
  const name = format === 'items-csv' ? 'line-items' : 'entries';
  const filename = `emend-${name}-${stamp}.${media[format].ext}`;
  const head = { filename, contentType: media[format].type };
  if (format === 'jsonl') {
    const [{ n }] = await db
      .select({ n: count() })
      .from(entries)
      .where(and(...entryFilterConditions({ db }, filters)));
    return { ...head, total: n, body: jsonLines(db, filters) };
  }
  const layout = await exportLayout(db, filters);
  const body =
    format === 'zip'
      ? csvZip(db, filters, layout)
      : format === 'csv'
        ? csvEntries(db, filters, layout)
        : format === 'items-csv'
          ? csvItems(db, filters, layout)
          : xlsx(db, filters, layout);
  return { ...head, total: layout.total, body };
}
