import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '@/lib/contract/schemas';
import type { Database } from '@/lib/db/client';
import { runs } from '@/lib/db/schema/desk';
import { countEntries, listEntries } from '@/lib/desk/entry-list';
import { claimDueRuns, pollDelayMs, reconcileDueRuns } from '@/lib/desk/reconciler';
import { createExtractionClient } from '@/lib/extraction-api/client';
import { databaseKinds, freshDatabase } from '../support/database';
import { entryOf, newBatchRun, progressOf, runState } from './run-fixtures';

/**
 * A fake v3 service on loopback: GET /v3/batches/{id} answers the batch's current statuses,
 * GET /v3/entries/{id} the entry. `statuses` is changed by the test between polls.
 */
async function fakeV3() {
  const batches = new Map<string, { ids: string[]; statuses: Entry['status'][]; updatedAt: string }>();
  const calls: string[] = [];
  let down = false;
  const server = http.createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (down) return send(503, { error: 'SERVICE_UNAVAILABLE', message: 'down' });
    if (req.headers['x-api-key'] !== 'test-key')
      return send(401, { error: 'AUTHENTICATION_REQUIRED', message: 'key' });
    const batch = req.url?.match(/^\/v3\/batches\/([0-9a-f-]{36})$/);
    if (batch) {
      const b = batches.get(batch[1]);
      if (!b) return send(404, { error: 'BATCH_NOT_FOUND', message: 'no' });
      return send(200, progressOf(batch[1], b.ids, b.statuses, b.updatedAt));
    }
    const entry = req.url?.match(/^\/v3\/entries\/([0-9a-f-]{36})$/);
    if (entry) {
      for (const [batchId, b] of batches) {
        const index = b.ids.indexOf(entry[1]);
        if (index >= 0) return send(200, entryOf(batchId, index, entry[1], b.statuses[index], b.updatedAt));
      }
      return send(404, { error: 'ENTRY_NOT_FOUND', message: 'no' });
    }
    send(404, { error: 'NOT_FOUND', message: 'no' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    client: createExtractionClient({ baseUrl, apiKey: 'test-key', timeoutMs: 5_000 }),
    batches,
    calls,
    setDown: (value: boolean) => {
      down = value;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('pollDelayMs', () => {
  it('doubles from 2 s to a 60 s ceiling, with ±20 % jitter', () => {
    expect([0, 1, 2, 3, 5, 10].map((n) => pollDelayMs(n, () => 0.5))).toEqual([
      2000, 4000, 8000, 16000, 60000, 60000,
    ]);
    expect(pollDelayMs(0, () => 0)).toBe(1600);
    expect(pollDelayMs(0, () => 1)).toBe(2400);
  });
});

describe.each(databaseKinds)('reconciler on $name', ({ target }) => {
  let database: Database;
  let v3: Awaited<ReturnType<typeof fakeV3>>;

  beforeAll(async () => {
    database = await freshDatabase(target);
    v3 = await fakeV3();
  });
  afterAll(async () => {
    await v3?.close();
    await database?.close();
  });

  /** Later than any poll time this test set, so every unfinished run is due. */
  let clock = Date.now() + 10_000;
  const later = () => {
    clock += 120_000;
    return new Date(clock);
  };

  it('polls a run without webhooks to its end, indexes every entry, then stops polling it', async () => {
    const { runId, batchIds } = await newBatchRun(database.db, 3);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    v3.batches.set(batchIds[0], {
      ids,
      statuses: ['processing', 'pending', 'pending'],
      updatedAt: '2026-11-23T00:00:01.000Z',
    });

    // Not due yet: webhooks get a few seconds first.
    expect(await reconcileDueRuns(database.db, v3.client, { now: () => new Date() })).toMatchObject({
      polled: 0,
    });

    let now = later();
    expect(await reconcileDueRuns(database.db, v3.client, { now: () => now })).toEqual({
      polled: 1,
      changed: 1,
      failed: 0,
    });
    expect((await runState(database.db, runId)).run).toMatchObject({ status: 'processing', completed: 0 });

    v3.batches.set(batchIds[0], {
      ids,
      statuses: ['completed', 'completed_with_errors', 'failed'],
      updatedAt: '2026-11-23T00:00:09.000Z',
    });
    now = later();
    expect(await reconcileDueRuns(database.db, v3.client, { now: () => now })).toMatchObject({
      polled: 1,
      changed: 1,
    });
    const state = await runState(database.db, runId);
    expect(state.run).toEqual({ status: 'completed', total: 3, completed: 2, failed: 1, reconciled: true });
    // The full entries were fetched into the index.
    expect(state.items.map((i) => i.indexedStatus)).toEqual(['completed', 'completed_with_errors', 'failed']);
    expect(v3.calls.filter((c) => c.startsWith('GET /v3/entries/'))).toHaveLength(3);
    // The entries list's `?run=` filter keeps exactly this run's entries.
    const view = { filters: { run: runId }, sort: 'created', dir: 'desc' } as const;
    const listed = await listEntries(database.db, view, { limit: 2 });
    expect(listed.rows).toHaveLength(2);
    expect(ids).toContain(listed.rows[0].id);
    const rest = await listEntries(database.db, view, { after: listed.next });
    expect(rest.rows.map((r) => r.id).sort()).toEqual(
      ids.filter((id) => !listed.rows.some((r) => r.id === id)).sort(),
    );
    expect((await countEntries(database.db, { run: runId })).total).toBe(3);

    // Finished and reconciled: never polled again.
    const before = v3.calls.length;
    now = later();
    expect(await reconcileDueRuns(database.db, v3.client, { now: () => now })).toMatchObject({ polled: 0 });
    expect(v3.calls.length).toBe(before);
  });

  it('backs off while nothing moves, and records a failing poll without losing the run', async () => {
    const { runId, batchIds } = await newBatchRun(database.db, 2);
    const ids = [randomUUID(), randomUUID()];
    v3.batches.set(batchIds[0], {
      ids,
      statuses: ['pending', 'pending'],
      updatedAt: '2026-11-23T00:00:01.000Z',
    });
    // The first poll learns the batch (a change); the next ones learn nothing.
    const first = later();
    await reconcileDueRuns(database.db, v3.client, { now: () => first });
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      const now = later();
      await reconcileDueRuns(database.db, v3.client, { now: () => now });
      const [run] = await database.db.select().from(runs).where(eq(runs.id, runId));
      delays.push(run.nextPollAt.getTime() - now.getTime());
      expect(run.pollAttempts).toBe(i + 1);
    }
    expect(delays[1]).toBeGreaterThan(delays[0]);
    expect(delays[2]).toBeGreaterThan(delays[1]);

    v3.setDown(true);
    const now = later();
    expect(await reconcileDueRuns(database.db, v3.client, { now: () => now })).toMatchObject({
      polled: 1,
      failed: 1,
    });
    const [run] = await database.db.select().from(runs).where(eq(runs.id, runId));
    expect(run.lastPollError).toMatch(/SERVICE_UNAVAILABLE/);
    expect(run.leasedBy).toBeNull();
    v3.setDown(false);

    v3.batches.set(batchIds[0], {
      ids,
      statuses: ['completed', 'completed'],
      updatedAt: '2026-11-23T00:00:05.000Z',
    });
    const done = later();
    await reconcileDueRuns(database.db, v3.client, { now: () => done });
    expect((await runState(database.db, runId)).run).toMatchObject({ status: 'completed', reconciled: true });
    const [after] = await database.db.select().from(runs).where(eq(runs.id, runId));
    expect(after.lastPollError).toBeNull();
  });

  it('lets one server at a time hold a run (lease), and frees it when the lease ends', async () => {
    const { runId } = await newBatchRun(database.db, 2);
    const now = later();
    const a = await claimDueRuns(database.db, 'server-a', now, 50);
    expect(a).toContain(runId);
    const b = await claimDueRuns(database.db, 'server-b', now, 50);
    expect(b).not.toContain(runId);
    const c = await claimDueRuns(database.db, 'server-b', new Date(now.getTime() + 61_000), 50);
    expect(c).toContain(runId);
  });

  it('two servers claiming at once never get the same run', async () => {
    for (let i = 0; i < 4; i++) await newBatchRun(database.db, 2);
    const now = later();
    const [a, b] = await Promise.all([
      claimDueRuns(database.db, 'server-a', now, 3),
      claimDueRuns(database.db, 'server-b', now, 3),
    ]);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });
});
