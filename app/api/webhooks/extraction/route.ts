import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER } from '@/lib/contract/webhook-signature';
import { getDb } from '@/lib/db/client';
import { ingestWebhook } from '@/lib/desk/webhook-ingest';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Webhook bodies are entries or batch progress bodies: far below this. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * Receives the extraction service's events (docs/v3-interface.md, Webhooks; docs/security.md). No session: the signature is the
 * authentication. The raw body is verified before anything is parsed; the logic lives in
 * lib/desk/webhook-ingest so it is tested without Next.js.
 */
export async function POST(request: Request) {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) {
    return Response.json(
      { ok: false, error: 'PAYLOAD_TOO_LARGE', message: 'Body too large.' },
      { status: 413 },
    );
  }
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) {
    return Response.json(
      { ok: false, error: 'PAYLOAD_TOO_LARGE', message: 'Body too large.' },
      { status: 413 },
    );
  }
  try {
    const result = await ingestWebhook(await getDb(), {
      rawBody,
      signature: request.headers.get(SIGNATURE_HEADER),
      deliveryId: request.headers.get(DELIVERY_HEADER),
      eventHeader: request.headers.get(EVENT_HEADER),
    });
    return Response.json(result.body, { status: result.status });
  } catch (error) {
    // Logged without the body or headers (they carry the signature); the service retries.
    console.error('[desk] webhook could not be applied:', (error as Error).message);
    return Response.json(
      { ok: false, error: 'INTERNAL_ERROR', message: 'Not applied; retry later.' },
      { status: 500 },
    );
  }
}
