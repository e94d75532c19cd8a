import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, type DatabaseTarget, openDatabase } from '@/lib/db/client';

/** This run's own database (tests/support/global-setup.ts), else the configured one. */
export const POSTGRES_URL =
  process.env.TEST_RUN_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** Every storage test runs on both: embedded PGlite and a real PostgreSQL. */
export const databaseKinds: { name: string; target: DatabaseTarget }[] = [
  { name: 'PGlite', target: { memory: true } },
  { name: 'PostgreSQL', target: { url: POSTGRES_URL } },
];

/** A migrated, empty database. On PostgreSQL the Emend schemas are dropped first. */
export async function freshDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query('drop schema if exists desk, service, jobs, drizzle cascade');
    await client.end();
  }
  return openDatabase(target);
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `emend-${prefix}-`));
}
