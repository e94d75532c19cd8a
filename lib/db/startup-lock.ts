import type { Database } from '@/lib/db/client';

/**
 * Advisory lock keys of Emend's first-start steps. Migrations take MIGRATIONS; the rest of a
 * process's first start (queues, seed, first admin, the desk's key, demo entries) takes
 * FIRST_START, so servers and workers started at once on an empty database take turns.
 */
export const STARTUP_LOCKS = { migrations: 72510321, firstStart: 72510322 } as const;

/**
 * Runs `step` while holding a PostgreSQL session advisory lock on a connection of its own.
 * The embedded PGlite belongs to one process (lib/db/client.ts locks its folder), so there
 * nothing can race and the step simply runs. Never nest two calls: the inner one would wait
 * for a lock its own process holds on another connection.
 */
export async function withStartupLock<T>(
  database: Database,
  key: number,
  step: () => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres') return step();
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await step();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
    client.release();
  }
}
