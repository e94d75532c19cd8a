// `npm run bench:team`: the team features at 100,000 entries on PostgreSQL — the export (time and
// peak memory of the `emend export` process, per format), the analytics page's queries (p50/p95),
// and the desk's webhooks for 1,000 approvals end to end (approval → signed POST received).
// Writes BENCHMARKS.md's section.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/client';
import { users } from '@/lib/db/schema/desk';
import { computeAnalytics } from '@/lib/desk/analytics';
import { approveEntries } from '@/lib/desk/decisions';
import { deliverDueWebhooks } from '@/lib/desk/webhooks/deliver';
import { createEndpoint } from '@/lib/desk/webhooks/endpoints';
import { startWebhookReceiver } from '../../tests/support/webhook-receiver';
import { seedEntries } from './entries-seed';
import { machineLine, writeBenchSection } from './markdown';
import { dropBenchDatabase, freshBenchDatabase } from './postgres';

const TOTAL = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_TEAM_RUNS ?? 20);
const APPROVALS = 1000;
const PG_DB = 'emend_bench_team';
/** Which parts to run (comma-separated): export, analytics, webhooks. The section is written only for all. */
const PARTS = new Set((process.env.BENCH_TEAM_PARTS ?? 'export,analytics,webhooks').split(','));
const ALL = PARTS.size === 3;
const KEEP = process.env.BENCH_TEAM_KEEP === '1';
const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const url = await freshBenchDatabase(PG_DB);
const database = await openDatabase({ url });
const { db } = database;
const lines: string[] = [machineLine(), ''];
try {
  console.log(`seeding ${TOTAL} entries…`);
  await seedEntries(database, TOTAL, [randomUUID(), randomUUID(), randomUUID()]);
  const [ana] = await db
    .insert(users)
    .values({ email: 'ana@bench.local', passwordHash: 'x', role: 'reviewer' })
    .returning({ id: users.id });
  // History for analytics: a decision an hour after extraction for entries no longer to review
  // (1 in 10 by routing), and a correction of `total` (and of a line item) on a third of them.
  await db.execute(sql`
    insert into desk.review_decisions (entry_id, user_id, decision, reason, automatic, created_at)
    select id, case when e.n % 10 = 0 then null else ${ana.id}::uuid end,
           case when review_state = 'rejected' then 'rejected' else 'approved' end,
           case when review_state = 'rejected' then 'unreadable' end,
           e.n % 10 = 0 and review_state <> 'rejected', created_at + interval '1 hour'
    from (select *, row_number() over () as n from desk.entries where review_state <> 'to_review') e`);
  await db.execute(sql`
    insert into desk.corrections (entry_id, user_id, patches, created_at)
    select id, ${ana.id}::uuid,
           case when n % 2 = 0 then '[{"path":"/total","value":1}]'::jsonb
                else '[{"path":"/total","value":1},{"path":"/line_items/0/amount","value":2}]'::jsonb end,
           created_at + interval '30 minutes'
    from (select *, row_number() over () as n from desk.entries) e where n % 3 = 0`);
  await db.execute(sql`vacuum analyze`);

  if (PARTS.has('export')) {
    // Export: the CLI in a process of its own, so its peak resident memory is the export's.
    lines.push(`### Export of ${TOTAL.toLocaleString('en-GB')} entries (\`emend export\`, PostgreSQL)`, '');
    // The same process doing nothing but start (tsx, modules, migrations check): what the export adds is the difference.
    const base = await run(
      '/usr/bin/time',
      ['-f', 'peak-kb %M', path.join(root, 'node_modules/.bin/tsx'), 'scripts/cli.ts', 'deployments', 'list'],
      { cwd: root, env: { ...process.env, DATABASE_URL: url } },
    );
    const baseMb = Number(/peak-kb (\d+)/.exec(base.stderr)?.[1] ?? 0) / 1024;
    lines.push(
      `The CLI process alone (\`emend deployments list\`: tsx, modules, database) peaks at ${baseMb.toFixed(0)} MB; the export streams 500 entries a page, so its own share is the difference.`,
      '',
    );
    lines.push('| Format | Time | Peak memory (RSS) | File |', '| --- | --- | --- | --- |');
    for (const format of ['csv', 'zip', 'xlsx', 'jsonl']) {
      const out = path.join(os.tmpdir(), `emend-bench-export.${format}`);
      const t0 = performance.now();
      const { stderr } = await run(
        '/usr/bin/time',
        [
          '-f',
          'peak-kb %M',
          path.join(root, 'node_modules/.bin/tsx'),
          'scripts/cli.ts',
          'export',
          '--format',
          format,
          '--output',
          out,
        ],
        { cwd: root, env: { ...process.env, DATABASE_URL: url }, maxBuffer: 16 * 1024 * 1024 },
      );
      const seconds = (performance.now() - t0) / 1000;
      const peakMb = Number(/peak-kb (\d+)/.exec(stderr)?.[1] ?? 0) / 1024;
      const size = fs.statSync(out).size / 1_048_576;
      fs.rmSync(out);
      console.log(format, seconds.toFixed(1), 's', peakMb.toFixed(0), 'MB');
      lines.push(
        `| ${format} | ${seconds.toFixed(1)} s | ${peakMb.toFixed(0)} MB (target ≤ 200 MB) | ${size.toFixed(1)} MB |`,
      );
    }
  }

  if (PARTS.has('analytics')) {
    // Analytics: the page's queries over every decision (the whole seeded range) and over 30 days.
    lines.push('', `### Analytics page queries at ${TOTAL.toLocaleString('en-GB')} entries (PostgreSQL)`, '');
    lines.push('| Range | p50 | p95 | Target |', '| --- | --- | --- | --- |');
    for (const [label, filters] of [
      ['all decisions (2026-01-01 → 2026-03-15)', { from: '2026-01-01', to: '2026-03-15' }],
      ['30 days (2026-02-01 → 2026-03-02)', { from: '2026-02-01', to: '2026-03-02' }],
    ] as const) {
      for (let i = 0; i < 2; i++) await computeAnalytics(db, filters);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await computeAnalytics(db, filters);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(label, percentile(times, 50).toFixed(0), percentile(times, 95).toFixed(0));
      lines.push(
        `| ${label} | ${percentile(times, 50).toFixed(0)} ms | ${percentile(times, 95).toFixed(0)} ms | p95 ≤ 300 ms |`,
      );
    }
  }

  if (PARTS.has('webhooks')) {
    // Webhooks: 1,000 approvals (bulk, 500 at a time) to a signed endpoint on loopback.
    const receiver = await startWebhookReceiver({ secret: 'bench-secret-0123456789' });
    try {
      await createEndpoint(db, {
        url: receiver.url,
        secret: 'bench-secret-0123456789',
        events: ['entry.approved'],
        actorId: ana.id,
        allowHosts: ['127.0.0.1'],
      });
      const ids = (
        (await db.execute(
          sql`select id from desk.entries where review_state = 'to_review' and error_count = 0 limit ${APPROVALS}`,
        )) as unknown as { rows: { id: string }[] }
      ).rows;
      const t0 = performance.now();
      for (let i = 0; i < ids.length; i += 500)
        await approveEntries(db, { entryIds: ids.slice(i, i + 500).map((r) => r.id), userId: ana.id });
      const queued = performance.now() - t0;
      while (receiver.received.length < ids.length) {
        if ((await deliverDueWebhooks(db, { allowHosts: ['127.0.0.1'], limit: 100, concurrency: 16 })) === 0)
          await new Promise((r) => setTimeout(r, 20));
      }
      const total = performance.now() - t0;
      const signed = receiver.received.filter((r) => r.signatureOk).length;
      console.log('webhooks', queued.toFixed(0), total.toFixed(0), signed);
      lines.push(
        '',
        `### Desk webhooks: ${ids.length.toLocaleString('en-GB')} approvals end to end (PostgreSQL, receiver on loopback)`,
        '',
        `Approved in bulk (2 × 500) and queued in ${queued.toFixed(0)} ms; all ${receiver.received.length} \`entry.approved\` deliveries received (${signed} with a valid signature) ${(total / 1000).toFixed(2)} s after the first approval — ${((receiver.received.length / total) * 1000).toFixed(0)} deliveries/s with 16 parallel POSTs per pass.`,
      );
    } finally {
      await receiver.close();
    }
  }
} finally {
  await database.close();
  if (KEEP) console.log(`kept ${url}`);
  else await dropBenchDatabase(PG_DB);
}
if (ALL)
  console.log(
    writeBenchSection(
      'team',
      '## Team features: export, analytics, desk webhooks (`npm run bench:team`)',
      lines,
    ),
  );
