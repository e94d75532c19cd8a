import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { signWebhook } from '@/lib/contract/webhook-signature';
import { type DatabaseTarget, openDatabase } from '@/lib/db/client';
import { runs } from '@/lib/db/schema/desk';
import { createRun } from '@/lib/desk/runs/submit';
import { webhookSecret } from '@/lib/desk/runs/webhook-target';
import { ingestWebhook } from '@/lib/desk/webhook-ingest';
import { acceptingClient, DEPLOYMENT, textItems } from '../../tests/desk/run-fixtures';
import { dropBenchDatabase, freshBenchDatabase } from './postgres';
import { itemDeliveries } from './webhook-deliveries';

const PG_DB = 'emend_bench_webhooks';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function benchOn(name: string, target: DatabaseTarget, ITEMS: number, CONCURRENCY: number) {
  const database = await openDatabase(target);
  const db = database.db;
  const secret = await webhookSecret(db);
  const run = await createRun(db, acceptingClient().client, {
    deploymentId: DEPLOYMENT,
    name: 'bench',
    items: textItems(ITEMS),
    createdBy: null,
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      try {
        const result = await ingestWebhook(db, {
          rawBody: Buffer.concat(chunks).toString('utf8'),
          signature: (req.headers['x-service-signature'] as string) ?? null,
          secret,
        });
        res.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result.body));
      } catch (error) {
        res.writeHead(500).end((error as Error).message);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/extraction`;

  const all = itemDeliveries(run.batchIds, ITEMS);

  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < all.length) {
        const d = all[next++];
        const t = performance.now();
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-service-event': 'batch.item.completed',
            'x-service-delivery': d.id,
            'x-service-signature': signWebhook(secret, d.body),
          },
          body: d.body,
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - t);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const [check] = await db
    .select({ status: runs.status, completed_items: runs.completedItems, total_items: runs.totalItems })
    .from(runs)
    .where(eq(runs.id, run.runId));
  await new Promise<void>((r) => server.close(() => r()));
  await database.close();
  return {
    name,
    items: ITEMS,
    concurrency: CONCURRENCY,
    requests: all.length,
    seconds,
    rate: all.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses: [...statuses].map(([s, n]) => `${n}× ${s}`).join(', '),
    final: check ? `${check.status}, ${check.completed_items}/${check.total_items}` : 'unknown',
  };
}

/** One client after another on a small run, then 16 at once on a run of 1000 items. */
const scenarios = [
  { items: 300, concurrency: 1 },
  { items: 1000, concurrency: 16 },
];
const results = [];
for (const { items, concurrency } of scenarios) {
  results.push(await benchOn('PGlite (in memory)', { memory: true }, items, concurrency));
  try {
    results.push(
      await benchOn('PostgreSQL (loopback)', { url: await freshBenchDatabase(PG_DB) }, items, concurrency),
    );
  } catch (error) {
    console.error('PostgreSQL skipped:', (error as Error).message);
  } finally {
    await dropBenchDatabase(PG_DB).catch(() => {});
  }
}

const lines = [
  '# Webhook ingest on loopback',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), Node ${process.version}, with \`npx tsx scripts/bench/webhooks.ts\`.`,
  '',
  `The desk's ingest (\`lib/desk/webhook-ingest.ts\`: HMAC check over the raw body, zod parse, delivery dedupe,`,
  "monotonic item update, entry index upsert, counters derived from the run's items, in one transaction) behind a",
  'plain Node HTTP server — not the Next.js route, whose own overhead comes on top. One signed',
  '`batch.item.completed` event per item of one run (batches of 100), plus 10 % replays of earlier',
  'deliveries (answered `duplicate`), sent by keep-alive `fetch` clients in the same process.',
  '',
  '| Database | Run items | Clients | Requests | Time | Rate | p50 | p95 | p99 | Answers | Run at the end |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.items} | ${r.concurrency} | ${r.requests} | ${r.seconds.toFixed(2)} s | ${Math.round(r.rate)} req/s | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.statuses} | ${r.final} |`,
  ),
  '',
  `Load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (a shared machine: other builds ran meanwhile).`,
  '',
  'Events of one run serialise on its row lock (the counters are recounted from the items under it, so',
  'concurrent events can never leave a stale count): more clients raise latency more than the rate. Events',
  'of different runs proceed in parallel on PostgreSQL; PGlite is one connection, so everything queues.',
  "Recounting reads every item of the run, so the cost per event grows slowly with the run's size.",
  '',
];
const file = path.resolve(import.meta.dirname, 'webhooks-results.md');
fs.writeFileSync(file, lines.join('\n'));
console.log(lines.join('\n'));
