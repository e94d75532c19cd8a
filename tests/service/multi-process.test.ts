import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiKey, ensureAccount } from '@/lib/service/accounts';
import { seedService } from '@/lib/service/seed';
import { freshDatabase, POSTGRES_URL, tempDir } from '../support/database';
import { startS3Server, type TestS3 } from '../support/s3-server';
import { INVOICE_DEPLOYMENT, textInvoice } from '../support/service-harness';
import { startWebhookReceiver, waitFor } from '../support/webhook-receiver';

const root = path.resolve(import.meta.dirname, '../..');
const CREDITS = 10_000;
const ASYNC = 200;
const BATCH = 100;
const UPLOADS = 10;
/** Longer than the hand-back takes, so a retry within 5 s of a SIGTERM is the hand-back's. */
const EXPIRE_SECONDS = 12;

type Role = 'web' | 'worker';
type Proc = { child: ChildProcess; base: string; role: Role };

function start(role: Role, s3: TestS3): Promise<Proc> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...s3.env,
    DATABASE_URL: POSTGRES_URL,
    BLOB_DIR: tempDir('unused-blobs'), // documents live in S3: a local folder of one's own proves nothing is shared there
    EMEND_ROLE: role,
    EXPIRE_SECONDS: String(EXPIRE_SECONDS),
    SHUTDOWN_MS: '3000',
    ENTRY_WORKERS: '2',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/crash-child.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${role} exited early (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = chunk.toString().match(/ready (\d+)/);
      if (match) resolve({ child, base: `http://127.0.0.1:${match[1]}`, role });
    });
  });
}

