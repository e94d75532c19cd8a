import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/database';
import { type Harness, startServiceHarness, textInvoice } from '../support/service-harness';

describe.each(databaseKinds)(
  'POST /v3/documents stores a document once per account ($name)',
  ({ target }) => {
    let h: Harness;
    beforeAll(async () => {
      h = await startServiceHarness(target);
    });
    afterAll(() => h.close());

    const body = (text: string, filename: string) => ({
      content: Buffer.from(text).toString('base64'),
      filename,
      mime_type: 'text/plain',
    });

    it('the same bytes again are the stored document; other bytes or another account are not', async () => {
      const first = await h.call('POST', '/v3/documents', { body: body(textInvoice(), 'a.txt') });
      const again = await h.call('POST', '/v3/documents', { body: body(textInvoice(), 'renamed.txt') });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body); // same id, first name: one copy
      const other = await h.call('POST', '/v3/documents', {
        body: body(textInvoice({ number: 'X-2' }), 'b.txt'),
      });
      expect(other.body.id).not.toBe(first.body.id);
      const stranger = await h.newAccount('stranger');
      const theirs = await h.call('POST', '/v3/documents', {
        body: body(textInvoice(), 'a.txt'),
        key: stranger.apiKey,
      });
      expect(theirs.status).toBe(201);
      expect(theirs.body.id).not.toBe(first.body.id); // accounts never share documents
      expect(theirs.body.sha256).toBe(first.body.sha256);
    });
  },
);
