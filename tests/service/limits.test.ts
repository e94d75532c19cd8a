import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '@/lib/service/app';
import { MAX_JSON_BODY_BYTES } from '@/lib/service/body';
import { DEFAULT_DOCUMENT_LIMITS } from '@/lib/service/engine/limits';
import { databaseKinds } from '../support/database';
import {
  type Harness,
  INVOICE_DEPLOYMENT,
  startServiceHarness,
  textInvoice,
} from '../support/service-harness';

describe.each(databaseKinds)('body limits and overload on $name', ({ target }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServiceHarness(target, { workers: true });
  });
  afterAll(() => h?.close());

  it('answers 413 PAYLOAD_TOO_LARGE to a body past the cap, while streaming it', async () => {
    const app = createServiceApp(async () => h.context);
    const chunk = new Uint8Array(1024 * 1024).fill(32);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_JSON_BODY_BYTES) controller.close();
        else {
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        }
      },
    });
    const res = await app.fetch(
      new Request(`http://service.test/v3/deployments/${INVOICE_DEPLOYMENT}`, {
        method: 'POST',
        headers: { 'x-api-key': h.apiKey, 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      error: 'PAYLOAD_TOO_LARGE',
      details: { limit_bytes: MAX_JSON_BODY_BYTES },
    });
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After when the queue is too deep, and accepts nothing', async () => {
    const busy = createServiceApp(async () => ({ ...h.context, maxQueueDepth: 0 }));
    const res = await busy.fetch(
      new Request(`http://service.test/v3/deployments/${INVOICE_DEPLOYMENT}/async`, {
        method: 'POST',
        headers: { 'x-api-key': h.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ documents: [{ text: textInvoice() }] }),
      }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
    const noWorkers = createServiceApp(async () => ({ ...h.context, queue: null }));
    const batch = await noWorkers.fetch(
      new Request(`http://service.test/v3/deployments/${INVOICE_DEPLOYMENT}/batch`, {
        method: 'POST',
        headers: { 'x-api-key': h.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          requests: [{ documents: [{ text: 'x' }] }],
          webhook: { url: 'http://127.0.0.1:9/' },
        }),
      }),
    );
    expect(batch.status).toBe(503);
  });

  it('refuses text documents over 1,000,000 characters and more than 20 documents', async () => {
    const long = await h.call('POST', `/v3/deployments/${INVOICE_DEPLOYMENT}`, {
      body: { documents: [{ text: 'x'.repeat(1_000_001) }] },
    });
    expect(long).toMatchObject({ status: 422, body: { error: 'VALIDATION_ERROR' } });
    expect(long.body.details.issues[0].path).toBe('/documents/0/text');
    const many = await h.call('POST', `/v3/deployments/${INVOICE_DEPLOYMENT}`, {
      body: { documents: Array.from({ length: 21 }, () => ({ text: 'x' })) },
    });
    expect(many).toMatchObject({ status: 422, body: { error: 'VALIDATION_ERROR' } });
  });

  it('stops the rules at the time budget in a reader process, the server answering all along', async () => {
    const budget = 2000;
    const app = createServiceApp(async () => ({
      ...h.context,
      limits: { ...DEFAULT_DOCUMENT_LIMITS, timeBudgetMs: budget },
    }));
    // Lines of lone figures: every one a span the labels are tried on, tens of µs a character.
    const flood = Array.from({ length: 450 }, () => '7 '.repeat(1000)).join('\n');
    const { apiKey } = await h.newAccount('flood', 1000);
    let largestGap = 0;
    let last = Date.now();
    const ticks = setInterval(() => {
      largestGap = Math.max(largestGap, Date.now() - last);
      last = Date.now();
    }, 20);
    const res = await app.fetch(
      new Request(`http://service.test/v3/deployments/${INVOICE_DEPLOYMENT}`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        // Four documents' worth, so that even a fast machine's rules overrun budget and grace.
        body: JSON.stringify({
          documents: [
            { text: `${textInvoice()}\n${flood}` },
            ...Array.from({ length: 3 }, () => ({ text: flood })),
          ],
        }),
      }),
    );
    clearInterval(ticks);
    const entry = await res.json();
    expect(res.status).toBe(200);
    expect(entry).toMatchObject({ status: 'failed', data: {} });
    expect(entry.errors).toEqual([
      expect.objectContaining({
        code: 'DOCUMENT_TOO_LARGE',
        message: expect.stringContaining('longer than the 2 s budget'),
      }),
    ]);
    // The pages were read: they are charged, as any work done is.
    expect(entry.price).toBeGreaterThan(0);
    // Run on the server's event loop, the search would have held it for the whole budget and more.
    expect(largestGap).toBeLessThan(budget / 2);
    expect(
      await h.call('POST', `/v3/deployments/${INVOICE_DEPLOYMENT}`, {
        body: { documents: [{ text: textInvoice() }] },
      }),
    ).toMatchObject({
      status: 200,
      body: { status: 'completed' },
    });
  });
});
