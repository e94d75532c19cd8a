import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/database';
import {
  type Harness,
  INVOICE_DEPLOYMENT,
  startServiceHarness,
  textInvoice,
} from '../support/service-harness';

describe.each(databaseKinds)('request ids through the service and its jobs ($name)', ({ target }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServiceHarness(target, { workers: true });
  });
  afterAll(() => h.close());

  it("answers with the caller's X-Request-Id and hands it to the job it enqueues", async () => {
    const res = await h.call('POST', `/v3/deployments/${INVOICE_DEPLOYMENT}/async`, {
      body: { documents: [{ text: textInvoice() }] },
      headers: { 'x-request-id': 'desk-req-42' },
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('x-request-id')).toBe('desk-req-42');
    const rows = (await h.database.db.execute(
      sql`select data from jobs.job where name = 'service-process-entry' and data->>'entryId' = ${res.body.entry_id}`,
    )) as unknown as { rows: { data: { requestId?: string } }[] };
    expect(rows.rows.map((r) => r.data.requestId)).toEqual(['desk-req-42']);
  });

  it('makes one up when the caller sends none, or one that is not sane', async () => {
    const none = await h.call('GET', '/v3/deployments');
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await h.call('GET', '/v3/deployments', { headers: { 'x-request-id': 'a b<script>' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
