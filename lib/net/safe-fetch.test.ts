import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchDocumentFromUrl,
  filenameFrom,
  type Lookup,
  type SafeFetchOptions,
  safeFetch,
  UrlFetchError,
} from '@/lib/net/safe-fetch';

/** Every test talks to this loopback server only; other names reach it via injected lookups. */
let server: http.Server;
let port: number;
let base: string;
const allowHosts = ['127.0.0.1', 'localhost'];
/** Host headers the server saw, to prove a refused hop never left the process. */
const seenHosts: string[] = [];

const toLoopback =
  (...names: string[]): Lookup =>
  async (host) => {
    if (names.includes(host)) return [{ address: '127.0.0.1', family: 4 }];
    throw new Error(`getaddrinfo ENOTFOUND ${host}`);
  };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seenHosts.push(req.headers.host ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    const hops = url.pathname.match(/^\/hops\/(\d+)$/);
    if (hops) {
      const left = Number(hops[1]);
      if (left === 0) res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7 end');
      else res.writeHead(302, { location: `/hops/${left - 1}` }).end();
      return;
    }
    switch (url.pathname) {
      case '/invoice.pdf':
        res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7 fake');
        return;
      case '/files/r%C3%A9sum%C3%A9.pdf':
        res.writeHead(200, { 'content-type': 'application/pdf; qs=1' }).end('%PDF');
        return;
      case '/named':
        res
          .writeHead(200, {
            'content-type': 'text/plain',
            'content-disposition': 'attachment; filename="a b.txt"',
          })
          .end('hi');
        return;
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>hello</p>');
        return;
      case '/sniffed-html':
        res
          .writeHead(200, { 'content-type': 'application/octet-stream' })
          .end('\n  <!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN"><html></html>');
        return;
      case '/private':
        res.writeHead(302, { location: '/login?next=/private' }).end();
        return;
      case '/login':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><form></form></html>');
        return;
      case '/unauthorized':
        res.writeHead(401, { 'www-authenticate': 'Basic' }).end();
        return;
      case '/denied':
        res.writeHead(403).end();
        return;
      case '/gone':
        res.writeHead(410).end();
        return;
      case '/broken':
        res.writeHead(500).end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' }).end();
        return;
      case '/bad-location':
        res.writeHead(302, { location: 'http://exa mple.com/' }).end();
        return;
      case '/to-ftp':
        res.writeHead(302, { location: 'ftp://127.0.0.1/file.pdf' }).end();
        return;
      case '/to-evil':
        res.writeHead(302, { location: `http://evil.test:${port}/invoice.pdf` }).end();
        return;
      case '/to-other':
        res.writeHead(307, { location: `http://other.test:${port}/echo` }).end();
        return;
      case '/see-other':
        res.writeHead(303, { location: '/echo' }).end();
        return;
      case '/temporary':
        res.writeHead(307, { location: '/echo' }).end();
        return;
      case '/echo': {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (c) => {
          body += c;
        });
        req.on('end', () => {
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ method: req.method, body, headers: req.headers }));
        });
        return;
      }
      case '/empty':
        res.writeHead(204).end();
        return;
      case '/stream': {
        // No Content-Length: the cap must hold while streaming.
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(64 * 1024, 1);
        let sent = 0;
        const pump = () => {
          while (sent < 40) {
            sent++;
            if (!res.write(chunk)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        pump();
        return;
      }
      case '/declares-huge':
        // Says 60 MB up front, sends a byte, then stalls: refused on the header alone.
        res.writeHead(200, { 'content-length': String(60 * 1024 * 1024) });
        res.write('x');
        return;
      case '/slow':
        setTimeout(() => {
          if (!res.destroyed) res.writeHead(200).end('late');
        }, 2000);
        return;
      case '/stall-body':
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.write('%PDF-1.7 start');
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function codeOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UrlFetchError);
    return { code: (error as UrlFetchError).code, message: (error as Error).message };
  }
  throw new Error('expected the fetch to fail');
}