/** Serves one text document; its first request hangs, holding the job that made it mid-way. */
async function slowDocument() {
  const times: number[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((_req, res) => {
    times.push(Date.now());
    if (times.length === 1) hanging.push(res);
    else res.writeHead(200, { 'content-type': 'text/plain' }).end(textInvoice({ number: 'SLOW-1' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow.txt`,
    times,
    close: () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

const exited = (p: Proc) =>
  p.child.exitCode !== null || p.child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => p.child.once('exit', () => r()));

describe('several servers and workers on PostgreSQL and S3', () => {
  const procs: Proc[] = [];
  afterAll(() => {
    for (const p of procs)
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  });

  it('two web servers, workers, a SIGTERM mid-job and a kill -9 mid-way: every entry completes exactly once', async () => {
    const began = Date.now();
    const database = await freshDatabase({ url: POSTGRES_URL });
    await seedService(database.db);
    const account = await ensureAccount(database.db, 'multi-process', CREDITS);
    const { key } = await createApiKey(database.db, account.id);
    await database.close();
    const s3 = await startS3Server();
    const hook = await startWebhookReceiver({ secret: 's3cret' });
    const slow = await slowDocument();
    const sql = new pg.Client({ connectionString: POSTGRES_URL });
    await sql.connect();
    const count = async (where: string) =>
      Number((await sql.query(`select count(*)::int as n from service.entries where ${where}`)).rows[0].n);
    try {
      // Two web servers and a worker start at once on the same (empty of queues) database.
      const [a, b, w2] = await Promise.all([start('web', s3), start('web', s3), start('worker', s3)]);
      procs.push(a, b, w2);
      const phases: string[] = [`started ${Date.now() - began}`];
      const webhook = { url: hook.url, secret: 's3cret' };
      const call = (base: string, method: string, url: string, body?: unknown) =>
        fetch(`${base}/v3${url}`, {
          method,
          headers: { 'content-type': 'application/json', 'x-api-key': key },
          body: body === undefined ? undefined : JSON.stringify(body),
        }).then(async (r) => ({ status: r.status, body: await r.json() }));

      // W2 takes a job that holds on (its document's server does not answer yet) while it is
      // the only worker; then the other workers come up beside it.
      const held = await call(a.base, 'POST', `/deployments/${INVOICE_DEPLOYMENT}/async`, {
        documents: [{ type: 'txt', url: slow.url }],
        webhook,
      });
      expect(held.status).toBe(202);
      await waitFor(() => slow.times.length >= 1, 30_000);
      const [w1, w3] = await Promise.all([start('worker', s3), start('worker', s3)]);
      procs.push(w1, w3);

      // SIGTERM W2 while it holds that job (well inside the job's 12 s expiry): it stops taking
      // work, hands the job back and exits; another worker retries it within 5 s.
      const signalled = Date.now();
      w2.child.kill('SIGTERM');
      await exited(w2);
      expect(w2.child.exitCode).toBe(0);
      const stoppedMs = Date.now() - signalled;
      await waitFor(() => slow.times.length >= 2, 10_000);
      const retriedMs = slow.times[1] - signalled;
      expect(retriedMs).toBeLessThan(5_000);
      // Not the expiry's retry: that would come 12 s after the job began.
      expect(slow.times[1] - slow.times[0]).toBeLessThan(EXPIRE_SECONDS * 1000);
      phases.push(`sigterm handled ${Date.now() - began}`);

      // Documents uploaded once through A, into the shared store.
      const uploads: string[] = [];
      for (let i = 0; i < UPLOADS; i++) {
        const content = Buffer.from(textInvoice({ number: `UP-${i}` })).toString('base64');
        const res = await call(a.base, 'POST', '/documents', {
          content,
          filename: `up-${i}.txt`,
          mime_type: 'text/plain',
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        uploads.push(res.body.id);
      }

      // 200 async entries (every tenth by uploaded id) and a 100-item batch, all through A.
      const asyncIds: string[] = [];
      for (let i = 0; i < ASYNC; i += 20) {
        const chunk = await Promise.all(
          Array.from({ length: 20 }, (_, j) => {
            const n = i + j;
            const document =
              n % 10 === 0
                ? { type: 'id', id: uploads[(n / 10) % UPLOADS] }
                : { text: textInvoice({ number: `A-${n}` }) };
            return call(a.base, 'POST', `/deployments/${INVOICE_DEPLOYMENT}/async`, {
              documents: [document],
              webhook,
            });
          }),
        );
        for (const res of chunk) {
          expect(res.status, JSON.stringify(res.body)).toBe(202);
          asyncIds.push(res.body.entry_id);
        }
      }
      const batch = await call(a.base, 'POST', `/deployments/${INVOICE_DEPLOYMENT}/batch`, {
        requests: Array.from({ length: BATCH }, (_, i) => ({
          documents: [{ text: textInvoice({ number: `B-${i}` }) }],
        })),
        webhook,
      });
      expect(batch.status, JSON.stringify(batch.body)).toBe(200);

      phases.push(`posted ${Date.now() - began}`);
      // kill -9 one worker in the middle.
      await waitFor(async () => (await count("status = 'completed'")) >= 60, 60_000);
      w1.child.kill('SIGKILL');
      await exited(w1);
      const atKill = await count("status = 'completed'");
      expect(atKill).toBeLessThan(ASYNC + BATCH);

      await waitFor(async () => (await count("status in ('pending', 'processing')")) === 0, 60_000);
      phases.push(`all done ${Date.now() - began}`);

      // Every entry completed, once: one completion event per entry, charged once.
      const total = ASYNC + BATCH + 1;
      expect(await count("status = 'completed'")).toBe(total);
      expect(await count('true')).toBe(total);
      const perEntry = new Map<string, Set<string>>();
      await waitFor(() => {
        perEntry.clear();
        for (const r of hook.received) {
          if (r.event !== 'structurer.completed' && r.event !== 'batch.item.completed') continue;
          const id = r.body.data.entry_id as string;
          perEntry.set(id, (perEntry.get(id) ?? new Set()).add(r.body.event_id));
        }
        return perEntry.size === total;
      }, 30_000);
      for (const events of perEntry.values()) expect(events.size).toBe(1);
      expect(hook.received.every((r) => r.signatureOk)).toBe(true);
      const { rows } = await sql.query(
        `select (select credits::float from service.accounts where id = $1) as credits,
                (select sum(price)::float from service.entries where account_id = $1) as charged`,
        [account.id],
      );
      expect(CREDITS - rows[0].credits).toBeCloseTo(rows[0].charged, 4);
      const progress = await call(b.base, 'GET', `/batches/${batch.body.batch_id}`);
      expect(progress.body).toMatchObject({ status: 'completed', completed_items: BATCH });

      // Every document is readable through B: uploaded ones processed by id, async ones read back.
      for (const id of uploads) {
        const res = await call(b.base, 'POST', `/deployments/${INVOICE_DEPLOYMENT}`, {
          documents: [{ type: 'id', id }],
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.invoice_number).toMatch(/^UP-\d$/);
      }
      for (const id of asyncIds.slice(0, 20)) {
        const res = await call(b.base, 'GET', `/entries/${id}`);
        expect(res.body.status).toBe('completed');
      }
      console.log(
        `multi-process: ${total} entries (${ASYNC} async + ${BATCH} batch + 1 held) on 2 web + 2 workers ` +
          `(SIGTERM: stopped in ${stoppedMs} ms, job retried ${retriedMs} ms after the signal; kill -9 at ${atKill} done); ${Date.now() - began} ms in all (${phases.join(', ')})`,
      );
    } finally {
      await sql.end();
      await slow.close();
      await hook.close();
      await s3.close();
    }
  }, 180_000);
});
