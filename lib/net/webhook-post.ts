import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  signWebhook,
} from '@/lib/contract/webhook-signature';
import { type Lookup, safeFetch, UrlFetchError } from '@/lib/net/safe-fetch';

/** Who signs the request: the local service, or the desk's own webhooks. */
export const WEBHOOK_USER_AGENT = 'Emend-Service/1';
/** Spec §6 rule 2 / §8: the receiver must answer within 30 s. */
export const WEBHOOK_TIMEOUT_MS = 30_000;
/** How much of a receiver's answer is read; the status is what counts. */
const ANSWER_BYTES = 4 * 1024;

export interface DeliveryAttempt {
  delivered: boolean;
  httpStatus: number | null;
  errorMessage: string | null;
  durationMs: number;
}

/**
 * What to send: an object serialised here, once, or the exact bytes a caller stored when
 * it recorded the event (retries then resend the same body).
 */
type Payload = { body: unknown; rawBody?: never } | { rawBody: string; body?: never };

export type DeliverWebhookInput = Payload & {
  url: string;
  /** Signs the request (`X-Service-Signature`) when given and not empty. */
  secret?: string | null;
  event: string;
  /** Stable across retries; receivers dedupe on it. */
  deliveryId: string;
  /** Default: the service's (`WEBHOOK_USER_AGENT`). */
  userAgent?: string;
  /** Hosts that may be private (the desk's own receiver on loopback). Default: env. */
  allowHosts?: readonly string[];
  timeoutMs?: number;
  /** Name resolution, for tests. */
  lookup?: Lookup;
};

function serialise(input: Payload): string {
  if (typeof input.rawBody === 'string') return input.rawBody;
  const json = JSON.stringify(input.body);
  if (json === undefined) throw new TypeError('The webhook body is not JSON.');
  return json;
}

/**
 * One POST of a webhook (docs/v3-interface.md, Webhooks). The body is serialised once and exactly
 * those bytes are signed and sent. The URL goes through the same address policy as URL
 * documents (no private addresses unless allow-listed, checked after DNS, pinned
 * connection). Redirects are not followed. 2xx = delivered. Never throws: every failure
 * is a result with a message, for the attempt log.
 */
export async function deliverWebhookOnce(input: DeliverWebhookInput): Promise<DeliveryAttempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  try {
    const rawBody = serialise(input);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': input.userAgent ?? WEBHOOK_USER_AGENT,
      [EVENT_HEADER]: input.event,
      [DELIVERY_HEADER]: input.deliveryId,
    };
    if (input.secret) headers[SIGNATURE_HEADER] = signWebhook(input.secret, rawBody);
    const response = await safeFetch(input.url, {
      method: 'POST',
      headers,
      body: rawBody,
      maxBytes: ANSWER_BYTES,
      overflow: 'truncate',
      followRedirects: false,
      timeoutMs,
      allowHosts: input.allowHosts,
      lookup: input.lookup,
    });
    const status = response.status;
    const delivered = status >= 200 && status < 300;
    let errorMessage: string | null = null;
    if (!delivered) {
      errorMessage =
        status >= 300 && status < 400
          ? `The receiver answered ${status} (a redirect; webhooks do not follow redirects).`
          : `The receiver answered ${status}.`;
    }
    return { delivered, httpStatus: status, errorMessage, durationMs: elapsed() };
  } catch (error) {
    return {
      delivered: false,
      httpStatus: null,
      errorMessage: failureMessage(error),
      durationMs: elapsed(),
    };
  }
}

function failureMessage(error: unknown): string {
  if (error instanceof UrlFetchError) {
    // The fetch messages speak of documents and downloads; say it for a webhook.
    return `The webhook could not be delivered: ${error.message}`;
  }
  return `The webhook could not be delivered: ${(error as Error)?.message ?? String(error)}`;
}

/**
 * Wait before retry number `attempt` (1 = the first retry): exponential backoff with
 * ±20 % jitter — attempt 1 → ~base, 2 → ~2×base, 3 → ~4×base. `random` is for tests.
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const whole = Number.isFinite(attempt) ? Math.floor(attempt) : 1;
  const step = Math.min(Math.max(1, whole), 31) - 1;
  const exact = Math.max(0, baseMs) * 2 ** step;
  return Math.round(exact * (0.8 + random() * 0.4));
}