describe('fetchDocumentFromUrl', () => {
  it('downloads a file, with its type and name', async () => {
    const doc = await fetchDocumentFromUrl(`${base}/invoice.pdf`, { allowHosts });
    expect(new TextDecoder().decode(doc.bytes)).toBe('%PDF-1.7 fake');
    expect(doc).toMatchObject({
      contentType: 'application/pdf',
      filename: 'invoice.pdf',
      finalUrl: `${base}/invoice.pdf`,
    });
    expect((await fetchDocumentFromUrl(`${base}/named`, { allowHosts })).filename).toBe('a b.txt');
    const encoded = await fetchDocumentFromUrl(`${base}/files/r%C3%A9sum%C3%A9.pdf`, { allowHosts });
    expect(encoded).toMatchObject({ filename: 'résumé.pdf', contentType: 'application/pdf' });
  });

  it('follows redirects to the file and reports where it ended', async () => {
    const doc = await fetchDocumentFromUrl(`${base}/hops/2`, { allowHosts });
    expect(doc).toMatchObject({ filename: '0', finalUrl: `${base}/hops/0` });
  });

  it.each([
    ['/page', 'DOCUMENT_URL_RETURNED_HTML', /HTML page/],
    ['/sniffed-html', 'DOCUMENT_URL_RETURNED_HTML', /HTML page/],
    ['/private', 'DOCUMENT_URL_RETURNED_HTML', /login page/],
    ['/unauthorized', 'DOCUMENT_URL_ACCESS_DENIED', /401/],
    ['/denied', 'DOCUMENT_URL_ACCESS_DENIED', /403/],
    ['/gone', 'DOCUMENT_URL_NOT_FOUND', /410/],
    ['/nothing', 'DOCUMENT_URL_NOT_FOUND', /404/],
    ['/broken', 'DOCUMENT_DOWNLOAD_ERROR', /500/],
    ['/loop', 'DOCUMENT_DOWNLOAD_ERROR', /redirects/],
    ['/bad-location', 'DOCUMENT_DOWNLOAD_ERROR', /invalid URL/],
    ['/to-ftp', 'DOCUMENT_DOWNLOAD_ERROR', /only http and https/i],
  ])('%s → %s', async (p, code, message) => {
    const error = await codeOf(fetchDocumentFromUrl(`${base}${p}`, { allowHosts }));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('refuses loopback, private and metadata addresses unless the host is allowed', async () => {
    seenHosts.length = 0;
    for (const url of [
      `${base}/invoice.pdf`,
      `http://localhost:${port}/invoice.pdf`,
      `http://[::1]:${port}/x`,
      `http://[::ffff:127.0.0.1]:${port}/x`,
      `http://0.0.0.0:${port}/x`,
      `http://0x7f000001:${port}/x`, // the URL parser turns it into 127.0.0.1
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00::1]/x',
      'http://100.64.0.1/x',
    ]) {
      const error = await codeOf(fetchDocumentFromUrl(url, { allowHosts: [] }));
      expect(error.code, url).toBe('DOCUMENT_URL_UNREACHABLE');
      expect(error.message, url).toMatch(/not allowed/);
    }
    expect(seenHosts).toEqual([]);
  });

  it('checks the addresses after DNS resolution: any private one refuses the host', async () => {
    const error = await codeOf(
      fetchDocumentFromUrl(`http://evil.test:${port}/invoice.pdf`, {
        allowHosts,
        lookup: toLoopback('evil.test'),
      }),
    );
    expect(error).toEqual({
      code: 'DOCUMENT_URL_UNREACHABLE',
      message: expect.stringMatching(
        /evil\.test is not allowed: it resolves to an address that is not public/,
      ),
    });
    // The address it resolved to is never told: that would map a private network for the caller.
    expect((error as { message: string }).message).not.toContain('127.0.0.1');
    const withGarbage: Lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: 'not-an-address', family: 4 },
    ];
    expect(
      await codeOf(fetchDocumentFromUrl('http://odd.test/x', { allowHosts: [], lookup: withGarbage })),
    ).toMatchObject({ code: 'DOCUMENT_URL_UNREACHABLE', message: expect.stringContaining('not allowed') });
    const mixed: Lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::ffff:10.0.0.1', family: 6 },
    ];
    const refused = await codeOf(
      fetchDocumentFromUrl('http://mixed.test/x', { allowHosts: [], lookup: mixed }),
    );
    expect(refused).toMatchObject({
      code: 'DOCUMENT_URL_UNREACHABLE',
      message: expect.stringContaining('not public'),
    });
    expect(refused.message).not.toContain('10.0.0.1');
  });

  it('checks again on every redirect hop, before connecting', async () => {
    seenHosts.length = 0;
    const error = await codeOf(
      fetchDocumentFromUrl(`${base}/to-evil`, { allowHosts, lookup: toLoopback('evil.test') }),
    );
    expect(error.code).toBe('DOCUMENT_URL_UNREACHABLE');
    expect(error.message).toMatch(/evil\.test/);
    expect(seenHosts).toEqual([`127.0.0.1:${port}`]); // the redirect, and nothing after it
  });

  it('connects to the address it checked (the name is never resolved again)', async () => {
    let lookups = 0;
    const lookup: Lookup = async (host) => {
      lookups++;
      return toLoopback('files.test')(host);
    };
    // `files.test` exists nowhere but in this lookup: the connection can only use its answer.
    const doc = await fetchDocumentFromUrl(`http://files.test:${port}/invoice.pdf`, {
      allowHosts: ['files.test'],
      lookup,
    });
    expect(new TextDecoder().decode(doc.bytes)).toBe('%PDF-1.7 fake');
    expect(lookups).toBe(1);
  });

  it('refuses other schemes, credentials and nonsense', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/x',
      'data:application/pdf;base64,JVBERg==',
      'gopher://127.0.0.1:6379/_INFO',
      'not a url',
      `http://user:pass@127.0.0.1:${port}/invoice.pdf`,
    ]) {
      expect((await codeOf(fetchDocumentFromUrl(url, { allowHosts }))).code, url).toBe(
        'DOCUMENT_DOWNLOAD_ERROR',
      );
    }
  });

  it('reports hosts that do not resolve or do not answer as unreachable', async () => {
    const failing: Lookup = async () => {
      throw new Error('getaddrinfo ENOTFOUND nowhere.test');
    };
    expect(await codeOf(fetchDocumentFromUrl('http://nowhere.test/x', { lookup: failing }))).toMatchObject({
      code: 'DOCUMENT_URL_UNREACHABLE',
      message: expect.stringMatching(/ENOTFOUND/),
    });
    expect(
      await codeOf(fetchDocumentFromUrl('http://empty.test/x', { lookup: async () => [] })),
    ).toMatchObject({ code: 'DOCUMENT_URL_UNREACHABLE', message: expect.stringMatching(/no address/) });

    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(
      await codeOf(fetchDocumentFromUrl(`http://127.0.0.1:${closedPort}/x`, { allowHosts })),
    ).toMatchObject({
      code: 'DOCUMENT_URL_UNREACHABLE',
      message: expect.stringMatching(/could not be reached/),
    });
  });

  it('refuses a declared size over the cap without waiting for the body (default 50 MB)', async () => {
    const started = Date.now();
    const error = await codeOf(
      fetchDocumentFromUrl(`${base}/declares-huge`, { allowHosts, timeoutMs: 5000 }),
    );
    expect(error).toEqual({ code: 'DOCUMENT_TOO_LARGE', message: expect.stringContaining('50 MB') });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops a download past the size cap while streaming', async () => {
    const error = await codeOf(fetchDocumentFromUrl(`${base}/stream`, { allowHosts, maxBytes: 1024 * 1024 }));
    expect(error).toEqual({ code: 'DOCUMENT_TOO_LARGE', message: expect.stringContaining('1 MB') });
    const ok = await safeFetch(`${base}/stream`, { allowHosts, maxBytes: 4 * 1024 * 1024 });
    expect(ok.body.byteLength).toBe(40 * 64 * 1024);
  });

  it('times out waiting for an answer, and in the middle of a body', async () => {
    expect(await codeOf(fetchDocumentFromUrl(`${base}/slow`, { allowHosts, timeoutMs: 300 }))).toEqual({
      code: 'DOCUMENT_URL_UNREACHABLE',
      message: expect.stringContaining('did not answer'),
    });
    expect(await codeOf(fetchDocumentFromUrl(`${base}/stall-body`, { allowHosts, timeoutMs: 300 }))).toEqual({
      code: 'DOCUMENT_URL_UNREACHABLE',
      message: expect.stringContaining('did not finish'),
    });
  });

  it('times out a DNS lookup that never answers', async () => {
    const hanging: Lookup = () => new Promise(() => {});
    expect(
      await codeOf(fetchDocumentFromUrl('http://dns.test/x', { lookup: hanging, timeoutMs: 200 })),
    ).toEqual({
      code: 'DOCUMENT_URL_UNREACHABLE',
      message: expect.stringContaining('could not be resolved within 0.2 s'),
    });
  });
});

