import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '@/lib/contract/webhook-signature';

export interface ReceivedWebhook {
  event: string;
  deliveryId: string;
  signatureOk: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary webhook payloads
  body: { event_id: string; event: string; created_at: string; data: any };
}

/**
 * A webhook receiver on loopback. `failFirst` answers 500 to the first N deliveries of each
 * delivery id, `alwaysFail` to every one.
 */
export async function startWebhookReceiver(
  options: { secret?: string; failFirst?: number; alwaysFail?: boolean } = {},
) {
  const received: ReceivedWebhook[] = [];
  const attempts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const deliveryId = String(req.headers['x-service-delivery']);
      const n = (attempts.get(deliveryId) ?? 0) + 1;
      attempts.set(deliveryId, n);
      if (options.alwaysFail || n <= (options.failFirst ?? 0)) {
        res.writeHead(500).end();
        return;
      }
      const signatureOk = options.secret
        ? verifyWebhookSignature({
            secret: options.secret,
            rawBody: raw,
            header: req.headers['x-service-signature'] as string,
          }).ok
        : req.headers['x-service-signature'] === undefined;
      received.push({
        event: String(req.headers['x-service-event']),
        deliveryId,
        signatureOk,
        body: JSON.parse(raw),
      });
      receiver.onReceive?.();
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    attempts,
    onReceive: undefined as (() => void) | undefined,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return receiver;
}

export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
