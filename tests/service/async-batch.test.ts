import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/database';
import {
  type Harness,
  INVOICE_DEPLOYMENT,
  startServiceHarness,
  textInvoice,
} from '../support/service-harness';
import { startWebhookReceiver, waitFor } from '../support/webhook-receiver';

const secret = 'whsec_async_test';

describe.each(databaseKinds)('async and batch processing on $name', ({ target }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServiceHarness(target, { workers: true });
  });
  afterAll(() => h?.close());

  const deployment = `/v3/deployments/${INVOICE_DEPLOYMENT}`;

  it('runs an async entry pending → final and delivers a signed structurer.completed', async () => {
    const hook = await startWebhookReceiver({ secret });
    try {
      const res = await h.call('POST', `${deployment}/async`, {
        body: {
          documents: [{ text: textInvoice() }],
          webhook: { url: hook.url, secret },
          metadata: { ref: 'async-1' },
        },
      });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({
        status: 'pending',
        resource_type: 'structure',
        entry_id: expect.any(String),
      });
      const early = await h.call('GET', `/v3/entries/${res.body.entry_id}`);
      expect(['pending', 'processing', 'completed']).toContain(early.body.status);
      const [event] = await waitFor(() => hook.received.length > 0 && hook.received);
      expect(event).toMatchObject({ event: 'structurer.completed', signatureOk: true });
      expect(event.body).toMatchObject({ event: 'structurer.completed', event_id: event.deliveryId });
      expect(event.body.data).toMatchObject({
        entry_id: res.body.entry_id,
        status: 'completed',
        metadata: { ref: 'async-1' },
      });
      expect(event.body.data.data.total).toBe(960);
      const final = await h.call('GET', `/v3/entries/${res.body.entry_id}`);
      expect(final.body).toMatchObject({ status: 'completed', price: 0.1 });
    } finally {
      await hook.close();
    }
  });

  it('fails an async entry whose URL is missing, with the spec code in errors', async () => {
    const hook = await startWebhookReceiver();
    try {
      const res = await h.call('POST', `${deployment}/async`, {
        body: { documents: [{ type: 'url', url: `${hook.url}/../nothing.pdf` }], webhook: { url: hook.url } },
      });
      expect(res.status).toBe(202);
      const entry = await waitFor(async () => {
        const e = (await h.call('GET', `/v3/entries/${res.body.entry_id}`)).body;
        return e.status === 'failed' && e;
      });
      expect(entry.errors[0].code).toMatch(/^DOCUMENT_/);
      await waitFor(() => hook.received.find((r) => r.event === 'structurer.failed'));
    } finally {
      await hook.close();
    }
  });

  it('processes a batch with incremental webhooks, then batch.completed once', async () => {
    const hook = await startWebhookReceiver({ secret });
    try {
      const requests = Array.from({ length: 5 }, (_, i) => ({
        documents: [{ text: textInvoice({ number: `B-${i}` }) }],
        metadata: { row: i },
      }));
      const res = await h.call('POST', `${deployment}/batch`, {
        body: { requests, webhook: { url: hook.url, secret } },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'pending', total_items: 5, resource_type: 'structure' });
      const done = await waitFor(() => hook.received.find((r) => r.event === 'batch.completed'));
      const items = hook.received.filter((r) => r.event === 'batch.item.completed');
      expect(items).toHaveLength(5);
      expect(items.every((r) => r.signatureOk)).toBe(true);
      expect(items.map((r) => r.body.data.item_index).sort()).toEqual([0, 1, 2, 3, 4]);
      expect(items[0].body.data).toMatchObject({
        batch_id: res.body.batch_id,
        metadata: { row: expect.any(Number) },
      });
      expect(done.body.data).toMatchObject({
        batch_id: res.body.batch_id,
        status: 'completed',
        completed_items: 5,
        failed_items: 0,
      });
      const progress = (await h.call('GET', `/v3/batches/${res.body.batch_id}`)).body;
      expect(progress).toMatchObject({
        status: 'completed',
        completed_items: 5,
        completed_at: expect.any(String),
        failed_webhooks: [],
      });
      expect(progress.items.map((i: { index: number }) => i.index)).toEqual([0, 1, 2, 3, 4]);
      expect(progress.items[3]).toMatchObject({
        status: 'completed',
        metadata: { row: 3 },
        data: { invoice_number: 'B-3' },
      });
      await new Promise((r) => setTimeout(r, 1500));
      expect(hook.received.filter((r) => r.event === 'batch.completed')).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it('sends only batch.failed, non-incrementally, when every item failed', async () => {
    const hook = await startWebhookReceiver();
    try {
      const bad = { documents: [{ content: Buffer.from('%PDF-1.4 broken').toString('base64') }] };
      const res = await h.call('POST', `${deployment}/batch`, {
        body: { requests: [bad, bad], webhook: { url: hook.url, incremental: false } },
      });
      const failed = await waitFor(() => hook.received.find((r) => r.event === 'batch.failed'));
      expect(failed.body.data).toMatchObject({ status: 'failed', failed_items: 2 });
      expect(hook.received.map((r) => r.event)).toEqual(['batch.failed']);
      expect((await h.call('GET', `/v3/batches/${res.body.batch_id}`)).body.status).toBe('failed');
    } finally {
      await hook.close();
    }
  });

  it('retries failing webhooks with backoff and records every attempt', async () => {
    const flaky = await startWebhookReceiver({ failFirst: 2 });
    const dead = await startWebhookReceiver({ alwaysFail: true });
    try {
      const requests = [{ documents: [{ text: textInvoice() }] }];
      await h.call('POST', `${deployment}/batch`, { body: { requests, webhook: { url: flaky.url } } });
      await waitFor(() => flaky.received.find((r) => r.event === 'batch.completed'));
      expect(Math.max(...flaky.attempts.values())).toBe(3);

      const res = await h.call('POST', `${deployment}/batch`, {
        body: { requests, webhook: { url: dead.url } },
      });
      const progress = await waitFor(async () => {
        const p = (await h.call('GET', `/v3/batches/${res.body.batch_id}`)).body;
        return (
          p.failed_webhooks.length === 2 &&
          p.failed_webhooks.every((w: { status: string }) => w.status === 'failed') &&
          p
        );
      });
      expect(progress.failed_webhooks[0]).toMatchObject({
        attempt_count: 4,
        http_status: 500,
        delivered_at: null,
      });
      expect(progress.failed_webhooks.map((w: { event: string }) => w.event).sort()).toEqual([
        'batch.completed',
        'batch.item.completed',
      ]);
    } finally {
      await flaky.close();
      await dead.close();
    }
  });

  it('validates batches: 1 to 100 items, documents by pointer, unknown batches', async () => {
    const webhook = { url: 'http://127.0.0.1:9/hook' };
    for (const requests of [[], Array.from({ length: 101 }, () => ({ documents: [{ text: 'x' }] }))]) {
      const res = await h.call('POST', `${deployment}/batch`, { body: { requests, webhook } });
      expect(res).toMatchObject({ status: 422, body: { error: 'VALIDATION_ERROR' } });
      expect(res.body.details.issues[0].path).toBe('/requests');
    }
    const badDoc = await h.call('POST', `${deployment}/batch`, {
      body: { requests: [{ documents: [{ text: 'ok' }] }, { documents: [{ content: '' }] }], webhook },
    });
    expect(badDoc.body.details.issues[0].path).toBe('/requests/1/documents/0/content');
    const noHook = await h.call('POST', `${deployment}/batch`, {
      body: { requests: [{ documents: [{ text: 'x' }] }] },
    });
    expect(noHook.status).toBe(422);
    const missing = await h.call('GET', '/v3/batches/00000000-0000-4000-8000-000000000000');
    expect(missing).toMatchObject({ status: 404, body: { error: 'BATCH_NOT_FOUND' } });
  });

  it("hides another account's batch", async () => {
    const res = await h.call('POST', `${deployment}/batch`, {
      body: {
        requests: [{ documents: [{ text: textInvoice() }] }],
        webhook: { url: 'http://127.0.0.1:9/hook' },
      },
    });
    const other = await h.newAccount('batch-other');
    const seen = await h.call('GET', `/v3/batches/${res.body.batch_id}`, { key: other.apiKey });
    expect(seen).toMatchObject({ status: 404, body: { error: 'BATCH_NOT_FOUND' } });
  });

  it('replays an Idempotency-Key without charging twice, and refuses it for another body', async () => {
    const account = await h.newAccount('idem', 1);
    const body = { documents: [{ text: textInvoice() }] };
    const first = await h.call('POST', deployment, {
      body,
      key: account.apiKey,
      headers: { 'idempotency-key': 'k-1' },
    });
    const again = await h.call('POST', deployment, {
      body,
      key: account.apiKey,
      headers: { 'idempotency-key': 'k-1' },
    });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.entry_id).toBe(first.body.entry_id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const { creditsOf } = await import('@/lib/service/accounts');
    expect(await creditsOf(h.database.db, account.accountId)).toBeCloseTo(0.9);
    const other = await h.call('POST', deployment, {
      body: { documents: [{ text: 'another' }] },
      key: account.apiKey,
      headers: { 'idempotency-key': 'k-1' },
    });
    expect(other).toMatchObject({ status: 422, body: { error: 'VALIDATION_ERROR' } });
  });

  it('frees an Idempotency-Key whose first request never answered (its server died)', async () => {
    const { idempotencyKeys } = await import('@/lib/db/schema/service');
    const body = { documents: [{ text: textInvoice() }] };
    const claim = (key: string, minutesAgo: number) =>
      h.database.db.insert(idempotencyKeys).values({
        accountId: h.accountId,
        key,
        requestHash: 'whatever',
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      });
    await claim('in-flight', 1);
    const busy = await h.call('POST', deployment, { body, headers: { 'idempotency-key': 'in-flight' } });
    expect(busy).toMatchObject({ status: 422, body: { error: 'VALIDATION_ERROR' } });
    await claim('abandoned', 11);
    const retried = await h.call('POST', deployment, { body, headers: { 'idempotency-key': 'abandoned' } });
    expect(retried).toMatchObject({ status: 200, body: { status: 'completed' } });
  });

  it('runs an async entry without a webhook, for polling', async () => {
    const res = await h.call('POST', `${deployment}/async`, {
      body: { documents: [{ text: textInvoice() }], metadata: { ref: 'poll' } },
    });
    expect(res.status).toBe(202);
    const entry = await waitFor(async () => {
      const e = (await h.call('GET', `/v3/entries/${res.body.entry_id}`)).body;
      return e.status === 'completed' && e;
    });
    expect(entry).toMatchObject({ metadata: { ref: 'poll' }, batch_id: null });
  });

  it('refuses async and batch work the balance cannot cover, before accepting it', async () => {
    const poor = await h.newAccount('poor', 0.15);
    const item = { documents: [{ text: textInvoice() }] };
    const batch = await h.call('POST', `${deployment}/batch`, {
      key: poor.apiKey,
      body: { requests: [item, item], webhook: { url: 'http://127.0.0.1:9/hook' } },
    });
    expect(batch).toMatchObject({ status: 402, body: { error: 'INSUFFICIENT_CREDITS' } });
    const one = await h.call('POST', `${deployment}/async`, { key: poor.apiKey, body: item });
    expect(one.status).toBe(202);
  });

  it('tags a batch and its entries with X-Tenant-ID, and shows them only to that tenant', async () => {
    const headers = { 'x-tenant-id': 'tenant-a' };
    const res = await h.call('POST', `${deployment}/batch`, {
      headers,
      body: {
        requests: [{ documents: [{ text: textInvoice() }] }],
        webhook: { url: 'http://127.0.0.1:9/hook' },
      },
    });
    expect(res.status).toBe(200);
    const id = res.body.batch_id;
    expect((await h.call('GET', `/v3/batches/${id}`, { headers })).status).toBe(200);
    expect((await h.call('GET', `/v3/batches/${id}`)).status).toBe(200); // the whole account
    const other = await h.call('GET', `/v3/batches/${id}`, { headers: { 'x-tenant-id': 'tenant-b' } });
    expect(other).toMatchObject({ status: 404, body: { error: 'BATCH_NOT_FOUND' } });
    const progress = (await h.call('GET', `/v3/batches/${id}`, { headers })).body;
    const entryId = progress.items[0].entry_id;
    expect((await h.call('GET', `/v3/entries/${entryId}`, { headers })).status).toBe(200);
    const hidden = await h.call('GET', `/v3/entries/${entryId}`, { headers: { 'x-tenant-id': 'tenant-b' } });
    expect(hidden.status).toBe(404);
  });

  it('replays a batch for the same Idempotency-Key instead of creating a second one', async () => {
    const body = {
      requests: [{ documents: [{ text: textInvoice() }] }],
      webhook: { url: 'http://127.0.0.1:9/hook' },
    };
    const headers = { 'idempotency-key': 'batch-key-1' };
    const first = await h.call('POST', `${deployment}/batch`, { body, headers });
    const again = await h.call('POST', `${deployment}/batch`, { body, headers });
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: { batch_id: first.body.batch_id } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('points at the batch item of a document whose base64 is not base64', async () => {
    const res = await h.call('POST', `${deployment}/batch`, {
      body: {
        requests: [
          { documents: [{ text: 'ok' }] },
          { documents: [{ text: 'ok' }, { content: 'no*base64' }] },
        ],
        webhook: { url: 'http://127.0.0.1:9/hook' },
      },
    });
    expect(res).toMatchObject({ status: 422, body: { error: 'VALIDATION_ERROR' } });
    expect(res.body.details.issues[0].path).toBe('/requests/1/documents/1/content');
  });

  it('an entry given up after its last retry fails with its webhook, uncharged', async () => {
    const hook = await startWebhookReceiver();
    try {
      const { entries } = await import('@/lib/db/schema/service');
      const { giveUpOnEntry } = await import('@/lib/service/jobs/process-entry');
      const { SEEDED } = await import('@/lib/service/seed');
      // No input_key: no worker picks this one up; it stands for an entry whose job kept dying.
      const [row] = await h.database.db
        .insert(entries)
        .values({
          accountId: h.accountId,
          deploymentId: INVOICE_DEPLOYMENT,
          structureId: SEEDED.invoice.structureId,
          structureVersion: 1,
          status: 'processing',
          webhook: { url: hook.url },
        })
        .returning();
      await giveUpOnEntry(h.context, row.id, 'worker died');
      await giveUpOnEntry(h.context, row.id, 'worker died'); // a second call changes nothing
      const event = await waitFor(() => hook.received.find((r) => r.event === 'structurer.failed'));
      expect(event.body.data).toMatchObject({ entry_id: row.id, status: 'failed', price: 0 });
      expect(event.body.data.errors[0]).toMatchObject({ code: 'INTERNAL_ERROR' });
      await new Promise((r) => setTimeout(r, 500));
      expect(hook.received).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });
});
