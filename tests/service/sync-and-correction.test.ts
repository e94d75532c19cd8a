import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/database';
import {
  type Harness,
  INVOICE_DEPLOYMENT,
  startServiceHarness,
  textInvoice,
} from '../support/service-harness';

describe.each(databaseKinds)('sync extraction and corrections on $name', ({ target }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServiceHarness(target);
  });
  afterAll(() => h?.close());

  const extract = async (text = textInvoice()) => {
    const res = await h.call('POST', `/v3/deployments/${INVOICE_DEPLOYMENT}`, {
      body: { documents: [{ text }], metadata: { ref: 'A-1' } },
    });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('extracts a text invoice into a stored entry with the spec fields and ours', async () => {
    const entry = await extract();
    expect(entry).toMatchObject({
      resource_type: 'structure',
      status: 'completed',
      errors: null,
      deployment_id: INVOICE_DEPLOYMENT,
      batch_id: null,
      metadata: { ref: 'A-1' },
      corrected: false,
      corrections: [],
    });
    expect(entry.data).toMatchObject({
      invoice_number: 'INV-100',
      total: 960,
      subtotal: 800,
      tax: 160,
      currency: 'EUR',
    });
    expect(entry.price).toBeCloseTo(0.1);
    expect(entry.documents).toEqual([expect.objectContaining({ type: 'text', pages: expect.any(Number) })]);
    expect(entry.sources['/total']).toMatchObject({ document: 0, page: 1 });
    expect(entry.confidence['/total']).toBeGreaterThan(0);
    const stored = await h.call('GET', `/v3/entries/${entry.entry_id}`);
    expect(stored.status).toBe(200);
    expect(stored.body.data).toEqual(entry.data);
  });

  it('applies patches, keeps the history and re-validates', async () => {
    const entry = await extract();
    const res = await h.call('POST', `/v3/entries/${entry.entry_id}/correction`, {
      body: { patches: [{ path: '/total', value: 999 }], notes: 'typo on the scan' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ entry_id: entry.entry_id, patches_applied: 1 });
    // 999 is printed nowhere: the total teaches nothing (the confirmed fields may).
    expect(res.body.learned_fields).not.toContain('/total');
    const after = (await h.call('GET', `/v3/entries/${entry.entry_id}`)).body;
    expect(after.data.total).toBe(999);
    expect(after.corrected).toBe(true);
    expect(after.corrections).toEqual([
      expect.objectContaining({
        notes: 'typo on the scan',
        patches: [{ path: '/total', value: 999 }],
        data_replaced: false,
      }),
    ]);
    // subtotal + tax no longer equals the total
    expect(after.status).toBe('completed_with_errors');
    expect(after.errors).toContainEqual(expect.objectContaining({ path: '/total', code: 'SUM_MISMATCH' }));
    // …and correcting it back clears the error
    await h.call('POST', `/v3/entries/${entry.entry_id}/correction`, {
      body: { patches: [{ path: '/total', value: 960 }] },
    });
    const fixed = (await h.call('GET', `/v3/entries/${entry.entry_id}`)).body;
    expect(fixed.status).toBe('completed');
    expect(fixed.errors).toBeNull();
    expect(fixed.corrections).toHaveLength(2);
  });

  it('is all or nothing: one bad patch applies none and names the patch', async () => {
    const entry = await extract();
    const res = await h.call('POST', `/v3/entries/${entry.entry_id}/correction`, {
      body: {
        patches: [
          { path: '/total', value: 1 },
          { path: '/missing/child', value: 2 },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect(res.body.details.issues[0].path).toBe('/patches/1');
    const after = (await h.call('GET', `/v3/entries/${entry.entry_id}`)).body;
    expect(after.data.total).toBe(960);
    expect(after.corrections).toEqual([]);
  });

  it('refuses prototype-polluting paths', async () => {
    const entry = await extract();
    const res = await h.call('POST', `/v3/entries/${entry.entry_id}/correction`, {
      body: { patches: [{ path: '/__proto__/polluted', value: true }] },
    });
    expect(res.status).toBe(422);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accepts data with patches on top, and the spec sample wrapper', async () => {
    const entry = await extract();
    const data = { ...entry.data, invoice_number: 'INV-XYZ' };
    const res = await h.call('POST', `/v3/entries/${entry.entry_id}/correction`, {
      body: { title: 'Fix number', value: { data, notes: 'wrapped' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.patches_applied).toBe(1); // one leaf changed by `data`
    const combined = await h.call('POST', `/v3/entries/${entry.entry_id}/correction`, {
      body: { data, patches: [{ path: '/buyer/address', value: '1 Main St' }] },
    });
    expect(combined.status).toBe(200);
    const after = (await h.call('GET', `/v3/entries/${entry.entry_id}`)).body;
    expect(after.data.invoice_number).toBe('INV-XYZ');
    expect(after.data.buyer.address).toBe('1 Main St');
    expect(after.corrections.map((c: { notes: string | null }) => c.notes)).toEqual(['wrapped', null]);
  });

  it('refuses an empty correction with 422 and an unknown entry with 404', async () => {
    const entry = await extract();
    const empty = await h.call('POST', `/v3/entries/${entry.entry_id}/correction`, {
      body: { data: {}, patches: [] },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.error).toBe('VALIDATION_ERROR');
    const unknown = await h.call('POST', '/v3/entries/00000000-0000-4000-8000-000000000000/correction', {
      body: { patches: [{ path: '/total', value: 1 }] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ENTRY_NOT_FOUND');
  });

  it("hides another account's entries", async () => {
    const entry = await extract();
    const other = await h.newAccount('someone-else');
    const res = await h.call('GET', `/v3/entries/${entry.entry_id}`, { key: other.apiKey });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('ENTRY_NOT_FOUND');
  });
});
