import readXlsxFile from 'read-excel-file/node';
import { UnreadableDocumentError } from '../errors';
import type { Page } from '../types';
import { rowsToPages } from './csv';

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** XLSX → every sheet as a table: lines whose spans are the cells, like CSV. */
export async function readXlsx(bytes: Uint8Array): Promise<Page[]> {
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    sheets = await readXlsxFile(Buffer.from(bytes));
  } catch (error) {
    throw new UnreadableDocumentError(`The spreadsheet could not be opened: ${(error as Error).message}`);
  }
  const pages = sheets.flatMap((sheet) => rowsToPages(sheet.data.map((row) => row.map(cellText))));
  return pages.map((page, i) => ({ ...page, number: i + 1 }));
}
