import { SIGNATURE_HEADER } from '@/lib/contract/webhook-signature';
import { getDb } from '@/lib/db/client';
import { ingestWebhook, refuseUnsignedWebhook } from '@/lib/desk/webhook-ingest';
import { BodyTooLargeError, readCappedText } from '@/lib/http/capped-body';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Webhook bodies are entries or batch progress bodies: far below this. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * Receives the extraction service's events (docs/v3-interface.md, Webhooks; docs/security.md). No session: the signature is the
 * authentication. Without a fresh, well-formed signature header nothing is read; the body is
 * read through the capped reader and verified before anything is parsed. The logic lives in
 * lib/desk/webhook-ingest so it is tested without Next.js.
 */
export async function POST(request: Request) {
  const signature = request.headers.get(SIGNATURE_HEADER);
  const unsigned = refuseUnsignedWebhook(signature);
  if (unsigned) {
    await request.body?.cancel().catch(() => {});
    return Response.json(unsigned.body, { status: unsigned.status });
  }
  let rawBody: string;
  try {
    rawBody = await readCappedText(request, MAX_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    return Response.json(
      { ok: false, error: 'PAYLOAD_TOO_LARGE', message: 'Body too large.' },
      { status: 413 },
    );
  }
  try {
    const result = await ingestWebhook(await getDb(), { rawBody, signature });
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
