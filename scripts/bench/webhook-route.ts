// `npm run bench:webhook-route`: the desk's real webhook route (`POST /api/webhooks/extraction`
// under `next start`) loaded by autocannon on loopback. A run of 1,000 items is created in the
// desk's database first; autocannon then sends one signed `batch.item.completed` event per item
// plus 10 % replays, signing each request as it goes, from 16 connections. On embedded PGlite
// and on PostgreSQL. Writes BENCHMARKS.md's section.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  signWebhook,
} from '@/lib/contract/webhook-signature';
import { type DatabaseTarget, openDatabase } from '@/lib/db/client';
import { runs } from '@/lib/db/schema/desk';
import { createRun } from '@/lib/desk/runs/submit';
import { webhookSecret } from '@/lib/desk/runs/webhook-target';
import { acceptingClient, DEPLOYMENT, textItems } from '../../tests/desk/run-fixtures';
import { startEmend } from './emend-server';
import { machineLine, writeBenchSection } from './markdown';
import { dropBenchDatabase, freshBenchDatabase } from './postgres';
import { itemDeliveries } from './webhook-deliveries';

const ITEMS = Number(process.env.BENCH_WEBHOOK_ITEMS ?? 1000);
const CONNECTIONS = 16;
const PORT = Number(process.env.BENCH_PORT ?? 3240);

async function benchOn(name: string, target: DatabaseTarget, dataDir: string, serverCount = 1) {
  // The run and the webhook secret, written before the server holds the database.
  const setup = await openDatabase(target);
  const secret = await webhookSecret(setup.db);
  const run = await createRun(setup.db, acceptingClient().client, {
    deploymentId: DEPLOYMENT,
    name: 'bench',
    items: textItems(ITEMS),
    createdBy: null,
  });
  await setup.close();
  const deliveries = itemDeliveries(run.batchIds, ITEMS);

  // Several web servers share the PostgreSQL database; started one after another (the first
  // may build the app), loaded side by side, each with its share of the deliveries.
  const servers: Awaited<ReturnType<typeof startEmend>>[] = [];
  try {
    for (let i = 0; i < serverCount; i++) {
      fs.mkdirSync(path.join(dataDir, String(i)), { recursive: true });
      servers.push(
        await startEmend({
          dataDir: path.join(dataDir, String(i)),
          port: PORT + i,
          env: {
            ...('url' in target ? { DATABASE_URL: target.url } : {}),
            EMEND_ADMIN_PASSWORD: 'bench-admin-password',
            EMEND_SEED_DEMO: '0',
            NODE_ENV: 'production',
            LOG_LEVEL: 'warn',
          },
        }),
      );
    }
    let next = 0;
    const share = Math.ceil(deliveries.length / serverCount);
    const results = await Promise.all(
      servers.map((server, i) =>
        autocannon({
          url: `${server.baseUrl}/api/webhooks/extraction`,
          connections: CONNECTIONS / serverCount,
          amount: Math.min(share, deliveries.length - i * share),
          requests: [
            {
              method: 'POST',
              // Each request its own delivery, signed now (the signature carries the time).
              setupRequest: (request) => {
                const d = deliveries[next++ % deliveries.length];
                return {
                  ...request,
                  body: d.body,
                  headers: {
                    'content-type': 'application/json',
                    [EVENT_HEADER]: 'batch.item.completed',
                    [DELIVERY_HEADER]: d.id,
                    [SIGNATURE_HEADER]: signWebhook(secret, d.body),
                  },
                };
              },
            },
          ],
        }),
      ),
    );
    return { name, result: combine(results), runId: run.runId };
  } finally {
    for (const server of servers) await server.stop();
  }
}

/** One figure for servers loaded side by side: totals summed, the slowest duration and latencies. */
function combine(results: autocannon.Result[]) {
  const max = (pick: (r: autocannon.Result) => number) => Math.max(...results.map(pick));
  const sum = (pick: (r: autocannon.Result) => number) => results.reduce((a, r) => a + pick(r), 0);
  return {
    requests: { total: sum((r) => r.requests.total) },
    duration: max((r) => r.duration),
    latency: {
      p50: max((r) => r.latency.p50),
      p97_5: max((r) => r.latency.p97_5),
      p99: max((r) => r.latency.p99),
    },
    '2xx': sum((r) => r['2xx']),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
  };
}

async function runState(target: DatabaseTarget, runId: string) {
  const database = await openDatabase(target);
  try {
    const [row] = await database.db.select().from(runs).where(eq(runs.id, runId));
    return `${row.status}, ${row.completedItems}/${row.totalItems}`;
  } finally {
    await database.close();
  }
}

const PG_DB = 'emend_bench_webhook_route';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emend-bench-route-'));
const rows: string[] = [];
try {
  const targets: [string, () => Promise<DatabaseTarget>, string, number][] = [
    [
      'PGlite (file-backed)',
      async () => ({ dir: path.join(dir, 'pglite-data', '0', 'pglite') }),
      path.join(dir, 'pglite-data'),
      1,
    ],
    [
      'PostgreSQL (loopback)',
      async () => ({ url: await freshBenchDatabase(PG_DB) }),
      path.join(dir, 'pg-data'),
      1,
    ],
    [
      'PostgreSQL, two web servers',
      async () => ({ url: await freshBenchDatabase(PG_DB) }),
      path.join(dir, 'pg-data-2'),
      2,
    ],
  ];
  for (const [name, makeTarget, dataDir, serverCount] of targets) {
    fs.mkdirSync(dataDir, { recursive: true });
    const target = await makeTarget();
    const { result, runId } = await benchOn(name, target, dataDir, serverCount);
    const state = await runState(target, runId);
    const ok = result['2xx'];
    rows.push(
      `| ${name} | ${result.requests.total} | ${result.duration.toFixed(1)} s | **${(ok / result.duration).toFixed(0)} /s** | ${result.latency.p50} ms | ${result.latency.p97_5} ms | ${result.latency.p99} ms | ${ok}× 2xx, ${result.non2xx}× other, ${result.errors} errors | ${state} |`,
    );
    console.log(name, `${(ok / result.duration).toFixed(0)} verified events/s`, state);
  }
} finally {
  await dropBenchDatabase(PG_DB).catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(
  writeBenchSection('webhook-route', '## Desk: the webhook route under load (autocannon)', [
    machineLine(),
    '',
    '`npm run bench:webhook-route` (scripts/bench/webhook-route.ts): the real route',
    '`POST /api/webhooks/extraction` of a production build (`next start`), loaded by [autocannon](https://github.com/mcollina/autocannon)',
    `from ${CONNECTIONS} connections on loopback (split evenly over the servers where there are two, which share PostgreSQL; servers with NODE_ENV=production, LOG_LEVEL=warn). A run of ${ITEMS.toLocaleString('en-GB')} items exists in the desk; every request is one signed`,
    '`batch.item.completed` event (signed as it is sent), then 10 % replays of earlier deliveries, answered',
    '`duplicate`. Every request is verified (HMAC over the raw body, 300 s tolerance) before anything is parsed.',
    '',
    '| Database | Requests | Time | Verified events per second | p50 | p97.5 | p99 | Answers | Run at the end |',
    '|---|---:|---:|---:|---:|---:|---:|---|---|',
    ...rows,
  ]),
);
