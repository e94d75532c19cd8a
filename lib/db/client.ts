import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { STARTUP_LOCKS } from '@/lib/db/startup-lock';
import { dataDir, env } from '@/lib/env';
import { log } from '@/lib/log';

/** One Drizzle type for both drivers: every query is written once. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close(): Promise<void> };

export type DatabaseTarget = { url: string } | { dir: string } | { memory: true };

const migrationsFolder = path.join(process.cwd(), 'lib/db/migrations');

/** The embedded database is one process's at a time: PGlite has no locking of its own. */
export class DatabaseBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another Emend process (pid ${pid}). ` +
        'Stop the server first, or set DATABASE_URL to use PostgreSQL, which allows several processes.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function takeLock(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      const release = () => fs.rmSync(lockFile, { force: true });
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8'));
      if (holder === process.pid) return () => {};
      if (holder && isAlive(holder)) throw new DatabaseBusyError(dir, holder);
      fs.rmSync(lockFile, { force: true }); // left behind by a process that died
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

export function defaultTarget(): DatabaseTarget {
  const url = env().DATABASE_URL;
  return url ? { url } : { dir: path.join(dataDir(), 'pglite') };
}

/** Opens a database and applies the committed migrations. */
export async function openDatabase(target: DatabaseTarget = defaultTarget()): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: env().EMEND_DB_POOL });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (error) => log().warn({ error: error.message }, 'idle PostgreSQL connection lost'));
    const db = drizzlePg({ client: pool }) as unknown as Db;
    // Several servers may start at once against one PostgreSQL: migrate under a lock.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCKS.migrations]);
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCKS.migrations]).catch(() => {});
      client.release();
    }
    return { kind: 'postgres', db, pool, close: () => pool.end() };
  }
  const release = 'dir' in target ? takeLock(target.dir) : () => {};
  try {
    // pg_trgm backs the entries list's search index (migration 0004).
    const options = { extensions: { pg_trgm } };
    const pglite = 'dir' in target ? new PGlite(target.dir, options) : new PGlite(options);
    await pglite.waitReady;
    const db = drizzlePglite({ client: pglite }) as unknown as Db;
    await migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder });
    return {
      kind: 'pglite',
      db,
      pglite,
      close: async () => {
        await pglite.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

// Next.js may load this module in several bundles (instrumentation, routes): the one
// database of the process hangs off globalThis so PGlite is never opened twice.
const holder = globalThis as typeof globalThis & { __emendDatabase?: Promise<Database> };

export function getDatabase(): Promise<Database> {
  holder.__emendDatabase ??= openDatabase().catch((error) => {
    holder.__emendDatabase = undefined;
    throw error;
  });
  return holder.__emendDatabase;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
