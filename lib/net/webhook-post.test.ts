import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '@/lib/contract/webhook-signature';
import type { Lookup } from '@/lib/net/safe-fetch';
import { deliverWebhookOnce, retryDelayMs } from '@/lib/net/webhook-post';

interface Received {
  path: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  signature: ReturnType<typeof verifyWebhookSignature>;
}

const secret = 'whsec_deliver_test';
const allowHosts = ['127.0.0.1'];
let server: http.Server;
let base: string;
let received: Received[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      // Verify as a receiver must: over the raw bytes, before parsing.
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = verifyWebhookSignature({
        secret,
        rawBody: raw,
        header: req.headers['x-service-signature'] as string | undefined,
      });
      const path = req.url ?? '/';
      received.push({ path, method: req.method ?? '', headers: req.headers, raw, signature });
      if (path === '/ok') res.writeHead(204).end();
      else if (path === '/accepted-chatty') res.writeHead(200).end('x'.repeat(200_000));
      else if (path === '/fail') res.writeHead(500).end('boom');
      else if (path === '/moved') res.writeHead(301, { location: '/ok' }).end();
      else if (path === '/slow') setTimeout(() => res.writeHead(204).end(), 2000);
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  received = [];
});

const event = 'batch.completed';
const deliveryId = '0b9b7a4e-3f0e-4b43-9d0c-1c1f1f6b2a11';
const body = {
  event_id: deliveryId,
  event,
  created_at: '2026-11-22T23:00:00.000Z',
  data: { name: 'Müller' },
};

