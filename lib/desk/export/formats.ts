import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { Zip, ZipDeflate } from 'fflate';
import type { Db } from '@/lib/db/client';
import type { EntryFilters } from '@/lib/desk/entry-filters';
import { csvLine } from './csv';
import {
  type ExportLayout,
  entryCells,
  entryHeader,
  exportData,
  exportRows,
  itemCells,
  itemHeader,
} from './table';

/**
 * The export formats, each an async iterable of bytes pulled page by page: nothing is fetched
 * from the database faster than the reader takes it, so memory stays at about one page.
 */

const encoder = new TextEncoder();

async function* entriesCsv(db: Db, filters: EntryFilters, layout: ExportLayout): AsyncGenerator<string> {
  yield csvLine(entryHeader(layout));
  for await (const page of exportRows(db, filters))
    yield page.map((row) => csvLine(entryCells(row, layout))).join('');
}

async function* itemsCsv(db: Db, filters: EntryFilters, layout: ExportLayout): AsyncGenerator<string> {
  yield csvLine(itemHeader(layout));
  for await (const page of exportData(db, filters))
    yield page.flatMap((row) => itemCells(row, layout).map(csvLine)).join('');
}

async function* bytes(text: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  for await (const t of text) if (t) yield encoder.encode(t);
}

export const csvEntries = (db: Db, filters: EntryFilters, layout: ExportLayout) =>
  bytes(entriesCsv(db, filters, layout));

export const csvItems = (db: Db, filters: EntryFilters, layout: ExportLayout) =>
  bytes(itemsCsv(db, filters, layout));

/** entries.csv and line_items.csv in one ZIP (deflated as they stream). */
export async function* csvZip(
  db: Db,
  filters: EntryFilters,
  layout: ExportLayout,
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const files: [string, AsyncIterable<string>][] = [
    ['entries.csv', entriesCsv(db, filters, layout)],
    ['line_items.csv', itemsCsv(db, filters, layout)],
  ];
  for (const [name, text] of files) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    for await (const t of text) {
      file.push(encoder.encode(t));
      if (failure) throw failure;
      yield* out.splice(0);
    }
    file.push(new Uint8Array(0), true);
  }
  zip.end();
  if (failure) throw failure;
  yield* out.splice(0);
}

/** Bytes the XLSX writer may have waiting before it stops for the reader. */
const XLSX_BUFFER = 4 * 1024 * 1024;

/**
 * Entries on a first sheet, list items on a second, with ExcelJS's streaming writer (inline
 * strings, no styles): rows are committed as they are written and the sheets one after the other,
 * so neither sheet is held in memory.
 */
export async function* xlsx(db: Db, filters: EntryFilters, layout: ExportLayout): AsyncGenerator<Uint8Array> {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
  });
  const waitForReader = async () => {
    while (stream.readableLength > XLSX_BUFFER) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const write = (async () => {
    const sheet = workbook.addWorksheet('Entries');
    sheet.addRow(entryHeader(layout)).commit();
    for await (const page of exportRows(db, filters)) {
      for (const row of page) sheet.addRow(entryCells(row, layout)).commit();
      await waitForReader();
    }
    sheet.commit();
    const items = workbook.addWorksheet('Line items');
    items.addRow(itemHeader(layout)).commit();
    for await (const page of exportData(db, filters)) {
      for (const row of page) for (const cells of itemCells(row, layout)) items.addRow(cells).commit();
      await waitForReader();
    }
    items.commit();
    await workbook.commit();
  })();
  // A failure while writing ends the byte stream with it, so the reader sees it.
  write.catch((error: Error) => stream.destroy(error));
  for await (const chunk of stream) yield chunk as Uint8Array;
  await write;
}

/** One JSON object per line: the entry's columns and its final data as it is (not flattened). */
export async function* jsonLines(db: Db, filters: EntryFilters): AsyncGenerator<Uint8Array> {
  for await (const page of exportRows(db, filters)) {
    const text = page
      .map(
        (r) =>
          `${JSON.stringify({
            entry_id: r.id,
            deployment_id: r.deploymentId,
            deployment: r.deployment,
            document_name: r.documentName,
            status: r.status,
            review_state: r.reviewState,
            reviewer: r.reviewer,
            decided_at: r.decidedAt?.toISOString() ?? null,
            error_count: r.errorCount,
            created_at: r.createdAt.toISOString(),
            updated_at: r.updatedAt.toISOString(),
            data: r.data,
          })}\n`,
      )
      .join('');
    yield encoder.encode(text);
  }
}