describe('safeFetch', () => {
  const echo = async (path: string, extra: Partial<SafeFetchOptions> = {}) => {
    const result = await safeFetch(`${base}${path}`, {
      allowHosts: [...allowHosts, 'other.test'],
      lookup: toLoopback('other.test'),
      maxBytes: 64 * 1024,
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', authorization: 'Bearer secret' },
      ...extra,
    });
    return { result, seen: JSON.parse(new TextDecoder().decode(result.body)) };
  };

  it('returns non-2xx answers instead of throwing', async () => {
    const result = await safeFetch(`${base}/broken`, { allowHosts, maxBytes: 1024 });
    expect(result).toMatchObject({ status: 500, finalUrl: `${base}/broken` });
    const empty = await safeFetch(`${base}/empty`, { allowHosts, maxBytes: 1024 });
    expect(empty).toMatchObject({ status: 204, contentType: null });
    expect(empty.body.byteLength).toBe(0);
  });

  it('sends POST bodies; 303 continues as GET, 307 keeps the method and body', async () => {
    expect((await echo('/echo')).seen).toMatchObject({ method: 'POST', body: '{"a":1}' });
    const seeOther = await echo('/see-other');
    expect(seeOther.seen).toMatchObject({ method: 'GET', body: '' });
    expect(seeOther.seen.headers['content-type']).toBeUndefined();
    expect((await echo('/temporary')).seen).toMatchObject({ method: 'POST', body: '{"a":1}' });
  });

  it('drops credentials when a redirect leaves the origin', async () => {
    expect((await echo('/echo')).seen.headers.authorization).toBe('Bearer secret');
    const moved = await echo('/to-other');
    expect(moved.result.finalUrl).toBe(`http://other.test:${port}/echo`);
    expect(moved.seen.headers.host).toBe(`other.test:${port}`);
    expect(moved.seen.headers.authorization).toBeUndefined();
  });

  it('can return a redirect instead of following it, and truncate instead of failing', async () => {
    const redirect = await safeFetch(`${base}/hops/1`, {
      allowHosts,
      maxBytes: 1024,
      followRedirects: false,
    });
    expect(redirect).toMatchObject({ status: 302, finalUrl: `${base}/hops/1` });
    expect(redirect.headers.get('location')).toBe('/hops/0');
    const head = await safeFetch(`${base}/stream`, {
      allowHosts,
      maxBytes: 100_000,
      overflow: 'truncate',
    });
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(100_000);
    const declared = await safeFetch(`${base}/declares-huge`, {
      allowHosts,
      maxBytes: 1,
      overflow: 'truncate',
    });
    expect(new TextDecoder().decode(declared.body)).toBe('x');
  });

  it('follows at most maxRedirects', async () => {
    const opts = { allowHosts, maxBytes: 1024 };
    expect((await safeFetch(`${base}/hops/5`, opts)).status).toBe(200);
    expect((await codeOf(safeFetch(`${base}/hops/6`, opts))).message).toMatch(/more than 5/);
    expect((await safeFetch(`${base}/hops/1`, { ...opts, maxRedirects: 1 })).status).toBe(200);
    expect(await codeOf(safeFetch(`${base}/hops/1`, { ...opts, maxRedirects: 0 }))).toEqual({
      code: 'DOCUMENT_DOWNLOAD_ERROR',
      message: expect.stringMatching(/redirects/),
    });
  });
});

