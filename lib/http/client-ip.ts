import http from 'node:http';
import ipaddr from 'ipaddr.js';

/**
 * The client's address, as far as it can be trusted: the socket's peer, or — only when that
 * peer is one of EMEND_TRUSTED_PROXIES — the last address in X-Forwarded-For that is not one of
 * those proxies. A header the client wrote itself is never taken at its word.
 *
 * Next.js does not hand route handlers the socket, and fills X-Forwarded-For only when the
 * client did not send one. So the server stamps every request with its socket's peer address in
 * a header of its own (`installSocketAddressHeader`, from instrumentation.ts), overwriting any
 * value a client sent under that name.
 */
export const SOCKET_ADDRESS_HEADER = 'x-emend-socket-address';

const holder = globalThis as typeof globalThis & { __emendSocketHeader?: boolean };

export function installSocketAddressHeader(): void {
  if (holder.__emendSocketHeader) return;
  holder.__emendSocketHeader = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function patched(this: http.Server, event: string, ...args: unknown[]) {
    if (event === 'request') {
      const req = args[0] as http.IncomingMessage;
      req.headers[SOCKET_ADDRESS_HEADER] = req.socket?.remoteAddress ?? '';
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** "10.0.0.0/8, 192.168.1.5, ::1" → ranges; a bad entry is an error at start, not a silent hole. */
export function parseTrustedProxies(value: string): Range[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      if (entry.includes('/')) return ipaddr.parseCIDR(entry) as Range;
      const address = ipaddr.process(entry);
      return [address, address.kind() === 'ipv4' ? 32 : 128] as Range;
    });
}

function normalise(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(address.trim().replace(/^\[|\]$/g, ''));
  } catch {
    return null;
  }
}

const trusted = (address: ipaddr.IPv4 | ipaddr.IPv6, proxies: Range[]) =>
  proxies.some(([range, bits]) => address.kind() === range.kind() && address.match(range, bits));

/** The client address of a request ('unknown' when the server did not stamp the socket's). */
export function clientIp(headers: Headers, proxies: Range[]): string {
  const socket = normalise(headers.get(SOCKET_ADDRESS_HEADER) ?? '');
  if (!socket) return 'unknown';
  if (!trusted(socket, proxies)) return socket.toString();
  // Behind our own proxies: walk X-Forwarded-For from the right, past every trusted hop.
  const hops = (headers.get('x-forwarded-for') ?? '').split(',').map(normalise);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (!hop) return socket.toString(); // a garbled chain: trust only what we saw
    if (!trusted(hop, proxies)) return hop.toString();
  }
  return socket.toString();
}
