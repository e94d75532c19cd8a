import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '@/lib/service/app';
import { databaseKinds } from '../support/database';
import {
  type Harness,
  INVOICE_DEPLOYMENT,
  startServiceHarness,
  textInvoice,
} from '../support/service-harness';

const pdf = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/documents/invoice-basic.pdf'));

describe.each(databaseKinds)('documents, URLs, tenants and the OpenAPI document on $name', ({ target }) => {
  let h: Harness;
  let files: http.Server;
  let filesBase: string;

  beforeAll(async () => {
    h = await startServiceHarness(target);
    files = http.createServer((req, res) => {
      if (req.url === '/invoice.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
      else if (req.url === '/login-wall')
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    filesBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => files.close(r));
    await h?.close();
  });

  const sync = (documents: unknown[], headers?: Record<string, string>) =>
    h.call('POST', `/v3/deployments/${INVOICE_DEPLOYMENT}`, { body: { documents }, headers });

  it('uploads a document (multipart) and processes it by id', async () => {
    const app = createServiceApp(async () => h.context);
    const form = new FormData();
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'invoice-basic.pdf');
    const res = await app.fetch(
      new Request('http://service.test/v3/documents', {
        method: 'POST',
        headers: { 'x-api-key': h.apiKey },
        body: form,
      }),
    );
    expect(res.status).toBe(201);
    const uploaded = await res.json();
    expect(uploaded).toMatchObject({
      filename: 'invoice-basic.pdf',
      mime_type: 'application/pdf',
      pages: 1,
      size_bytes: pdf.byteLength,
    });
    const entry = await sync([{ type: 'id', id: uploaded.id }]);
    expect(entry.status).toBe(200);
    expect(entry.body.data.invoice_number).toBe('INV-2024-0042');
    expect(entry.body.documents[0]).toMatchObject({ type: 'id', pages: 1 });
    // The default type of {id} is `id`.
    expect((await sync([{ id: uploaded.id }])).status).toBe(200);
  });

  it('uploads base64 JSON, refuses unreadable files, and hides documents of other accounts', async () => {
    const ok = await h.call('POST', '/v3/documents', {
      body: { content: Buffer.from(textInvoice()).toString('base64'), filename: 'inv.txt' },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.mime_type).toBe('text/plain');
    const gif = await h.call('POST', '/v3/documents', {
      body: { content: Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64'), filename: 'x.gif' },
    });
    expect(gif.status).toBe(422);
    expect(gif.body.error).toBe('VALIDATION_ERROR');
    const other = await h.newAccount('doc-other');
    const foreign = await h.call('POST', `/v3/deployments/${INVOICE_DEPLOYMENT}`, {
      body: { documents: [{ id: ok.body.id }] },
      key: other.apiKey,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('DOCUMENT_NOT_FOUND');
  });

  it('fetches URL documents (also with a file-type `type`) and maps URL failures to 400 codes', async () => {
    const byUrl = await sync([{ type: 'url', url: `${filesBase}/invoice.pdf` }]);
    expect(byUrl.status).toBe(200);
    expect(byUrl.body.data.total).toBe(1903.48);
    expect((await sync([{ type: 'pdf', url: `${filesBase}/invoice.pdf` }])).status).toBe(200);
    const missing = await sync([{ type: 'url', url: `${filesBase}/nope.pdf` }]);
    expect(missing).toMatchObject({ status: 400, body: { error: 'DOCUMENT_URL_NOT_FOUND' } });
    const html = await sync([{ type: 'url', url: `${filesBase}/login-wall` }]);
    expect(html).toMatchObject({ status: 400, body: { error: 'DOCUMENT_URL_RETURNED_HTML' } });
  });

  it('refuses URL documents on private addresses that are not allow-listed', async () => {
    const strict = createServiceApp(async () => ({ ...h.context, allowHosts: [] }));
    const res = await strict.fetch(
      new Request(`http://service.test/v3/deployments/${INVOICE_DEPLOYMENT}`, {
        method: 'POST',
        headers: { 'x-api-key': h.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ documents: [{ type: 'url', url: `${filesBase}/invoice.pdf` }] }),
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'DOCUMENT_URL_UNREACHABLE' });
  });

  it('processes several documents as one unit', async () => {
    const res = await sync([
      { text: 'Invoice number: MULTI-1\nCurrency: EUR' },
      { text: 'Invoice date: 2026-01-05\nTotal: 10.00' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ invoice_number: 'MULTI-1', total: 10, issue_date: '2026-01-05' });
    expect(res.body.sources['/total'].document).toBe(1);
    expect(res.body.documents).toHaveLength(2);
  });

  it('scopes entries to the X-Tenant-ID that created them', async () => {
    const created = await sync([{ text: textInvoice() }], { 'x-tenant-id': 'tenant-a' });
    const id = created.body.entry_id;
    expect(
      (await h.call('GET', `/v3/entries/${id}`, { headers: { 'x-tenant-id': 'tenant-a' } })).status,
    ).toBe(200);
    expect(
      (await h.call('GET', `/v3/entries/${id}`, { headers: { 'x-tenant-id': 'tenant-b' } })).status,
    ).toBe(404);
    expect((await h.call('GET', `/v3/entries/${id}`)).status).toBe(200); // the account sees all its tenants
    const bad = await h.call('GET', `/v3/entries/${id}`, { headers: { 'x-tenant-id': 'x'.repeat(65) } });
    expect(bad).toMatchObject({ status: 422, body: { error: 'VALIDATION_ERROR' } });
  });

  it('publishes an OpenAPI 3.1 document without authentication', async () => {
    const res = await h.call('GET', '/v3/openapi.json', { key: null });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/v3/deployments/{deployment_id}',
        '/v3/entries/{entry_id}/correction',
        '/v3/documents',
      ]),
    );
    expect(res.body.components.schemas.Entry.properties).toHaveProperty('entry_id');
  });
});
