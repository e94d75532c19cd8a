import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runs } from '@/lib/db/schema/desk';
import { documents as serviceDocuments, entries as serviceEntries } from '@/lib/db/schema/service';
import { reconcileDueRuns } from '@/lib/desk/reconciler';
import type { RunItemInput } from '@/lib/desk/runs/planning';
import { applyBatchProgress } from '@/lib/desk/runs/progress';
import { createRun } from '@/lib/desk/runs/submit';
import { getRunView } from '@/lib/desk/runs/views';
import { ingestWebhook } from '@/lib/desk/webhook-ingest';
import { createExtractionClient, type ExtractionClient } from '@/lib/extraction-api/client';
import { createServiceApp } from '@/lib/service/app';
import { databaseKinds } from '../support/database';
import {
  type Harness,
  INVOICE_DEPLOYMENT,
  startServiceHarness,
  textInvoice,
} from '../support/service-harness';
import { runState } from './run-fixtures';

/**
 * The desk's runs against the real local service (HTTP on loopback, pg-boss workers): one run
 * finishes through signed webhooks received by the desk's ingest, another — webhooks switched
 * off — through the reconciler's polling.
 */

let receiver: http.Server;
let deskDb: Harness['database']['db'] | null = null;
const seen: { path: string; status: number }[] = [];

beforeAll(async () => {
  // The desk's receiver: /api/webhooks/extraction applies, /off refuses (webhooks off).
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      if (req.url?.endsWith('/off') || !deskDb) {
        seen.push({ path: req.url ?? '', status: 410 });
        res.writeHead(410).end();
        return;
      }
      const result = await ingestWebhook(deskDb, {
        rawBody: Buffer.concat(chunks).toString('utf8'),
        signature: (req.headers['x-service-signature'] as string) ?? null,
      });
      seen.push({ path: req.url ?? '', status: result.status });
      res.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  // Read by webhookUrl() the first time the environment is parsed.
  process.env.EMEND_PUBLIC_URL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => receiver.close(() => r()));
});

const invoices = (n: number): RunItemInput[] =>
  Array.from({ length: n }, (_, i) => ({
    document: {
      type: 'base64' as const,
      content: Buffer.from(textInvoice({ number: `INV-RUN-${i}` })).toString('base64'),
      filename: `invoice-${i}.txt`,
      mime_type: 'text/plain',
    },
    documentId: null,
    documentName: `invoice-${i}.txt`,
    metadata: { filename: `invoice-${i}.txt` },
  }));

async function until<T>(check: () => Promise<T | false | null | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(databaseKinds)('desk runs against the local service on $name', ({ target }) => {
  let h: Harness;
  let server: ReturnType<typeof serve>;
  let client: ExtractionClient;
  let serviceBase: () => string;

  beforeAll(async () => {
    h = await startServiceHarness(target, { workers: true });
    deskDb = h.database.db;
    const app = createServiceApp(async () => h.context);
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as AddressInfo).port;
    client = createExtractionClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: h.apiKey });
    serviceBase = () => `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    deskDb = null;
    await h?.close();
  });

  it('finishes a run through the signed webhooks', async () => {
    const run = await createRun(h.database.db, client, {
      deploymentId: INVOICE_DEPLOYMENT,
      name: 'webhooks on',
      items: invoices(6),
      createdBy: null,
    });
    expect(run).toMatchObject({ mode: 'batch', submitErrors: [] });
    const state = await until(async () => {
      const s = await runState(h.database.db, run.runId);
      return s.run.reconciled && s;
    });
    expect(state.run).toMatchObject({ status: 'completed', total: 6, completed: 6, failed: 0 });
    expect(state.items.every((i) => i.indexedStatus === 'completed')).toBe(true);
    // Nothing needed polling: every change came by webhook, each verified.
    const [row] = await h.database.db.select().from(runs).where(eq(runs.id, run.runId));
    expect(row.pollAttempts).toBe(0);
    expect(row.lastWebhookAt).not.toBeNull();
    expect(seen.filter((s) => !s.path.endsWith('/off')).every((s) => s.status === 200)).toBe(true);
  });

  it('finishes a run with webhooks off through the reconciler, and shows the failed deliveries', async () => {
    const run = await createRun(h.database.db, client, {
      deploymentId: INVOICE_DEPLOYMENT,
      name: 'webhooks off',
      items: invoices(4),
      createdBy: null,
      webhooks: false,
    });
    let clock = Date.now() + 10_000;
    const state = await until(async () => {
      clock += 60_000;
      const now = new Date(clock);
      await reconcileDueRuns(h.database.db, client, { now: () => now });
      const s = await runState(h.database.db, run.runId);
      return s.run.reconciled && s;
    });
    expect(state.run).toMatchObject({ status: 'completed', completed: 4, failed: 0 });
    expect(state.items.every((i) => i.indexedStatus === 'completed')).toBe(true);
    const [row] = await h.database.db.select().from(runs).where(eq(runs.id, run.runId));
    expect(row.lastWebhookAt).toBeNull();
    // The service's failed attempts show on the run page once a poll has seen them.
    const view = await until(async () => {
      const [batch] = (await getRunView(h.database.db, run.runId))?.batches ?? [];
      const progress = await client.getBatch(batch.batchId);
      if (progress.failed_webhooks.length === 0) return false;
      await applyBatchProgress(h.database.db, progress);
      return getRunView(h.database.db, run.runId);
    });
    expect(view?.failedWebhooks[0]).toMatchObject({ httpStatus: 410 });
    // Checked only now: the run can finish by polling before the first delivery is attempted.
    expect(seen.some((s) => s.path.endsWith('/off'))).toBe(true);
  });

  it('uploads each file once, by id in the batch; the same bytes twice are one stored document', async () => {
    const account = await h.newAccount('one-copy', 100);
    const own = createExtractionClient({ baseUrl: serviceBase(), apiKey: account.apiKey });
    const items = invoices(3);
    items.push({ ...items[0], documentName: 'copy-of-0.txt', metadata: { filename: 'copy-of-0.txt' } });
    // Not a PDF at all: refused at upload, so it goes as before and fails on its own item.
    items.push({
      document: {
        type: 'base64',
        content: Buffer.from('not a pdf').toString('base64'),
        filename: 'x.pdf',
        mime_type: 'application/pdf',
      },
      documentId: null,
      documentName: 'x.pdf',
      metadata: { filename: 'x.pdf' },
    });
    const run = await createRun(h.database.db, own, {
      deploymentId: INVOICE_DEPLOYMENT,
      name: 'one copy',
      items,
      createdBy: null,
    });
    const state = await until(async () => {
      const s = await runState(h.database.db, run.runId);
      return s.run.reconciled && s;
    });
    expect(state.run).toMatchObject({ total: 5, completed: 4, failed: 1 });
    const stored = await h.database.db
      .select({ sha256: serviceDocuments.sha256 })
      .from(serviceDocuments)
      .where(eq(serviceDocuments.accountId, account.accountId));
    expect(stored).toHaveLength(3); // four readable files, two of them the same bytes
    // The batch carried ids, not the files: each stored input is a small JSON of one id.
    const inputs = await h.database.db
      .select({ key: serviceEntries.inputKey, status: serviceEntries.status })
      .from(serviceEntries)
      .where(eq(serviceEntries.accountId, account.accountId));
    const byId = await Promise.all(
      inputs
        .filter((e) => e.status === 'completed')
        .map(async (e) => JSON.parse(new TextDecoder().decode(await h.context.blobs.get(e.key!)))),
    );
    for (const docs of byId) expect(docs).toEqual([{ type: 'id', id: expect.any(String) }]);
  });
});
