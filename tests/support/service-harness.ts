import path from 'node:path';
import { filesystemBlobStore } from '@/lib/blobs';
import type { Database, DatabaseTarget } from '@/lib/db/client';
import { warmReaders } from '@/lib/isolation/readers';
import { createApiKey, ensureAccount } from '@/lib/service/accounts';
import { createServiceApp } from '@/lib/service/app';
import type { ServiceContext } from '@/lib/service/context';
import { startServiceWorkers } from '@/lib/service/jobs/workers';
import { SEEDED, seedService } from '@/lib/service/seed';
import { freshDatabase, tempDir } from './database';

export const INVOICE_DEPLOYMENT = SEEDED.invoice.deploymentId;

export interface Harness {
  database: Database;
  context: ServiceContext;
  /** An account with 100 EUR and its key. */
  apiKey: string;
  accountId: string;
  call(
    method: string,
    url: string,
    options?: { body?: unknown; rawBody?: string; headers?: Record<string, string>; key?: string | null },
    // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary JSON bodies
  ): Promise<{ status: number; body: any; headers: Headers }>;
  newAccount(name: string, credits?: number): Promise<{ accountId: string; apiKey: string }>;
  close(): Promise<void>;
}

/** The service app on a fresh database, called through its fetch handler exactly as HTTP would. */
/** With `workers`, async and batch work runs too (pg-boss on the same database, fast timings). */
export async function startServiceHarness(
  target: DatabaseTarget,
  options: { workers?: boolean } = {},
): Promise<Harness> {
  const database = await freshDatabase(target);
  await seedService(database.db);
  const context: ServiceContext = {
    db: database.db,
    blobs: filesystemBlobStore(path.join(tempDir('blobs'), 'service')),
    allowHosts: ['127.0.0.1', 'localhost'],
    webhookAllowHosts: ['127.0.0.1', 'localhost'],
    rateLimitPerMinute: 100_000,
    queue: null,
    maxQueueDepth: 10_000,
  };
  const workers = options.workers
    ? await startServiceWorkers(database, (queue) => Object.assign(context, { queue }), {
        expireInSeconds: 30,
        maintenanceIntervalSeconds: 1,
        sweepIntervalSeconds: 1,
        entryWorkers: 2,
        deliveryWorkers: 4,
        webhookBackoffMs: 50,
      })
    : null;
  // Every extraction runs in a reader process: started here, so no test's first request waits for them.
  await warmReaders();
  const app = createServiceApp(async () => context);
  const newAccount = async (name: string, credits = 100) => {
    const account = await ensureAccount(database.db, name, credits);
    const { key } = await createApiKey(database.db, account.id);
    return { accountId: account.id, apiKey: key };
  };
  const main = await newAccount('test-account');
  return {
    database,
    context,
    apiKey: main.apiKey,
    accountId: main.accountId,
    newAccount,
    async call(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const key = options.key === undefined ? main.apiKey : options.key;
      if (key) headers['x-api-key'] ??= key;
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await app.fetch(new Request(`http://service.test${url}`, { method, headers, body }));
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: the tests assert on that
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async close() {
      await workers?.stop();
      await database.close();
    },
  };
}

export const textInvoice = (
  overrides: Partial<Record<'number' | 'total' | 'due', string>> = {},
) => `Acme Widgets Ltd
1 Market Street, Springfield

INVOICE
Invoice number: ${overrides.number ?? 'INV-100'}
Invoice date: 2026-10-01
Due date: ${overrides.due ?? '2026-10-31'}
Bill to: Globex Corporation
Currency: EUR

Description          Quantity   Unit price   Amount
Widget               4          125.00       500.00
Installation         1          300.00       300.00

Subtotal: 800.00
Tax: 160.00
Total: ${overrides.total ?? '960.00'}
`;
