import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { createBoss, createQueues, QUEUES } from '@/lib/service/jobs/queue';
import { databaseKinds, freshDatabase } from '../support/database';

/** The queues follow the settings of the server that starts them, not those of the first one. */
describe.each(databaseKinds)('job queue settings on $name', ({ target }) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(target);
  });
  afterAll(() => database?.close());

  async function startWith(expireInSeconds: number) {
    const boss = createBoss(database, { expireInSeconds, maintenanceIntervalSeconds: 60 });
    await boss.start();
    await createQueues(boss, { expireInSeconds, maintenanceIntervalSeconds: 60 });
    await boss.stop({ graceful: false, wait: true });
  }
  const expiry = async (queue: string) => {
    const result = await database.db.execute(
      sql`select expire_seconds from jobs.queue where name = ${queue}`,
    );
    return (result as { rows: { expire_seconds: number }[] }).rows[0]?.expire_seconds;
  };

  it('creates the queues, then applies a changed job expiry on the next start', async () => {
    await startWith(900);
    expect(await expiry(QUEUES.processEntry)).toBe(900);
    expect(await expiry(QUEUES.deliverWebhook)).toBe(120);
    await startWith(300);
    expect(await expiry(QUEUES.processEntry)).toBe(300);
    // Deliveries keep their own, shorter bound.
    expect(await expiry(QUEUES.deliverWebhook)).toBe(120);
    await startWith(60);
    expect(await expiry(QUEUES.deliverWebhook)).toBe(60);
  });
});
