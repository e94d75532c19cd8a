import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/auth/users';
import type { Database } from '@/lib/db/client';
import { deployments, entries, reviewDecisions } from '@/lib/db/schema/desk';
import { recordDecision } from '@/lib/desk/decisions';
import { indexEntry } from '@/lib/desk/entry-index';
import { type ExportFormat, exportEntries } from '@/lib/desk/export';
import { exportRows } from '@/lib/desk/export/rows';
import { databaseKinds, freshDatabase } from '../support/database';
import { fakeEntry } from '../support/entries';

const DEPLOYMENT = randomUUID();
const OTHER = randomUUID();
const base = Date.parse('2026-04-01T08:00:00Z');

async function collect(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const c of body) chunks.push(c);
  return Buffer.concat(chunks);
}

const exportOf = async (db: Database['db'], format: ExportFormat, filters = {}) => {
  const result = await exportEntries(db, filters, format);
  return { ...result, bytes: await collect(result.body) };
};

/** Exports on a real database: the filters, every entry (not a page), both tables, each format. */
describe.each(databaseKinds)('entries export on $name', ({ target }) => {
  let database: Database;
  const ids: string[] = [];
  let reviewer: string;

  beforeAll(async () => {
    database = await freshDatabase(target);
    const user = await createUser(database.db, {
      email: 'ana@example.com',
      password: 'password-1',
      role: 'reviewer',
    });
    reviewer = user.id;
    // The structure's order of fields, which the columns follow (jsonb keeps its own).
    await database.db.insert(deployments).values({
      id: DEPLOYMENT,
      name: 'Invoices',
      source: 'manual',
      schema: {
        type: 'object',
        properties: {
          invoice_number: { type: 'string' },
          seller: { type: 'object', properties: { name: { type: 'string' } } },
          line_items: {
            type: 'array',
            items: {
              type: 'object',
              properties: { description: { type: 'string' }, amount: { type: 'number' } },
            },
          },
          total: { type: 'number' },
        },
      },
    });
    for (let i = 0; i < 12; i++) {
      const entry = fakeEntry(new Date(base + i * 60_000), {
        deployment_id: i === 11 ? OTHER : DEPLOYMENT,
        data: {
          invoice_number: i === 3 ? '=cmd|calc' : `INV-${i}`,
          seller: { name: 'ACME, Inc.' },
          total: i * 10,
          line_items:
            i % 2
              ? []
              : [
                  { description: `Bolt ${i}`, amount: i },
                  { description: 'Nut', amount: 1, sku: 'N-1' },
                ],
        },
      });
      await indexEntry(database.db, entry, {
        documentId: null,
        documentName: `doc-${i}.pdf`,
        createdBy: null,
      });
      ids.push(entry.entry_id);
    }
    await recordDecision(database.db, { entryId: ids[0], userId: reviewer, decision: 'approved' });
    await recordDecision(database.db, {
      entryId: ids[1],
      userId: reviewer,
      decision: 'rejected',
      reason: 'blurry',
    });
    await database.db
      .insert(reviewDecisions)
      .values({ entryId: ids[2], userId: null, decision: 'approved', automatic: true });
    await database.db.update(entries).set({ reviewState: 'approved' }).where(eq(entries.id, ids[2]));
  });
  afterAll(() => database.close());

  it('pages through every matching entry in order, without gaps or repeats', async () => {
    const seen: string[] = [];
    for await (const page of exportRows(database.db, { deployment: [DEPLOYMENT] }, 5)) {
      expect(page.length).toBeLessThanOrEqual(5);
      seen.push(...page.map((r) => r.id));
    }
    expect(seen).toEqual(ids.slice(0, 11));
  });

  it('writes a CSV of the entries with flattened data, reviewer and defused formulas', async () => {
    const { bytes, total, contentType, filename } = await exportOf(database.db, 'csv', {
      deployment: [DEPLOYMENT],
    });
    expect(total).toBe(11);
    expect(contentType).toMatch(/^text\/csv/);
    expect(filename).toMatch(/^emend-entries-\d{4}-\d{2}-\d{2}-\d{6}\.csv$/);
    const lines = bytes.toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(12);
    expect(lines[0]).toBe(
      'entry_id,deployment_id,deployment,document_name,status,review_state,reviewer,decided_at,error_count,created_at,updated_at,/invoice_number,/seller/name,/total',
    );
    expect(lines[1]).toContain(
      `${ids[0]},${DEPLOYMENT},Invoices,doc-0.pdf,completed,approved,ana@example.com,`,
    );
    expect(lines[1]).toMatch(/,INV-0,"ACME, Inc\.",0$/);
    expect(lines[2]).toContain(',rejected,ana@example.com,');
    expect(lines[3]).toContain(',approved,system,');
    expect(lines[4]).toContain(",'=cmd|calc,");
    expect(lines[5]).toContain(',to_review,,,');
  });

  it('zips the entries and their line items keyed by entry id', async () => {
    const { bytes, contentType } = await exportOf(database.db, 'zip', { review: ['approved'] });
    expect(contentType).toBe('application/zip');
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toEqual(['entries.csv', 'line_items.csv']);
    const entriesCsv = strFromU8(files['entries.csv']).trimEnd().split('\r\n');
    expect(entriesCsv.slice(1).map((l) => l.split(',')[0])).toEqual([ids[0], ids[2]]);
    expect(strFromU8(files['line_items.csv']).trimEnd().split('\r\n')).toEqual([
      'entry_id,list,index,/description,/amount,/sku',
      `${ids[0]},/line_items,0,Bolt 0,0,`,
      `${ids[0]},/line_items,1,Nut,1,N-1`,
      `${ids[2]},/line_items,0,Bolt 2,2,`,
      `${ids[2]},/line_items,1,Nut,1,N-1`,
    ]);
  });

  it('writes an XLSX with an entries sheet and a line items sheet, values typed', async () => {
    const { bytes } = await exportOf(database.db, 'xlsx', { deployment: [DEPLOYMENT], errors: 'without' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const [sheet, items] = workbook.worksheets;
    expect(sheet.name).toBe('Entries');
    expect(items.name).toBe('Line items');
    expect(sheet.rowCount).toBe(12);
    expect(sheet.getRow(1).getCell(12).value).toBe('/invoice_number');
    expect(sheet.getRow(5).getCell(12).value).toBe('=cmd|calc');
    expect(sheet.getRow(3).getCell(14).value).toBe(10);
    expect(items.rowCount).toBe(1 + 6 * 2);
    expect(items.getRow(2).values).toEqual([undefined, ids[0], '/line_items', 0, 'Bolt 0', 0]);
  });

  it('writes JSON Lines with the data as it is', async () => {
    const { bytes, total } = await exportOf(database.db, 'jsonl', { review: ['rejected'] });
    expect(total).toBe(1);
    const lines = bytes
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      entry_id: ids[1],
      review_state: 'rejected',
      reviewer: 'ana@example.com',
      data: { invoice_number: 'INV-1', line_items: [] },
    });
  });

  it('exports only a header when nothing matches', async () => {
    const { bytes, total } = await exportOf(database.db, 'items-csv', { q: 'no-such-thing' });
    expect(total).toBe(0);
    expect(bytes.toString('utf8')).toBe('entry_id,list,index\r\n');
  });
});
