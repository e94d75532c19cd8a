import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the service may connect to on a caller's behalf (URL documents,
 * webhooks): public unicast only (docs/security.md). Written as an allow-list — an address is
 * public only if it is in a globally routed block and in none of the special ones —
 * so that a block we forgot is refused rather than reachable.
 */

/** IPv4 blocks that are never public, besides the ranges ipaddr.js names (belt and braces). */
const blockedV4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, cloud metadata (169.254.169.254)
  '172.16.0.0/12',
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16',
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255
].map((cidr) => ipaddr.parseCIDR(cidr) as [ipaddr.IPv4, number]);

/** Global unicast IPv6 (2000::/3); everything outside it is special or unassigned. */
const globalUnicastV6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
/** NAT64 well-known prefix (RFC 6052): judge the IPv4 address it carries. */
const nat64V6 = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];
/** 6to4 (RFC 3056): bits 16..47 are an IPv4 address. */
const sixToFourV6 = ipaddr.parseCIDR('2002::/16') as [ipaddr.IPv6, number];

function isPublicV4(address: ipaddr.IPv4): boolean {
  if (address.range() !== 'unicast') return false;
  return !blockedV4.some((cidr) => address.match(cidr));
}

function embeddedV4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
}

function isPublicV6(address: ipaddr.IPv6): boolean {
  if (address.zoneId) return false;
  const parts = address.parts;
  if (address.match(nat64V6)) return isPublicV4(embeddedV4(parts[6], parts[7]));
  if (address.match(sixToFourV6)) return isPublicV4(embeddedV4(parts[1], parts[2]));
  // Outside 2000::/3: loopback, unique-local (incl. cloud metadata fd00:ec2::254), link-local,
  // multicast, IPv4-compatible (::a.b.c.d), discard, unassigned.
  if (!address.match(globalUnicastV6)) return false;
  // Inside 2000::/3 ipaddr.js still names Teredo, documentation, benchmarking, ORCHID,
  // AS112, AMT and the other IANA special blocks; only plain 'unicast' is public.
  return address.range() === 'unicast';
}

/**
 * True only for a public unicast address. Accepts the canonical textual forms (dotted
 * quad, IPv6, optionally in brackets); anything else — `127.1`, `0x7f000001`, a host name —
 * is not an address we vouch for and answers false. `ipaddr.process` unwraps IPv4-mapped
 * IPv6 (`::ffff:127.0.0.1`) so a private IPv4 address cannot hide inside an IPv6 one.
 */
export function isPublicUnicast(ip: string): boolean {
  const literal = ip.trim().replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(literal) === 0) return false;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(literal);
  } catch {
    return false;
  }
  return address.kind() === 'ipv4' ? isPublicV4(address as ipaddr.IPv4) : isPublicV6(address as ipaddr.IPv6);
}

/** A URL host or allow-list entry in the form they are compared in. */
export function normaliseHost(host: string): string {
  return host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** Parses `SERVICE_URL_ALLOW_HOSTS`-style lists: comma separated, blanks ignored. */
export function parseAllowHosts(value: string | undefined | null): string[] {
  return (value ?? '').split(',').map(normaliseHost).filter(Boolean);
}

/** True when `host` (a name or a literal address) is on the allow-list. */
/** An entry is a host (any port) or `host:port` (that port only). */
export function isAllowListed(host: string, allowHosts: readonly string[], port?: string): boolean {
  const wanted = normaliseHost(host);
  return allowHosts.some((entry) => {
    const normalised = entry.trim().toLowerCase();
    return normaliseHost(normalised) === wanted || (port !== undefined && normalised === `${wanted}:${port}`);
  });
}
