import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchProgress, Entry } from '@/lib/contract/schemas';
import { signWebhook } from '@/lib/contract/webhook-signature';
import type { Database } from '@/lib/db/client';
import { runs, webhookReceipts } from '@/lib/db/schema/desk';
import { planBatches } from '@/lib/desk/runs/planning';
import { webhookSecret, webhookUrl } from '@/lib/desk/runs/webhook-target';
import { ingestWebhook, refuseUnsignedWebhook } from '@/lib/desk/webhook-ingest';
import { databaseKinds, freshDatabase } from '../support/database';
import { entryOf, newBatchRun, progressOf, runState, textItems } from './run-fixtures';

const NOW = Math.floor(Date.now() / 1000);

function envelope(event: string, data: Entry | BatchProgress, eventId = randomUUID()) {
  return JSON.stringify({ event_id: eventId, event, created_at: new Date().toISOString(), data });
}

describe('planBatches', () => {
  it('splits by 100 items and keeps order', () => {
    const chunks = planBatches(textItems(250));
    expect(chunks.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(chunks[2][0].documentName).toBe('invoice-200.txt');
  });
  it('splits by size, a big item alone', () => {
    const items = textItems(3).map((item, i) => ({
      ...item,
      document: { type: 'base64' as const, content: 'A'.repeat(i === 1 ? 50 : 10) },
    }));
    expect(planBatches(items, { maxChars: 2_050 }).map((c) => c.length)).toEqual([1, 1, 1]);
    expect(planBatches(items, { maxChars: 3_000 }).map((c) => c.length)).toEqual([2, 1]);
  });
});

describe.each(databaseKinds)('webhook ingest on $name', ({ target }) => {
  let database: Database;
  let secret: string;

  beforeAll(async () => {
    database = await freshDatabase(target);
    secret = await webhookSecret(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const deliver = (rawBody: string, options: { signature?: string | null; now?: number } = {}) =>
    ingestWebhook(database.db, {
      rawBody,
      signature: options.signature === undefined ? signWebhook(secret, rawBody, NOW) : options.signature,
      now: options.now ?? NOW,
    });

  it('keeps one secret, sends it with every batch, and the webhook URL of this desk', async () => {
    expect(await webhookSecret(database.db)).toBe(secret);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const { sent } = await newBatchRun(database.db, 2);
    expect(sent[0].webhook).toEqual({ url: webhookUrl(), secret, incremental: true });
    expect(webhookUrl()).toMatch(/\/api\/webhooks\/extraction$/);
  });

  it('applies a good item event: the item, the index and the derived counters', async () => {
    const { runId, batchIds } = await newBatchRun(database.db, 3);
    const entry = entryOf(batchIds[0], 1, randomUUID(), 'completed_with_errors');
    const result = await deliver(envelope('batch.item.completed', entry));
    expect(result).toEqual({ status: 200, body: { ok: true, outcome: 'applied' } });
    const state = await runState(database.db, runId);
    expect(state.run).toMatchObject({ status: 'processing', completed: 1, failed: 0, reconciled: false });
    expect(state.items[1]).toMatchObject({
      status: 'completed_with_errors',
      errorCount: 1,
      indexedStatus: 'completed_with_errors',
      indexedErrors: 1,
    });
    const [run] = await database.db.select().from(runs).where(eq(runs.id, runId));
    expect(run.lastWebhookAt).not.toBeNull();
    expect(run.nextPollAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
  });

  it('refuses a bad, stale, missing or malformed signature with 401 and changes nothing', async () => {
    const { runId, batchIds } = await newBatchRun(database.db, 2);
    const eventId = randomUUID();
    const raw = envelope('batch.item.completed', entryOf(batchIds[0], 0, randomUUID(), 'completed'), eventId);
    const cases: [string | null, number | undefined, string][] = [
      [signWebhook('another secret', raw, NOW), undefined, 'SIGNATURE_MISMATCH'],
      [signWebhook(secret, `${raw} `, NOW), undefined, 'SIGNATURE_MISMATCH'],
      [signWebhook(secret, raw, NOW - 301), undefined, 'SIGNATURE_STALE'],
      [signWebhook(secret, raw, NOW), NOW + 400, 'SIGNATURE_STALE'],
      [null, undefined, 'SIGNATURE_MISSING'],
      ['v1=abc', undefined, 'SIGNATURE_MALFORMED'],
    ];
    for (const [signature, now, error] of cases) {
      const result = await deliver(raw, { signature, now });
      expect(result.status).toBe(401);
      expect(result.body).toMatchObject({ ok: false, error });
      // The message never echoes the secret.
      expect(JSON.stringify(result.body)).not.toContain(secret);
      const [{ n }] = await database.db
        .select({ n: count() })
        .from(webhookReceipts)
        .where(eq(webhookReceipts.deliveryId, eventId));
      expect(n).toBe(0);
      // What needs no body is refused before the body is read (the route reads nothing then).
      if (error !== 'SIGNATURE_MISMATCH') {
        expect(refuseUnsignedWebhook(signature, now ?? NOW)).toEqual(result);
      } else {
        expect(refuseUnsignedWebhook(signature, now ?? NOW)).toBeNull();
      }
    }
    expect((await runState(database.db, runId)).items.map((i) => i.status)).toEqual(['pending', 'pending']);
  });

  it('answers 400 to a signed body that is not an event', async () => {
    for (const raw of [
      'not json',
      '{"event":"batch.item.completed"}',
      JSON.stringify({
        event_id: 'x',
        event: 'batch.item.completed',
        created_at: 'now',
        data: { entry_id: 1 },
      }),
      JSON.stringify({ event_id: 'x', event: 'batch.completed', created_at: 'now', data: {} }),
    ]) {
      const result = await deliver(raw);
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ ok: false, error: 'MALFORMED_BODY' });
    }
  });

  it('applies a replayed event once: dedupe on the signed event_id, not a header', async () => {
    const { runId, batchIds } = await newBatchRun(database.db, 2);
    const eventId = randomUUID();
    const raw = envelope('batch.item.completed', entryOf(batchIds[0], 0, randomUUID(), 'completed'), eventId);
    expect((await deliver(raw)).body).toEqual({ ok: true, outcome: 'applied' });
    expect((await deliver(raw)).body).toEqual({ ok: true, outcome: 'duplicate' });
    const [{ n }] = await database.db
      .select({ n: count() })
      .from(webhookReceipts)
      .where(eq(webhookReceipts.deliveryId, eventId));
    expect(n).toBe(1);
    expect((await runState(database.db, runId)).run).toMatchObject({ completed: 1, failed: 0 });
  });

  it('counts a duplicated event (another delivery id, same item) once', async () => {
    const { runId, batchIds } = await newBatchRun(database.db, 2);
    const entry = entryOf(batchIds[0], 0, randomUUID(), 'failed', undefined, [
      { path: '', code: 'UNREADABLE_DOCUMENT', message: 'Unreadable', severity: 'error' },
    ]);
    for (let i = 0; i < 3; i++) {
      expect((await deliver(envelope('batch.item.completed', entry))).status).toBe(200);
    }
    expect((await runState(database.db, runId)).run).toMatchObject({
      status: 'processing',
      completed: 0,
      failed: 1,
    });
  });

  it('ends in the same state whatever the order: batch.completed first, late and stale item events', async () => {
    const statuses: Entry['status'][] = ['completed', 'completed_with_errors', 'failed'];
    const play = async (order: 'in-order' | 'shuffled') => {
      const { runId, batchIds } = await newBatchRun(database.db, 3);
      const batchId = batchIds[0];
      const ids = statuses.map(() => randomUUID());
      const itemEvents = statuses.map((s, i) =>
        envelope('batch.item.completed', entryOf(batchId, i, ids[i], s)),
      );
      const final = envelope(
        'batch.completed',
        progressOf(batchId, ids, statuses, '2026-11-23T00:00:11.000Z'),
      );
      const early = envelope(
        'batch.completed',
        progressOf(batchId, ids, ['processing', 'processing', 'pending'], '2026-11-23T00:00:05.000Z'),
      );
      // An item body from before it finished, delivered late.
      const stale = envelope(
        'batch.item.completed',
        entryOf(batchId, 0, ids[0], 'processing', '2026-11-23T00:00:01.000Z'),
      );
      const sequence =
        order === 'in-order'
          ? [early, ...itemEvents, final]
          : [final, itemEvents[2], stale, early, itemEvents[0], final, itemEvents[1], itemEvents[1], stale];
      for (const raw of sequence) expect((await deliver(raw)).status).toBe(200);
      return runState(database.db, runId);
    };
    const inOrder = await play('in-order');
    const shuffled = await play('shuffled');
    expect(shuffled).toEqual(inOrder);
    expect(inOrder.run).toEqual({ status: 'completed', total: 3, completed: 2, failed: 1, reconciled: true });
    expect(inOrder.items.map((i) => i.status)).toEqual(statuses);
    expect(inOrder.items.map((i) => i.indexedStatus)).toEqual(statuses);
  });

  it('never moves a final item back, but a newer final body (a correction) wins', async () => {
    const { runId, batchIds } = await newBatchRun(database.db, 1 + 1);
    const id = randomUUID();
    const batchId = batchIds[0];
    await deliver(
      envelope(
        'batch.item.completed',
        entryOf(batchId, 0, id, 'completed_with_errors', '2026-11-23T00:00:10.000Z'),
      ),
    );
    await deliver(
      envelope('batch.item.completed', entryOf(batchId, 0, id, 'processing', '2026-11-23T00:00:20.000Z')),
    );
    expect((await runState(database.db, runId)).items[0].status).toBe('completed_with_errors');
    await deliver(
      envelope('batch.item.completed', entryOf(batchId, 0, id, 'completed', '2026-11-23T00:00:30.000Z')),
    );
    await deliver(
      envelope(
        'batch.item.completed',
        entryOf(batchId, 0, id, 'completed_with_errors', '2026-11-23T00:00:10.000Z'),
      ),
    );
    const state = await runState(database.db, runId);
    expect(state.items[0]).toMatchObject({ status: 'completed', indexedStatus: 'completed', errorCount: 0 });
  });

  it('counts every item when many events of one run arrive at once (no lost count)', async () => {
    const { runId, batchIds } = await newBatchRun(database.db, 40);
    const events = Array.from({ length: 40 }, (_, i) =>
      envelope(
        'batch.item.completed',
        entryOf(batchIds[0], i, randomUUID(), i % 4 === 0 ? 'failed' : 'completed'),
      ),
    );
    const results = await Promise.all(events.map((raw) => deliver(raw)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await runState(database.db, runId)).run).toEqual({
      status: 'completed',
      total: 40,
      completed: 30,
      failed: 10,
      reconciled: true,
    });
  });

  it('asks for a retry (409, nothing recorded) when the batch is not known yet', async () => {
    const deliveryId = randomUUID();
    const raw = envelope(
      'batch.item.completed',
      entryOf(randomUUID(), 0, randomUUID(), 'completed'),
      deliveryId,
    );
    const result = await deliver(raw);
    expect(result.status).toBe(409);
    const [{ n }] = await database.db
      .select({ n: count() })
      .from(webhookReceipts)
      .where(eq(webhookReceipts.deliveryId, deliveryId));
    expect(n).toBe(0);
  });

  it('acknowledges an event it does not know, so it is not retried', async () => {
    const raw = JSON.stringify({
      event_id: randomUUID(),
      event: 'batch.archived',
      created_at: 'now',
      data: {},
    });
    expect((await deliver(raw)).body).toEqual({ ok: true, outcome: 'ignored' });
  });

  it('applies an async result (structurer.completed) to its run', async () => {
    const { acceptingClient } = await import('./run-fixtures');
    const { createRun } = await import('@/lib/desk/runs/submit');
    const { client } = acceptingClient();
    const run = await createRun(database.db, client, {
      deploymentId: entryOf(null, 0, randomUUID(), 'completed').deployment_id,
      name: 'one big document',
      items: textItems(1),
      createdBy: null,
    });
    expect(run.mode).toBe('async');
    const state0 = await runState(database.db, run.runId);
    expect(state0.run.status).toBe('pending');
    const { runItems } = await import('@/lib/db/schema/desk');
    const [item] = await database.db.select().from(runItems).where(eq(runItems.runId, run.runId));
    const result = await deliver(
      envelope('structurer.completed', entryOf(null, 0, item.entryId!, 'completed')),
    );
    expect(result.body).toEqual({ ok: true, outcome: 'applied' });
    expect((await runState(database.db, run.runId)).run).toMatchObject({
      status: 'completed',
      completed: 1,
      reconciled: true,
    });
  });
});