describe('filenameFrom', () => {
  const url = new URL('https://files.example.com/a/b/scan%20001.pdf?x=1');
  it.each([
    [null, 'scan 001.pdf'],
    ['inline', 'scan 001.pdf'],
    ['attachment; filename="invoice.pdf"', 'invoice.pdf'],
    ['attachment; filename=invoice.pdf; size=3', 'invoice.pdf'],
    ['attachment; filename="fallback.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf', 'résumé.pdf'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\x.pdf"', 'x.pdf'],
    ["attachment; filename*=UTF-8''%E0%A4%A", '%E0%A4%A'],
    ['attachment; filename=".."', 'scan 001.pdf'],
  ])('%s → %s', (disposition, expected) => {
    expect(filenameFrom(disposition, url)).toBe(expected);
  });

  it('is null when nothing names the file', () => {
    expect(filenameFrom(null, new URL('https://example.com/'))).toBeNull();
  });
});

describe('allow-list entries with a port', () => {
  it('let only that port through', async () => {
    const { isAllowListed } = await import('@/lib/net/address-policy');
    expect(isAllowListed('127.0.0.1', ['127.0.0.1:3000'], '3000')).toBe(true);
    expect(isAllowListed('127.0.0.1', ['127.0.0.1:3000'], '6379')).toBe(false);
    expect(isAllowListed('localhost', ['LOCALHOST'], '1')).toBe(true);
  });
});
