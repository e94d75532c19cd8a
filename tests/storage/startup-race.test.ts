import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { POSTGRES_URL, tempDir } from '../support/database';

const root = path.resolve(import.meta.dirname, '../..');

/** A database of its own, empty: the race is about the very first start. */
async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${new URL(POSTGRES_URL).pathname.slice(1)}_race`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

function start(url: string, blobDir: string): Promise<{ code: number | null; out: string; err: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, BLOB_DIR: blobDir };
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/start-child.ts'], {
    cwd: root,
    env,
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
}

describe('start-up on an empty PostgreSQL database', () => {
  it('three processes started at once all come up; every first-start step happens once', async () => {
    const database = await emptyDatabase();
    try {
      const blobDir = tempDir('race');
      const runs = await Promise.all([1, 2, 3].map(() => start(database.url, blobDir)));
      for (const run of runs) expect(run, run.err).toMatchObject({ code: 0 });
      const created = runs.map((r) => JSON.parse(r.out.match(/started (.*)/)![1]).createdAdmin);
      expect(created.filter(Boolean)).toHaveLength(1);

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const one = async (query: string) => Number((await client.query(query)).rows[0].n);
        expect(await one('select count(*) as n from desk.users')).toBe(1);
        expect(
          await one("select count(*) as n from desk.settings where key = 'embedded_service_api_key'"),
        ).toBe(1);
        // One desk key: racing servers would each provision one, and all but the last would dangle.
        expect(
          await one(
            "select count(*) as n from service.api_keys k join service.accounts a on a.id = k.account_id where a.name = 'emend-desk'",
          ),
        ).toBe(1);
        expect(await one('select count(*) as n from service.deployments')).toBe(4);
        expect(await one("select count(*) as n from jobs.queue where name like 'service-%'")).toBe(2);
      } finally {
        await client.end();
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});
