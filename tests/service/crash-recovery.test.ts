import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseTarget, openDatabase } from '@/lib/db/client';
import { accounts, entries } from '@/lib/db/schema/service';
import { createApiKey, ensureAccount } from '@/lib/service/accounts';
import { seedService } from '@/lib/service/seed';
import { freshDatabase, POSTGRES_URL, tempDir } from '../support/database';
import { INVOICE_DEPLOYMENT } from '../support/service-harness';
import { startWebhookReceiver, waitFor } from '../support/webhook-receiver';

const root = path.resolve(import.meta.dirname, '../..');
const pdf = fs.readFileSync(path.join(root, 'tests/fixtures/documents/invoice-basic.pdf')).toString('base64');
const CREDITS = 1000;

/**
 * The dead process's jobs are retried after 10 s (EXPIRE_SECONDS of crash-child): longer than
 * a PDF item takes here with four side by side, else items still running would be retried
 * too (safe — the first result wins and alone is charged — but slow).
 */
const kinds: { name: string; target: () => Promise<DatabaseTarget> }[] = [
  { name: 'PostgreSQL', target: async () => ({ url: POSTGRES_URL }) },
  { name: 'file-backed PGlite', target: async () => ({ dir: path.join(tempDir('crash-pglite'), 'db') }) },
];

/**
 * `node --import tsx` runs the service in this very process: a SIGKILL to it is a real crash.
 * (Through the tsx CLI the service would run in a grandchild that the kill leaves alive.)
 */
function startChild(target: DatabaseTarget, blobDir: string): Promise<{ child: ChildProcess; base: string }> {
  const database =
    'url' in target ? { DATABASE_URL: target.url } : { PGLITE_DIR: (target as { dir: string }).dir };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BLOB_DIR: blobDir,
    EXPIRE_SECONDS: '10',
    ...database,
  };
  if (!('url' in target)) delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/crash-child.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`service exited early (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = chunk.toString().match(/ready (\d+)/);
      if (match) resolve({ child, base: `http://127.0.0.1:${match[1]}` });
    });
  });
}

function killed(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  return exited;
}

describe.each(kinds)('a batch survives a crash of the service mid-way ($name)', ({ target: makeTarget }) => {
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) await killed(c, 'SIGKILL');
  });

  it('completes every item exactly once, charges it once and loses no webhook', async () => {
    const target = await makeTarget();
    const database = await freshDatabase(target);
    await seedService(database.db);
    const account = await ensureAccount(database.db, 'crash-test', CREDITS);
    const { key } = await createApiKey(database.db, account.id);
    await database.close(); // the embedded database is one process's at a time
    const blobDir = tempDir('crash');
    const hook = await startWebhookReceiver({ secret: 's3cret' });
    try {
      const first = await startChild(target, blobDir);
      children.push(first.child);
      const requests = Array.from({ length: 10 }, (_, i) => ({
        documents: [{ content: pdf, filename: `invoice-${i}.pdf` }],
        metadata: { i },
      }));
      const created = await fetch(`${first.base}/v3/deployments/${INVOICE_DEPLOYMENT}/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ requests, webhook: { url: hook.url, secret: 's3cret' } }),
      }).then((r) => r.json());
      expect(created.total_items).toBe(10);

      // Kill it hard while it is in the middle of the batch.
      await waitFor(
        () => hook.received.filter((r) => r.event === 'batch.item.completed').length >= 2,
        60_000,
      );
      await killed(first.child, 'SIGKILL');
      const before = new Set(hook.received.map((r) => r.body.data.item_index));
      expect(before.size).toBeLessThan(10);
      // Nothing arrives from a dead process.
      const countAtKill = hook.received.length;
      await new Promise((r) => setTimeout(r, 500));
      expect(hook.received.length).toBe(countAtKill);

      const second = await startChild(target, blobDir);
      children.push(second.child);
      await waitFor(() => hook.received.find((r) => r.event === 'batch.completed'), 90_000);
      const progress = await fetch(`${second.base}/v3/batches/${created.batch_id}`, {
        headers: { 'x-api-key': key },
      }).then((r) => r.json());
      expect(progress).toMatchObject({ status: 'completed', completed_items: 10, failed_items: 0 });
      expect(progress.items.map((i: { index: number }) => i.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(new Set(progress.items.map((i: { entry_id: string }) => i.entry_id)).size).toBe(10);
      for (const item of progress.items) expect(item.data.invoice_number).toBe('INV-2024-0042');

      // Every item's webhook arrives (deliveries deduplicated by X-Service-Delivery), all signed.
      // One whose enqueue died with the first process comes later, through the sweeper.
      const itemDeliveries = () =>
        new Set(hook.received.filter((r) => r.event === 'batch.item.completed').map((r) => r.deliveryId))
          .size;
      await waitFor(() => itemDeliveries() >= 10, 60_000);
      await new Promise((r) => setTimeout(r, 1000)); // a late extra delivery would show here
      const distinct = new Map(hook.received.map((r) => [r.deliveryId, r]));
      const items = [...distinct.values()].filter((r) => r.event === 'batch.item.completed');
      expect(new Set(items.map((r) => r.body.data.item_index)).size).toBe(10);
      expect(items).toHaveLength(10);
      expect([...distinct.values()].filter((r) => r.event === 'batch.completed')).toHaveLength(1);
      expect(hook.received.every((r) => r.signatureOk)).toBe(true);
      await killed(second.child, 'SIGTERM');
    } finally {
      await hook.close();
    }

    // Charged once per item: the balance fell by exactly what the ten entries cost.
    const after = await openDatabase(target);
    try {
      const [{ credits }] = await after.db
        .select({ credits: accounts.credits })
        .from(accounts)
        .where(eq(accounts.id, account.id));
      const [{ charged, count }] = await after.db
        .select({
          charged: sql<number>`coalesce(sum(${entries.price}), 0)`.mapWith(Number),
          count: sql<number>`count(*)`.mapWith(Number),
        })
        .from(entries)
        .where(eq(entries.accountId, account.id));
      expect(count).toBe(10);
      expect(charged).toBeGreaterThan(0);
      expect(CREDITS - credits).toBeCloseTo(charged, 4);
    } finally {
      await after.close();
    }
  }, 240_000);
});
