import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { vacuumDueTables } from '@/lib/db/embedded-vacuum';
import { settings } from '@/lib/db/schema/desk';
import { databaseKinds, freshDatabase } from '../support/database';

/** Dead rows in a table, as the statistics see them once this session's counts are flushed. */
async function deadRows(database: Database, table: string): Promise<number> {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const result = await database.db.execute(
    sql`select n_dead_tup::int as dead from pg_stat_user_tables where schemaname || '.' || relname = ${table}`,
  );
  return Number((result as { rows: { dead: number }[] }).rows[0]?.dead ?? 0);
}

describe.each(databaseKinds)('embedded vacuum on $name', ({ name, target }) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(target);
  });
  afterAll(() => database?.close());

  it('vacuums the tables autovacuum would (PGlite has none), and leaves PostgreSQL to its own', async () => {
    // 2,000 rows written and deleted: 2,000 dead rows, far over the threshold.
    await database.db
      .insert(settings)
      .values(Array.from({ length: 2000 }, (_, i) => ({ key: `junk-${i}`, value: i })));
    await database.db.delete(settings).where(sql`${settings.key} like 'junk-%'`);
    expect(await deadRows(database, 'desk.settings')).toBeGreaterThanOrEqual(2000);

    const done = await vacuumDueTables(database);
    if (name === 'PostgreSQL') {
      expect(done).toEqual([]);
      return;
    }
    expect(done.map((d) => d.table)).toContain('desk.settings');
    expect(done.find((d) => d.table === 'desk.settings')?.deadRows).toBeGreaterThanOrEqual(2000);
    expect(await deadRows(database, 'desk.settings')).toBe(0);
    // Nothing left over the threshold: the next pass does nothing to it.
    expect((await vacuumDueTables(database)).map((d) => d.table)).not.toContain('desk.settings');
  });
});
