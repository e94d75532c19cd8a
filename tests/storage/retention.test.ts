import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore, filesystemBlobStore } from '@/lib/blobs';
import type { Database } from '@/lib/db/client';
import { documents as deskDocuments } from '@/lib/db/schema/desk';
import { entries, documents as serviceDocuments, webhookDeliveries } from '@/lib/db/schema/service';
import { readDocumentBytes } from '@/lib/desk/document-copies';
import { PURGED_BLOB_KEY, purge } from '@/lib/retention';
import { ensureAccount } from '@/lib/service/accounts';
import { SEEDED, seedService } from '@/lib/service/seed';
import { databaseKinds, freshDatabase, tempDir } from '../support/database';

const DAY = 86_400_000;
const now = Date.now();
const old = new Date(now - 40 * DAY);
const recent = new Date(now - 1 * DAY);
const cutoff = new Date(now - 30 * DAY);
const bytes = (text: string) => new TextEncoder().encode(text);

describe.each(databaseKinds)('retention purge ($name)', ({ target }) => {
  let database: Database;
  let stores: { desk: BlobStore; service: BlobStore };
  beforeAll(async () => {
    database = await freshDatabase(target);
    await seedService(database.db);
    const root = tempDir('retention');
    stores = {
      desk: filesystemBlobStore(path.join(root, 'desk')),
      service: filesystemBlobStore(path.join(root, 'service')),
    };
  });
  afterAll(() => database.close());

  it('removes old files, inputs, deliveries and jobs; keeps entries, recent rows and shared files', async () => {
    const { db } = database;
    // Desk: an old document alone, an old one whose bytes a recent upload shares, a recent one.
    const lone = await stores.desk.put(bytes('old scan'));
    const shared = await stores.desk.put(bytes('same scan twice'));
    const fresh = await stores.desk.put(bytes('recent scan'));
    const deskRow = (key: string, createdAt: Date) => ({
      filename: 'a.txt',
      mimeType: 'text/plain',
      sizeBytes: 1,
      sha256: key,
      blobKey: key,
      createdAt,
    });
    const [oldDesk] = await db.insert(deskDocuments).values(deskRow(lone.key, old)).returning();
    await db
      .insert(deskDocuments)
      .values([deskRow(shared.key, old), deskRow(shared.key, recent), deskRow(fresh.key, recent)]);

    // Service: an old and a recent upload; entries finished long ago, pending long ago, recent.
    const account = await ensureAccount(db, 'retention');
    const up = (text: string, createdAt: Date) =>
      stores.service.put(bytes(text)).then(({ key }) =>
        db
          .insert(serviceDocuments)
          .values({
            accountId: account.id,
            mimeType: 'text/plain',
            sizeBytes: 1,
            pages: 1,
            sha256: key,
            blobKey: key,
            createdAt,
          })
          .returning(),
      );
    const [[oldUpload], [recentUpload]] = await Promise.all([
      up('old upload', old),
      up('recent upload', recent),
    ]);
    const input = (text: string) => stores.service.put(bytes(JSON.stringify([{ text }])));
    const doneInput = await input('done long ago');
    const pendingInput = await input('still queued');
    const entry = (status: string, inputKey: string, createdAt: Date) => ({
      accountId: account.id,
      deploymentId: SEEDED.invoice.deploymentId,
      structureId: SEEDED.invoice.structureId,
      structureVersion: 1,
      status,
      inputKey,
      createdAt,
    });
    const [done, pending, fresher] = await db
      .insert(entries)
      .values([
        entry('completed', doneInput.key, old),
        entry('pending', pendingInput.key, old),
        entry('completed', doneInput.key, recent),
      ])
      .returning();
    const delivery = (status: string, createdAt: Date) => ({
      accountId: account.id,
      event: 'structurer.completed',
      url: 'http://127.0.0.1/hook',
      body: '{}',
      status,
      createdAt,
    });
    await db
      .insert(webhookDeliveries)
      .values([
        delivery('delivered', old),
        delivery('failed', old),
        delivery('pending', old),
        delivery('delivered', recent),
      ]);

    const counts = await purge(db, stores, cutoff);
    expect(counts).toEqual({
      deskDocuments: 2,
      serviceDocuments: 1,
      entryInputs: 1,
      webhookDeliveries: 2,
      jobs: 0,
    });

    // Desk: the lone old file is gone, the row stays and reads as missing; shared and recent stay.
    await expect(stores.desk.get(lone.key)).rejects.toBeInstanceOf(BlobNotFoundError);
    const [row] = await db.select().from(deskDocuments).where(eq(deskDocuments.id, oldDesk.id));
    expect(row.blobKey).toBe(PURGED_BLOB_KEY);
    await expect(readDocumentBytes(row)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await stores.desk.get(shared.key)).toEqual(bytes('same scan twice'));
    expect(await stores.desk.get(fresh.key)).toEqual(bytes('recent scan'));

    // Service: the old upload is gone, row and file; the recent one stays.
    expect(await db.select().from(serviceDocuments).where(eq(serviceDocuments.id, oldUpload.id))).toEqual([]);
    await expect(stores.service.get(oldUpload.blobKey)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await stores.service.get(recentUpload.blobKey)).toEqual(bytes('recent upload'));

    // Entries all stay; the old finished one loses its input, whose file a recent entry still uses.
    const byId = new Map((await db.select().from(entries)).map((e) => [e.id, e]));
    expect(byId.size).toBe(3);
    expect(byId.get(done.id)?.inputKey).toBeNull();
    expect(byId.get(pending.id)?.inputKey).toBe(pendingInput.key);
    expect(byId.get(fresher.id)?.inputKey).toBe(doneInput.key);
    expect(await stores.service.get(doneInput.key)).toBeTruthy();

    // Deliveries: the pending one and the recent one stay.
    const left = await db.select({ status: webhookDeliveries.status }).from(webhookDeliveries);
    expect(left.map((d) => d.status).sort()).toEqual(['delivered', 'pending']);

    // Again: nothing left to do.
    expect(await purge(db, stores, cutoff)).toEqual({
      deskDocuments: 0,
      serviceDocuments: 0,
      entryInputs: 0,
      webhookDeliveries: 0,
      jobs: 0,
    });
  });
});

describe('emend purge (CLI)', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const cli = (args: string[], extra: Record<string, string> = {}) =>
    promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), ['scripts/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, EMEND_DATA_DIR: tempDir('purge-cli'), DATABASE_URL: '', ...extra },
    });

  it('purges with --days or EMEND_RETENTION_DAYS and prints the counts', async () => {
    const { stdout } = await cli(['purge', '--days', '30']);
    expect(JSON.parse(stdout)).toEqual({
      deskDocuments: 0,
      serviceDocuments: 0,
      entryInputs: 0,
      webhookDeliveries: 0,
      jobs: 0,
    });
    const viaEnv = await cli(['purge'], { EMEND_RETENTION_DAYS: '7' });
    expect(JSON.parse(viaEnv.stdout).jobs).toBe(0);
  });

  it('refuses without a number of days, or a bad one, clearly', async () => {
    await expect(cli(['purge'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('purge needs --days N'),
    });
    await expect(cli(['purge', '--days', 'soon'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--days must be a whole number'),
    });
  });
});
