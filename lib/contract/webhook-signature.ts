import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (docs/v3-interface.md, Webhooks):
 * `X-Service-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * The MAC covers the exact bytes sent, so receivers must verify the raw body
 * (`await req.text()`) before parsing it. Node only (`node:crypto`): route handlers that
 * use it run on the Node.js runtime.
 */

export const SIGNATURE_HEADER = 'x-service-signature';
export const EVENT_HEADER = 'x-service-event';
export const DELIVERY_HEADER = 'x-service-delivery';
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** Headers longer than this, or with more signatures, are refused unread. */
const MAX_HEADER_CHARS = 2048;
const MAX_SIGNATURES = 8;

type RawBody = string | Uint8Array;

function mac(secret: string, timestamp: number, rawBody: RawBody): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The `X-Service-Signature` value for these exact body bytes. */
export function signWebhook(secret: string, rawBody: RawBody, timestampSeconds = nowSeconds()): string {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError('The timestamp must be whole unix seconds.');
  }
  return `t=${timestampSeconds},v1=${mac(secret, timestampSeconds, rawBody).toString('hex')}`;
}

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/** `t` and every `v1` of a header, or null when it does not have the documented shape. */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  if (header.length > MAX_HEADER_CHARS) return null;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value)) return null;
      if (timestamp !== null && timestamp !== Number(value)) return null; // two different times
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) return null;
      signatures.push(value.toLowerCase());
    }
    // Other schemes (v0, v2, …) are ignored so that a new one can be added alongside.
  }
  if (timestamp === null || signatures.length === 0 || signatures.length > MAX_SIGNATURES) {
    return null;
  }
  return { timestamp, signatures };
}

/**
 * Checks a received signature: shape, then the timestamp against `now` (±tolerance,
 * either side), then the MAC in constant time. Any one of several `v1` values may match
 * (secret rotation). An empty secret never verifies.
 */
export function verifyWebhookSignature(input: {
  secret: string;
  rawBody: RawBody;
  header: string | null | undefined;
  toleranceSeconds?: number;
  /** Unix seconds; defaults to the clock. */
  now?: number;
}): SignatureCheck {
  const { secret, rawBody } = input;
  const parsed = checkSignatureHeader(input);
  if (!parsed.ok) return parsed;
  if (!secret) return { ok: false, reason: 'mismatch' };
  const expected = mac(secret, parsed.timestamp, rawBody);
  let matched = false;
  for (const signature of parsed.signatures) {
    const given = Buffer.from(signature, 'hex');
    // Lengths are equal by the header check; tested anyway, timingSafeEqual throws otherwise.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  return matched ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: 'mismatch' };
}

/**
 * The checks that need no body: the header is there, well formed, and its timestamp fresh.
 * A receiver runs them before reading the body, so an unsigned request costs it nothing.
 */
export function checkSignatureHeader(input: {
  header: string | null | undefined;
  toleranceSeconds?: number;
  now?: number;
}):
  | { ok: true; timestamp: number; signatures: string[] }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' } {
  const { header } = input;
  if (header == null || header.trim() === '') return { ok: false, reason: 'missing' };
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed' };
  const now = input.now ?? nowSeconds();
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - parsed.timestamp) > tolerance) return { ok: false, reason: 'stale' };
  return { ok: true, ...parsed };
}
