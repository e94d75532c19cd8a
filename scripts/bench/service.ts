// Service latency benchmark: sync text extraction and corrections, on PGlite and PostgreSQL.
// Through the real HTTP stack: the service app served by @hono/node-server on loopback.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import pg from 'pg';
import type { DatabaseTarget } from '@/lib/db/client';
import { createServiceApp } from '@/lib/service/app';
import {
  type Harness,
  INVOICE_DEPLOYMENT,
  startServiceHarness,
  textInvoice,
} from '../../tests/support/service-harness';
import { startWebhookReceiver, waitFor } from '../../tests/support/webhook-receiver';

const SYNC_RUNS = Number(process.env.BENCH_SYNC_RUNS ?? 200);
const CORRECTION_RUNS = Number(process.env.BENCH_CORRECTION_RUNS ?? 200);

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A 100-item batch of text invoices, end to end, with an incremental webhook per item. */
async function benchBatch(h: Harness) {
  const hook = await startWebhookReceiver();
  const started = performance.now();
  const res = await h.call('POST', `/v3/deployments/${INVOICE_DEPLOYMENT}/batch`, {
    body: {
      requests: Array.from({ length: 100 }, (_, i) => ({
        documents: [{ text: textInvoice({ number: `B-${i}` }) }],
      })),
      webhook: { url: hook.url },
    },
  });
  if (res.status !== 200) throw new Error(`batch: ${res.status} ${JSON.stringify(res.body)}`);
  const times: number[] = [];
  hook.onReceive = () => times.push(performance.now());
  await waitFor(() => hook.received.some((r) => r.event === 'batch.completed'), 300_000);
  const totalMs = performance.now() - started;
  // Item webhooks may still be arriving after the batch's own: wait for all 101.
  await waitFor(() => hook.received.length >= 101, 60_000).catch(() => {});
  await hook.close();
  const span = (times.at(-1)! - times[0]) / 1000;
  return {
    totalMs,
    deliveries: hook.received.length,
    perSecond: hook.received.length / Math.max(span, 0.001),
  };
}

/** Its own PostgreSQL database, so a test run elsewhere cannot drop its tables mid-way. */
async function benchDatabases(): Promise<{ name: string; target: DatabaseTarget }[]> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/emend_bench';
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '')}"`);
  await admin.end();
  return [
    { name: 'PGlite', target: { memory: true } },
    { name: 'PostgreSQL', target: { url } },
  ];
}

export async function benchService(): Promise<string[]> {
  const batchLines = [
    '',
    'A 100-item batch (one text invoice per item) with an incremental webhook per item, from the POST to the',
    '`batch.completed` webhook; webhook deliveries per second over the same run (2 entry workers, 4 delivery workers).',
    '',
    '| Database | 100-item batch end to end | Webhooks received | Deliveries per second |',
    '| --- | --- | --- | --- |',
  ];
  const lines = [
    '| Database | Sync text entry p50 | p95 | Correction p50 | p95 |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const kind of await benchDatabases()) {
    const h = await startServiceHarness(kind.target, { workers: true });
    await h.newAccount('bench', 1_000_000);
    const app = createServiceApp(async () => h.context);
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = { 'content-type': 'application/json', 'x-api-key': h.apiKey };
    const post = async (path: string, body: unknown) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = await res.json();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return { ms: performance.now() - t0, json };
    };
    const sync: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < SYNC_RUNS; i++) {
      const { ms, json } = await post(`/v3/deployments/${INVOICE_DEPLOYMENT}`, {
        documents: [{ text: textInvoice({ number: `INV-${i}` }) }],
      });
      if (i >= 10) sync.push(ms); // warm-up excluded
      ids.push(json.entry_id);
    }
    const corrections: number[] = [];
    for (let i = 0; i < CORRECTION_RUNS; i++) {
      const { ms } = await post(`/v3/entries/${ids[i % ids.length]}/correction`, {
        patches: [{ path: '/total', value: 1000 + i }],
      });
      corrections.push(ms);
    }
    const batch = await benchBatch(h);
    const f = (n: number) => `${n.toFixed(1)} ms`;
    batchLines.push(
      `| ${kind.name} | ${(batch.totalMs / 1000).toFixed(2)} s | ${batch.deliveries} | ${batch.perSecond.toFixed(0)} /s |`,
    );
    lines.push(
      `| ${kind.name} | ${f(percentile(sync, 50))} | ${f(percentile(sync, 95))} | ${f(percentile(corrections, 50))} | ${f(percentile(corrections, 95))} |`,
    );
    server.close();
    await h.close();
  }
  return [...lines, ...batchLines];
}
