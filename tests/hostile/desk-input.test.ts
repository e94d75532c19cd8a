import { describe, expect, it } from 'vitest';
import { POST as webhookReceiver } from '@/app/api/webhooks/extraction/route';
import { UploadRefused, unzipDocuments } from '@/lib/desk/runs/uploads';
import { manyEntriesZip, nestedZip, overlappingZip, zeroZip } from '../support/hostile-files';

// The desk's own doors (issue 11): the unauthenticated webhook receiver and the ZIP of a run upload.

describe('the webhook receiver', () => {
  it('refuses an unsigned 64 MB chunked body without reading it', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 64 * 1024 * 1024) return controller.close();
        pulled += 65_536;
        controller.enqueue(new Uint8Array(65_536));
      },
    });
    const request = new Request('http://desk.test/api/webhooks/extraction', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    const res = await webhookReceiver(request);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'SIGNATURE_MISSING' });
    expect(pulled).toBeLessThanOrEqual(2 * 65_536);
  });

  it('refuses a stale signature before reading, and a signed body over 16 MB at the cap', async () => {
    const stale = new Request('http://desk.test/api/webhooks/extraction', {
      method: 'POST',
      body: '{}',
      headers: { 'x-service-signature': `t=1000,v1=${'a'.repeat(64)}` },
    });
    expect((await webhookReceiver(stale)).status).toBe(401);
    let pulled = 0;
    const flood = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    const fresh = `t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`;
    const big = new Request('http://desk.test/api/webhooks/extraction', {
      method: 'POST',
      body: flood,
      headers: { 'x-service-signature': fresh },
      duplex: 'half',
    } as RequestInit);
    expect((await webhookReceiver(big)).status).toBe(413);
    expect(pulled).toBeLessThan(20 * 1024 * 1024);
  });
});

describe('a run upload’s ZIP', () => {
  it('refuses nested archives, 100,000 entries, overlapping entries and bombs', async () => {
    await expect(unzipDocuments(nestedZip(), 10_000_000)).rejects.toThrow(/another archive \(inner\.zip\)/);
    await expect(unzipDocuments(manyEntriesZip(100_000), 10_000_000)).rejects.toThrow(/entries; at most/);
    await expect(unzipDocuments(overlappingZip(3), 200_000_000)).rejects.toThrow(UploadRefused);
    await expect(unzipDocuments(zeroZip(500 * 1024 * 1024), 200_000_000)).rejects.toThrow(UploadRefused);
  });
});
