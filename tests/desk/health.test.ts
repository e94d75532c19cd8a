import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { filesystemBlobStore } from '@/lib/blobs';
import type { Database } from '@/lib/db/client';
import { readiness } from '@/lib/health';
import { shutdown } from '@/lib/shutdown';
import { databaseKinds, freshDatabase, tempDir } from '../support/database';

describe('GET /api/health', () => {
  it('answers 200 without consulting anything', async () => {
    const response = health();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe.each(databaseKinds)('readiness ($name)', ({ target }) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(target);
  });
  afterAll(() => database.close());

  const logged: string[] = [];
  const log = (m: string) => logged.push(m);

  it('is ready when every part answers', async () => {
    const report = await readiness(
      {
        database: () => database.db.execute(sql`select 1`),
        blob_store: () => filesystemBlobStore(tempDir('ready')).check(),
      },
      log,
    );
    expect(report).toEqual({ ready: true, checks: { database: 'ok', blob_store: 'ok' }, failing: [] });
  });

  it('names the failing part, keeps the reason out of the answer and logs it', async () => {
    const secretPath = '/dev/null/emend-secret-blobs';
    const report = await readiness(
      {
        database: () => database.db.execute(sql`select 1`),
        blob_store: () => filesystemBlobStore(secretPath).check(),
        extraction_service: () => new Promise(() => {}), // never answers: bounded by the check's timeout
      },
      log,
    );
    expect(report.ready).toBe(false);
    expect(report.failing).toEqual(['blob_store', 'extraction_service']);
    expect(report.checks).toEqual({ database: 'ok', blob_store: 'failed', extraction_service: 'failed' });
    expect(JSON.stringify(report)).not.toContain('secret');
    expect(logged.some((m) => m.includes('blob_store failed') && m.includes(secretPath))).toBe(true);
  });
});

describe('readiness while shutting down', () => {
  it('answers not ready once a shutdown began', async () => {
    await shutdown(() => {});
    const report = await readiness({ database: async () => {} }, () => {});
    expect(report).toMatchObject({ ready: false, failing: ['shutting_down'] });
  });
});
