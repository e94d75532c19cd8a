import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { countEntries } from '@/lib/desk/entry-list';
import { freshDatabase, POSTGRES_URL } from '../support/database';

const DEPLOYMENT = randomUUID();

async function connect(): Promise<{ client: pg.Client; shard: number }> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  const { rows } = await client.query('select pg_backend_pid() % 16 as shard');
  return { client, shard: Number(rows[0].shard) };
}

const insert = (client: pg.Client) =>
  client.query(
    `insert into desk.entries (id, deployment_id, document_name, status, created_at)
     values ($1, $2, 'a.pdf', 'completed', now())`,
    [randomUUID(), DEPLOYMENT],
  );

describe('entry counters do not serialise writers (PostgreSQL)', () => {
  let database: Database;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    database = await freshDatabase({ url: POSTGRES_URL });
  });
  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => {});
    await database.close();
  });

  it('a second writer of the same deployment is not held by the first one’s open transaction', async () => {
    const first = await connect();
    clients.push(first.client);
    // A second connection on another shard (pids are what they are: open until one differs).
    let second = await connect();
    clients.push(second.client);
    while (second.shard === first.shard) {
      second = await connect();
      clients.push(second.client);
    }
    await first.client.query('begin');
    await insert(first.client); // holds its counter row until commit
    await second.client.query("set lock_timeout = '2s'");
    // With one counter row per deployment this waited for the first commit (and here timed out).
    await insert(second.client);
    await first.client.query('commit');

    const counts = await countEntries(database.db, { deployment: [DEPLOYMENT] });
    expect(counts.total).toBe(2);
    const { rows } = await first.client.query(
      'select count(*)::int as shards, sum(n)::int as n from desk.entry_counts where deployment_id = $1',
      [DEPLOYMENT],
    );
    expect(rows[0]).toEqual({ shards: 2, n: 2 });
  });
});
