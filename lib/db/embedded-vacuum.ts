import { startLoop } from '@/lib/background';
import type { Database } from '@/lib/db/client';
import { log } from '@/lib/log';

/**
 * PGlite is PostgreSQL in single-user mode: `autovacuum` reads "on" but no autovacuum worker
 * ever runs, so dead rows — pg-boss's job churn above all, and every entry refresh — would
 * never be reclaimed and the embedded database would only grow and slow down. This does the
 * autovacuum's job in the server: the tables over autovacuum's own threshold (50 rows + 20 %
 * of the live ones) are vacuumed and analysed, a few per pass so that one pass never holds
 * PGlite's single connection for long. PostgreSQL has its own autovacuum and is left alone.
 */

export const VACUUM_THRESHOLD_ROWS = 50;
export const VACUUM_SCALE_FACTOR = 0.2;

export interface VacuumedTable {
  table: string;
  deadRows: number;
  ms: number;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** One pass: vacuums (and analyses) up to `maxTables` of the tables most in need of it. */
export async function vacuumDueTables(database: Database, maxTables = 3): Promise<VacuumedTable[]> {
  if (database.kind !== 'pglite') return [];
  const { rows } = await database.pglite.query<{ schema: string; table: string; dead: number }>(
    `select schemaname as schema, relname as table, n_dead_tup::int as dead
       from pg_stat_user_tables
      where n_dead_tup > $1::int + $2::float8 * n_live_tup
      order by n_dead_tup desc
      limit $3`,
    [VACUUM_THRESHOLD_ROWS, VACUUM_SCALE_FACTOR, maxTables],
  );
  const done: VacuumedTable[] = [];
  for (const row of rows) {
    const started = performance.now();
    // VACUUM cannot run inside a transaction: exec sends it on its own.
    await database.pglite.exec(`vacuum (analyze) ${quoteIdent(row.schema)}.${quoteIdent(row.table)}`);
    done.push({ table: `${row.schema}.${row.table}`, deadRows: row.dead, ms: performance.now() - started });
  }
  return done;
}

/** Runs a pass every `intervalMs` for the embedded database; a no-op on PostgreSQL. */
export function startEmbeddedVacuum(open: () => Promise<Database>, intervalMs = 60_000): () => void {
  return startLoop('[db] vacuum pass', intervalMs, async () => {
    for (const t of await vacuumDueTables(await open())) {
      if (t.ms > 1_000)
        log().info({ table: t.table, deadRows: t.deadRows, ms: Math.round(t.ms) }, 'vacuumed');
    }
  });
}
