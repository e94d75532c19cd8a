import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseTarget, openDatabase } from '@/lib/db/client';
import { indexEntry } from '@/lib/desk/entry-index';
import { drainOutbox, enqueueCorrection, listOutbox } from '@/lib/desk/outbox';
import { createExtractionClient } from '@/lib/extraction-api/client';
import { ExtractionApiError } from '@/lib/extraction-api/errors';
import { createServiceApp } from '@/lib/service/app';
import { databaseKinds, tempDir } from '../support/database';
import {
  type Harness,
  INVOICE_DEPLOYMENT,
  startServiceHarness,
  textInvoice,
} from '../support/service-harness';

/**
 * A reviewer saves while the service is down; the desk restarts; the service comes back. The
 * correction waits in the outbox on disk, survives the restart, and reaches the service exactly
 * once — over real HTTP, with the service's own correction semantics.
 */
describe.each(databaseKinds)('the outbox across an outage and a desk restart on $name', ({ target }) => {
  let h: Harness;
  let port = 0;
  let server: ReturnType<typeof serve> | null = null;
  // The desk's own database: a file-backed PGlite (what `npm start` uses), or the PostgreSQL one.
  const deskTarget: DatabaseTarget =
    'url' in target ? target : { dir: path.join(tempDir('outbox'), 'pglite') };
  let desk: Database;

  const startService = async () => {
    const app = createServiceApp(async () => h.context);
    server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
    await new Promise((r) => server?.once('listening', r));
    port = (server.address() as AddressInfo).port;
  };
  const stopService = () => new Promise((r) => server?.close(r));
  const client = () =>
    createExtractionClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: h.apiKey, timeoutMs: 2_000 });

  beforeAll(async () => {
    h = await startServiceHarness(target);
    desk = await openDatabase(deskTarget);
    await startService();
  });
  afterAll(async () => {
    await stopService();
    await desk?.close();
    await h?.close();
  });

  it('keeps the correction through the restart and sends it once when the service is back', async () => {
    const entry = await client().processSync(INVOICE_DEPLOYMENT, {
      documents: [{ type: 'text', text: textInvoice({ number: 'INV-OUTAGE-1' }) }],
    });
    await indexEntry(desk.db, entry, { documentId: null, documentName: 'outage.txt', createdBy: null });
    const patches = [{ path: '/invoice_number', value: 'INV-OUTAGE-1-A' }];

    // The service goes away: the save fails as retryable, so the desk queues it (as the action does).
    await stopService();
    const refused = await client()
      .correctEntry(entry.entry_id, { patches })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ExtractionApiError);
    expect((refused as ExtractionApiError).retryable).toBe(true);
    await enqueueCorrection(desk.db, {
      entryId: entry.entry_id,
      userId: null,
      patches,
      notes: 'fixed the number',
      baseUpdatedAt: entry.updated_at,
      reason: (refused as Error).message,
    });
    // Sending while it is down only schedules a retry.
    expect(
      await drainOutbox(desk.db, client(), { now: () => new Date(Date.now() + 3_600_000) }),
    ).toMatchObject({
      sent: 0,
      retry: 1,
    });

    // The desk restarts (its database closed and opened again from disk).
    await desk.close();
    desk = await openDatabase(deskTarget);
    const waiting = await listOutbox(desk.db, entry.entry_id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ state: 'pending', attempts: 1 });

    // The service is back on the same address; the next pass sends it, and only once.
    await startService();
    const later = () => new Date(Date.now() + 7_200_000);
    expect(await drainOutbox(desk.db, client(), { now: later })).toMatchObject({ sent: 1 });
    expect(await drainOutbox(desk.db, client(), { now: later })).toMatchObject({ sent: 0, retry: 0 });
    const after = await client().getEntry(entry.entry_id);
    expect(after.data.invoice_number).toBe('INV-OUTAGE-1-A');
    expect(after.corrections).toHaveLength(1);
    expect(after.corrections[0]).toMatchObject({ notes: 'fixed the number', patches });
    expect((await listOutbox(desk.db, entry.entry_id))[0].state).toBe('sent');
  });
});