describe('deliverWebhookOnce', () => {
  it('POSTs the JSON once serialised, signed over exactly those bytes, with the documented headers', async () => {
    const result = await deliverWebhookOnce({
      url: `${base}/ok`,
      secret,
      event,
      deliveryId,
      body,
      allowHosts,
    });
    expect(result).toMatchObject({ delivered: true, httpStatus: 204, errorMessage: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(received).toHaveLength(1);
    const [hit] = received;
    expect(hit.method).toBe('POST');
    expect(hit.raw).toBe(JSON.stringify(body));
    expect(hit.signature).toMatchObject({ ok: true });
    expect(hit.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Emend-Service/1',
      'x-service-event': event,
      'x-service-delivery': deliveryId,
    });
    expect(hit.headers['x-service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('sends a stored raw body byte for byte, and no signature without a secret', async () => {
    const rawBody = '{"b":2,  "a":1}';
    const result = await deliverWebhookOnce({
      url: `${base}/ok`,
      secret: null,
      event,
      deliveryId,
      rawBody,
      allowHosts,
    });
    expect(result.delivered).toBe(true);
    expect(received[0].raw).toBe(rawBody);
    expect(received[0].headers['x-service-signature']).toBeUndefined();
    expect(received[0].signature).toEqual({ ok: false, reason: 'missing' });
  });

  it('counts any 2xx as delivered, whatever the receiver says after it', async () => {
    const result = await deliverWebhookOnce({
      url: `${base}/accepted-chatty`,
      secret,
      event,
      deliveryId,
      body,
      allowHosts,
    });
    expect(result).toMatchObject({ delivered: true, httpStatus: 200 });
  });

  it('reports a 500 receiver as not delivered, with its status', async () => {
    const result = await deliverWebhookOnce({
      url: `${base}/fail`,
      secret,
      event,
      deliveryId,
      body,
      allowHosts,
    });
    expect(result).toMatchObject({
      delivered: false,
      httpStatus: 500,
      errorMessage: 'The receiver answered 500.',
    });
  });

  it('does not follow redirects', async () => {
    const result = await deliverWebhookOnce({
      url: `${base}/moved`,
      secret,
      event,
      deliveryId,
      body,
      allowHosts,
    });
    expect(result).toMatchObject({ delivered: false, httpStatus: 301 });
    expect(result.errorMessage).toMatch(/redirect/);
    expect(received.map((r) => r.path)).toEqual(['/moved']);
  });

  it('gives up on a slow receiver at the timeout', async () => {
    const result = await deliverWebhookOnce({
      url: `${base}/slow`,
      secret,
      event,
      deliveryId,
      body,
      allowHosts,
      timeoutMs: 200,
    });
    expect(result).toMatchObject({ delivered: false, httpStatus: null });
    expect(result.errorMessage).toMatch(/did not answer within 0\.2 s/);
    expect(result.durationMs).toBeGreaterThanOrEqual(150);
    expect(result.durationMs).toBeLessThan(1500);
  });

  it('refuses private addresses that are not allow-listed, before connecting', async () => {
    for (const allow of [[], ['localhost'], ['127.0.0.2']]) {
      const result = await deliverWebhookOnce({
        url: `${base}/ok`,
        secret,
        event,
        deliveryId,
        body,
        allowHosts: allow,
      });
      expect(result).toMatchObject({ delivered: false, httpStatus: null });
      expect(result.errorMessage).toMatch(/not allowed: it is not a public address/);
    }
    // A public-looking name that resolves to loopback is refused after DNS.
    const lookup: Lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const port = new URL(base).port;
    const named = await deliverWebhookOnce({
      url: `http://hooks.example.test:${port}/ok`,
      secret,
      event,
      deliveryId,
      body,
      allowHosts: [],
      lookup,
    });
    expect(named.errorMessage).toMatch(/hooks\.example\.test is not allowed/);
    expect(named.errorMessage).not.toContain('127.0.0.1');
    expect(received).toEqual([]);
  });

  it('never throws: bad URLs, bad schemes, bodies that are not JSON, unreachable hosts', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const cases = [
      { url: 'not a url', body },
      { url: 'file:///etc/passwd', body },
      { url: `${base}/ok`, body: cyclic },
      { url: `${base}/ok`, body: undefined },
      {
        url: 'http://nowhere.test/hook',
        body,
        lookup: (async () => {
          throw new Error('ENOTFOUND');
        }) as Lookup,
      },
    ];
    for (const c of cases) {
      const result = await deliverWebhookOnce({ secret, event, deliveryId, allowHosts, ...c });
      expect(result, c.url).toMatchObject({ delivered: false, httpStatus: null });
      expect(result.errorMessage, c.url).toMatch(/^The webhook could not be delivered: ./);
    }
    expect(received).toEqual([]);
  });
});

describe('retryDelayMs', () => {
  it('doubles with each attempt', () => {
    const middle = () => 0.5; // no jitter
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, 2000, middle))).toEqual([2000, 4000, 8000, 16000]);
  });

  it('jitters within ±20 %', () => {
    expect(retryDelayMs(1, 1000, () => 0)).toBe(800);
    expect(retryDelayMs(1, 1000, () => 0.999999)).toBe(1200);
    for (let i = 0; i < 200; i++) {
      for (const [attempt, exact] of [
        [1, 1000],
        [2, 2000],
        [3, 4000],
      ]) {
        const delay = retryDelayMs(attempt, 1000);
        expect(delay).toBeGreaterThanOrEqual(exact * 0.8);
        expect(delay).toBeLessThanOrEqual(exact * 1.2);
      }
    }
    const spread = new Set(Array.from({ length: 50 }, () => retryDelayMs(2, 1000)));
    expect(spread.size).toBeGreaterThan(5);
  });

  it('stays finite and non-negative for odd inputs', () => {
    const middle = () => 0.5;
    expect(retryDelayMs(0, 1000, middle)).toBe(1000);
    expect(retryDelayMs(Number.NaN, 1000, middle)).toBe(1000);
    expect(retryDelayMs(1, 0, middle)).toBe(0);
    expect(retryDelayMs(1, -5, middle)).toBe(0);
    expect(Number.isFinite(retryDelayMs(1000, 2000, middle))).toBe(true);
  });
});
