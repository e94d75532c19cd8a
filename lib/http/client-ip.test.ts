import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  clientIp,
  installSocketAddressHeader,
  parseTrustedProxies,
  SOCKET_ADDRESS_HEADER,
} from '@/lib/http/client-ip';

const headers = (h: Record<string, string>) => new Headers(h);

describe('clientIp', () => {
  it('takes the socket’s address and ignores a client-chosen X-Forwarded-For', () => {
    const none = parseTrustedProxies('');
    expect(
      clientIp(headers({ [SOCKET_ADDRESS_HEADER]: '203.0.113.7', 'x-forwarded-for': '1.2.3.4' }), none),
    ).toBe('203.0.113.7');
    expect(clientIp(headers({ [SOCKET_ADDRESS_HEADER]: '::ffff:203.0.113.7' }), none)).toBe('203.0.113.7');
    expect(clientIp(headers({ 'x-forwarded-for': '1.2.3.4' }), none)).toBe('unknown');
  });

  it('behind trusted proxies, takes the last address that is not one of them', () => {
    const proxies = parseTrustedProxies('10.0.0.0/8, 192.168.1.5');
    const via = (xff: string) =>
      clientIp(headers({ [SOCKET_ADDRESS_HEADER]: '10.1.2.3', 'x-forwarded-for': xff }), proxies);
    // The client may prepend anything; only what our proxies appended counts.
    expect(via('6.6.6.6, 203.0.113.9, 192.168.1.5')).toBe('203.0.113.9');
    expect(via('203.0.113.9')).toBe('203.0.113.9');
    expect(via('garbage')).toBe('10.1.2.3');
    // An untrusted peer's X-Forwarded-For is never read.
    expect(
      clientIp(headers({ [SOCKET_ADDRESS_HEADER]: '198.51.100.1', 'x-forwarded-for': '1.1.1.1' }), proxies),
    ).toBe('198.51.100.1');
  });

  it('stamps the socket’s address on every request, over any value the client sent', async () => {
    installSocketAddressHeader();
    const server = http.createServer((req, res) => res.end(String(req.headers[SOCKET_ADDRESS_HEADER])));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { [SOCKET_ADDRESS_HEADER]: '6.6.6.6' } });
    expect(await res.text()).toBe('127.0.0.1');
    await new Promise((r) => server.close(r));
  });
});
