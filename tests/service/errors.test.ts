import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/database';
import {
  type Harness,
  INVOICE_DEPLOYMENT,
  startServiceHarness,
  textInvoice,
} from '../support/service-harness';

const errorShape = { error: expect.any(String), message: expect.any(String) };

describe.each(databaseKinds)('service errors on $name', ({ target }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServiceHarness(target);
  });
  afterAll(() => h?.close());

  const sync = (body: unknown, options: Parameters<Harness['call']>[2] = {}) =>
    h.call('POST', `/v3/deployments/${INVOICE_DEPLOYMENT}`, { body, ...options });

  it('requires an API key: 401 AUTHENTICATION_REQUIRED without or with a wrong one', async () => {
    for (const key of [null, 'emk_wrong']) {
      const res = await h.call('GET', '/v3/deployments', { key });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ ...errorShape, error: 'AUTHENTICATION_REQUIRED' });
    }
  });

  it('accepts Authorization: Bearer as well as x-api-key', async () => {
    const res = await h.call('GET', '/v3/deployments', {
      key: null,
      headers: { authorization: `Bearer ${h.apiKey}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.deployments.map((d: { id: string }) => d.id)).toContain(INVOICE_DEPLOYMENT);
  });

  it('answers DEPLOYMENT_NOT_FOUND for an unknown or malformed deployment id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await h.call('POST', `/v3/deployments/${id}`, { body: { documents: [{ text: 'x' }] } });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('DEPLOYMENT_NOT_FOUND');
    }
  });

  it('names each invalid field by JSON Pointer in VALIDATION_ERROR', async () => {
    const res = await sync({ documents: [{ text: 'ok' }, { content: '', mime_type: 'application/pdf' }] });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect(res.body.details.issues[0].path).toBe('/documents/1/content');
    const none = await sync({ documents: [] });
    expect(none.status).toBe(422);
    expect(none.body.details.issues[0].path).toBe('/documents');
    const dataUri = await sync({ documents: [{ content: 'data:application/pdf;base64,JVBERi0=' }] });
    expect(dataUri.status).toBe(422);
    expect(dataUri.body.details.issues[0].message).toMatch(/data-URI/);
  });

  it('answers malformed JSON, a wrong content type and unknown routes with JSON errors', async () => {
    const malformed = await h.call('POST', `/v3/deployments/${INVOICE_DEPLOYMENT}`, {
      rawBody: '{"documents": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body).toMatchObject({ error: 'VALIDATION_ERROR' });
    const form = await h.call('POST', `/v3/deployments/${INVOICE_DEPLOYMENT}`, {
      rawBody: 'documents=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body).toMatchObject(errorShape);
    const unknown = await h.call('GET', '/v3/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('refuses processing with 402 when credits run out, and charges nothing', async () => {
    const poor = await h.newAccount('poor', 0.05);
    const res = await sync({ documents: [{ text: textInvoice() }] }, { key: poor.apiKey });
    expect(res.status).toBe(402);
    expect(res.body.error).toBe('INSUFFICIENT_CREDITS');
  });

  it('stores an unreadable document as a failed entry with a clear error', async () => {
    const res = await sync({
      documents: [
        {
          content: Buffer.from('%PDF-1.7 this is not really a pdf').toString('base64'),
          filename: 'broken.pdf',
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('failed');
    expect(res.body.errors[0]).toMatchObject({ path: '', code: 'UNREADABLE_DOCUMENT', severity: 'error' });
    expect(res.body.errors[0].message).toMatch(/broken\.pdf/);
  });
});
