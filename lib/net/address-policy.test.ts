import { describe, expect, it } from 'vitest';
import { isAllowListed, isPublicUnicast, normaliseHost, parseAllowHosts } from '@/lib/net/address-policy';

describe('isPublicUnicast', () => {
  it.each([
    // IPv4 special blocks
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '"this network"'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['192.0.0.1', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['192.88.99.1', '6to4 relay'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6 special blocks
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback in brackets'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fd00::1', 'unique-local'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'AWS metadata over IPv6'],
    ['fec0::1', 'deprecated site-local'],
    ['ff02::1', 'multicast'],
    ['100::1', 'discard'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:20::1', 'ORCHIDv2'],
    ['3fff::1', 'documentation (RFC 9637)'],
    // IPv4 hidden in IPv6
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
    ['[::ffff:10.0.0.1]', 'IPv4-mapped private in brackets'],
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['2002:7f00:0001::', '6to4 of loopback'],
    ['2002:c0a8:0101::1', '6to4 of 192.168.1.1'],
    ['2002:a9fe:a9fe::', '6to4 of metadata'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    // Not canonical addresses at all
    ['127.1', 'short IPv4 form'],
    ['2130706433', 'integer IPv4 form'],
    ['0x7f.0.0.1', 'hex IPv4 form'],
    ['0177.0.0.1', 'octal IPv4 form'],
    ['localhost', 'a host name'],
    ['', 'empty'],
    ['not-an-ip', 'garbage'],
  ])('refuses %s (%s)', (ip) => {
    expect(isPublicUnicast(ip)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255', // just below carrier-grade NAT
    '100.128.0.1', // just above it
    '172.32.0.1', // just above 172.16/12
    '169.255.0.1',
    '[2606:4700:4700::1111]',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8', // IPv4-mapped public
    '2002:0808:0808::1', // 6to4 of a public address
    '64:ff9b::8.8.8.8', // NAT64 of a public address
  ])('allows %s', (ip) => {
    expect(isPublicUnicast(ip)).toBe(true);
  });
});

describe('allow-list helpers', () => {
  it('normalises hosts and lists', () => {
    expect(normaliseHost(' [::1] ')).toBe('::1');
    expect(normaliseHost('Files.Example.COM.')).toBe('files.example.com');
    expect(parseAllowHosts(' localhost, ,127.0.0.1,Minio. ')).toEqual(['localhost', '127.0.0.1', 'minio']);
    expect(parseAllowHosts(undefined)).toEqual([]);
  });

  it('matches names and literal addresses exactly', () => {
    expect(isAllowListed('LOCALHOST', ['localhost'])).toBe(true);
    expect(isAllowListed('[::1]', ['::1'])).toBe(true);
    expect(isAllowListed('minio.', ['Minio'])).toBe(true);
    expect(isAllowListed('evil.localhost', ['localhost'])).toBe(false);
    expect(isAllowListed('127.0.0.2', ['127.0.0.1'])).toBe(false);
    expect(isAllowListed('localhost', [])).toBe(false);
  });
});
