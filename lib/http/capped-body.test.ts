import { describe, expect, it } from 'vitest';
import {
  BodyTooLargeError,
  MalformedBodyError,
  readCappedBody,
  readCappedForm,
  readCappedText,
} from '@/lib/http/capped-body';

/** A chunked body of `chunks` × 64 KB that counts how much of it was pulled. */
function endlessBody(chunks = Number.POSITIVE_INFINITY) {
  const pulled = { bytes: 0, cancelled: false };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= chunks) return controller.close();
      sent += 1;
      pulled.bytes += 65_536;
      controller.enqueue(new Uint8Array(65_536));
    },
    cancel() {
      pulled.cancelled = true;
    },
  });
  return { stream, pulled };
}

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://x/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('readCappedBody', () => {
  it('reads a body within the cap', async () => {
    expect(await readCappedText(post('{"a":1}'), 100)).toBe('{"a":1}');
    expect((await readCappedBody(post(null), 100)).byteLength).toBe(0);
  });

  it('stops a chunked body at the cap instead of reading it to its end', async () => {
    const { stream, pulled } = endlessBody();
    await expect(readCappedBody(post(stream), 1_000_000)).rejects.toBeInstanceOf(BodyTooLargeError);
    // At most the cap plus the chunks in flight were pulled, and the rest was cancelled.
    expect(pulled.bytes).toBeLessThan(1_000_000 + 4 * 65_536);
    expect(pulled.cancelled).toBe(true);
  });

  it('refuses a declared length over the cap without reading', async () => {
    const { stream, pulled } = endlessBody();
    const request = post(stream, { 'content-length': '1073741824' });
    const error = await readCappedBody(request, 1_000).catch((e) => e);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect((error as BodyTooLargeError).limitBytes).toBe(1_000);
    expect(pulled.bytes).toBeLessThanOrEqual(65_536);
  });

  it('does not trust a small Content-Length on a larger body', async () => {
    const { stream } = endlessBody(40);
    const request = post(stream, { 'content-length': '10' });
    await expect(readCappedBody(request, 100_000)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});

describe('readCappedForm', () => {
  it('parses a form within the cap', async () => {
    const form = new FormData();
    form.set('name', 'run');
    form.set('files', new File(['hello'], 'a.txt', { type: 'text/plain' }));
    const request = new Request('http://x/', { method: 'POST', body: form });
    const read = await readCappedForm(request, 10_000);
    expect(read.get('name')).toBe('run');
    expect(await (read.get('files') as File).text()).toBe('hello');
  });

  it('refuses a form over the cap and a malformed one', async () => {
    const form = new FormData();
    form.set('files', new File([new Uint8Array(20_000)], 'a.bin'));
    await expect(
      readCappedForm(new Request('http://x/', { method: 'POST', body: form }), 10_000),
    ).rejects.toBeInstanceOf(BodyTooLargeError);
    const bad = post('--nope\r\ngarbage', { 'content-type': 'multipart/form-data; boundary=zzz' });
    await expect(readCappedForm(bad, 10_000)).rejects.toBeInstanceOf(MalformedBodyError);
  });
});
