import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiKey, ensureAccount } from '@/lib/service/accounts';
import { seedService } from '@/lib/service/seed';
import { freshDatabase, POSTGRES_URL, tempDir } from '../support/database';
import { INVOICE_DEPLOYMENT } from '../support/service-harness';
import { waitFor } from '../support/webhook-receiver';

const root = path.resolve(import.meta.dirname, '../..');
const pdf = fs.readFileSync(path.join(root, 'tests/fixtures/documents/invoice-basic.pdf'));
const SHUTDOWN_MS = 3000;

function startChild(blobDir: string): Promise<{ child: ChildProcess; base: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: POSTGRES_URL,
    BLOB_DIR: blobDir,
    // Far beyond the test: a retry seen here comes from the hand-back, not from expiry.
    EXPIRE_SECONDS: '300',
    SHUTDOWN_MS: String(SHUTDOWN_MS),
  };
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

/** Serves the invoice; the first request hangs, so the job that made it is mid-way for as long as we like. */
async function slowDocumentServer() {
  let hits = 0;
  const times: number[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((_req, res) => {
    hits++;
    times.push(Date.now());
    if (hits === 1) {
      hanging.push(res);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/invoice.pdf`,
    hits: () => hits,
    /** When each request arrived. */
    times,
    close: () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

describe('SIGTERM of a worker in the middle of a job (PostgreSQL)', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });

  it('the process exits within its timeout and another worker finishes the job at once, once', async () => {
    const database = await freshDatabase({ url: POSTGRES_URL });
    await seedService(database.db);
    const account = await ensureAccount(database.db, 'shutdown-test', 100);
    const { key } = await createApiKey(database.db, account.id);
    await database.close();
    const blobDir = tempDir('shutdown');
    const documents = await slowDocumentServer();
    try {
      const a = await startChild(blobDir);
      children.push(a.child);
      const created = await fetch(`${a.base}/v3/deployments/${INVOICE_DEPLOYMENT}/async`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ documents: [{ type: 'pdf', url: documents.url }] }),
      }).then((r) => r.json());
      expect(created.status).toBe('pending');
      await waitFor(() => documents.hits() === 1, 30_000); // A's worker is fetching: mid-job
      const b = await startChild(blobDir);
      children.push(b.child);

      const exited = new Promise<number | null>((r) => a.child.once('exit', (code) => r(code)));
      const signalled = Date.now();
      a.child.kill('SIGTERM');
      const code = await exited;
      const exitedAt = Date.now();
      const stoppedMs = exitedAt - signalled;
      expect(code).toBe(0);
      expect(stoppedMs).toBeLessThan(SHUTDOWN_MS + 2000);

      // B takes the handed-back job over within 5 s (not after the 300 s expiry) and finishes it.
      let entry: { status: string; data: { invoice_number?: string } } | undefined;
      await waitFor(async () => {
        entry = await fetch(`${b.base}/v3/entries/${created.entry_id}`, {
          headers: { 'x-api-key': key },
        }).then((r) => r.json());
        return entry?.status === 'completed';
      }, 30_000);
      expect(entry?.data.invoice_number).toBe('INV-2024-0042');
      expect(documents.hits()).toBe(2);
      // The bound the issue asks for: the retry began (B fetched the document) within 5 s of the exit.
      const retriedMs = documents.times[1] - exitedAt;
      expect(retriedMs).toBeLessThan(5_000);
      const after = new pg.Client({ connectionString: POSTGRES_URL });
      await after.connect();
      try {
        const { rows } = await after.query(
          'select count(*)::int as n, sum(price)::float as charged from service.entries',
        );
        expect(rows[0].n).toBe(1);
        expect(rows[0].charged).toBeGreaterThan(0);
        const balance = await after.query(
          "select credits::float as credits from service.accounts where name = 'shutdown-test'",
        );
        expect(100 - balance.rows[0].credits).toBeCloseTo(rows[0].charged, 4); // charged once
      } finally {
        await after.end();
      }
      console.log(`shutdown: A stopped in ${stoppedMs} ms; B retried the job ${retriedMs} ms later`);
    } finally {
      await documents.close();
    }
  }, 120_000);
});
