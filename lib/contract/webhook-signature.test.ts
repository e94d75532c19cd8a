import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, signWebhook, verifyWebhookSignature } from '@/lib/contract/webhook-signature';

const secret = 'whsec_test';
const body = '{"event":"batch.completed","data":{"name":"Müller"}}';
const now = 1_800_000_000;
const header = signWebhook(secret, body, now);
const v1 = header.split('v1=')[1];

describe('signWebhook', () => {
  it('is t=<seconds>,v1=<lowercase hex HMAC-SHA256(secret, "<t>.<raw body>")>', () => {
    const expected = createHmac('sha256', secret).update(`${now}.${body}`, 'utf8').digest('hex');
    expect(header).toBe(`t=${now},v1=${expected}`);
    expect(v1).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs bytes and strings alike, and uses the clock by default', () => {
    expect(signWebhook(secret, new TextEncoder().encode(body), now)).toBe(header);
    const t = Number(signWebhook(secret, body).match(/^t=(\d+),/)?.[1]);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(5);
  });

  it('refuses a timestamp that is not whole seconds', () => {
    expect(() => signWebhook(secret, body, 1.5)).toThrow(RangeError);
    expect(() => signWebhook(secret, body, Date.now() * 1e6)).toThrow(RangeError);
  });
});

describe('verifyWebhookSignature', () => {
  it('accepts a good signature', () => {
    expect(verifyWebhookSignature({ secret, rawBody: body, header, now })).toEqual({
      ok: true,
      timestamp: now,
    });
    expect(verifyWebhookSignature({ secret, rawBody: Buffer.from(body), header, now: now + 300 }).ok).toBe(
      true,
    );
  });

  it('works against the clock by default', () => {
    expect(verifyWebhookSignature({ secret, rawBody: body, header: signWebhook(secret, body) }).ok).toBe(
      true,
    );
  });

  it.each([
    ['a tampered body', { rawBody: body.replace('Müller', 'Muller') }, 'mismatch'],
    ['an extra space in the body', { rawBody: `${body} ` }, 'mismatch'],
    ['re-serialised JSON', { rawBody: JSON.stringify(JSON.parse(body), null, 1) }, 'mismatch'],
    ['the wrong secret', { secret: 'whsec_other' }, 'mismatch'],
    ['an empty secret', { secret: '' }, 'mismatch'],
    ['an old timestamp', { now: now + 301 }, 'stale'],
    ['a timestamp from the future', { now: now - 301 }, 'stale'],
    ['a tighter tolerance', { now: now + 61, toleranceSeconds: 60 }, 'stale'],
    ['no header', { header: null }, 'missing'],
    ['an undefined header', { header: undefined }, 'missing'],
    ['an empty header', { header: '  ' }, 'missing'],
    ['a header without t', { header: `v1=${v1}` }, 'malformed'],
    ['a header without v1', { header: `t=${now}` }, 'malformed'],
    ['a short signature', { header: 'v1=abc' }, 'malformed'],
    ['a non-hex signature', { header: `t=${now},v1=${'z'.repeat(64)}` }, 'malformed'],
    ['a truncated signature', { header: `t=${now},v1=${v1.slice(0, 63)}` }, 'malformed'],
    ['a signature too long', { header: `t=${now},v1=${v1}0` }, 'malformed'],
    ['a non-numeric time', { header: `t=soon,v1=${v1}` }, 'malformed'],
    ['a negative time', { header: `t=-${now},v1=${v1}` }, 'malformed'],
    ['milliseconds', { header: `t=${now}000,v1=${v1}` }, 'malformed'],
    ['two different times', { header: `t=${now},t=${now - 1},v1=${v1}` }, 'malformed'],
    ['a part without =', { header: `t=${now},v1=${v1},junk` }, 'malformed'],
    ['garbage', { header: 'sha256=deadbeef' }, 'malformed'],
    ['a huge header', { header: `t=${now},${`v1=${v1},`.repeat(40)}` }, 'malformed'],
  ])('refuses %s', (_, change, reason) => {
    expect(verifyWebhookSignature({ secret, rawBody: body, header, now, ...change })).toEqual({
      ok: false,
      reason,
    });
  });

  it('accepts any of several v1 signatures (secret rotation), spaces and unknown schemes', () => {
    const other = signWebhook('whsec_old', body, now).split('v1=')[1];
    const rotated = `t=${now}, v1=${other}, v0=whatever, v1=${v1}`;
    expect(verifyWebhookSignature({ secret, rawBody: body, header: rotated, now }).ok).toBe(true);
    expect(verifyWebhookSignature({ secret: 'whsec_old', rawBody: body, header: rotated, now }).ok).toBe(
      true,
    );
    expect(
      verifyWebhookSignature({ secret, rawBody: body, header: `t=${now},v1=${v1.toUpperCase()}`, now }).ok,
    ).toBe(true);
  });

  it('checks the timestamp that was signed: moving it breaks the MAC', () => {
    const moved = `t=${now + 10},v1=${v1}`;
    expect(verifyWebhookSignature({ secret, rawBody: body, header: moved, now })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });
});

describe('parseSignatureHeader', () => {
  it('returns the time and the signatures', () => {
    expect(parseSignatureHeader(header)).toEqual({ timestamp: now, signatures: [v1] });
    expect(parseSignatureHeader('t=1')).toBeNull();
  });
});
