import type { DocumentInput } from '@/lib/contract/schemas';
import type { ExtractionClient } from '@/lib/extraction-api/client';
import { ExtractionApiError } from '@/lib/extraction-api/errors';

type Base64Doc = { type?: string; content: string; filename?: string | null; mime_type?: string | null };

/** Files uploaded side by side: enough to overlap transfer and reading, few enough for a small service. */
const PARALLEL_UPLOADS = 4;

/**
 * A run's files go to the service once, as files (`POST /v3/documents`), and the batch refers
 * to them by id: the service keeps one copy of each (by SHA-256 per account) instead of base64
 * inside a JSON request. A file the service refuses at upload (unreadable, too large: a 4xx)
 * is sent as before, so the refusal is reported on its item like any other; a service that
 * cannot be reached fails the submission as before.
 */
export async function uploadOnce(
  upload: ExtractionClient['uploadDocument'] | undefined,
  documents: DocumentInput[],
): Promise<DocumentInput[]> {
  if (!upload) return documents;
  const out = [...documents];
  // The same file twice in one run is uploaded once (the service would also find it, but two
  // uploads at the same moment could both store it).
  const uploads = new Map<string, Promise<string | null>>();
  const send = (doc: Base64Doc) => {
    let pending = uploads.get(doc.content);
    if (!pending) {
      const file = new Blob([Buffer.from(doc.content, 'base64')], {
        type: doc.mime_type ?? 'application/octet-stream',
      });
      pending = upload(file, doc.filename ?? 'document').then(
        (stored) => stored.id,
        (error) => {
          if (error instanceof ExtractionApiError && error.status >= 400 && error.status < 500) return null;
          throw error;
        },
      );
      uploads.set(doc.content, pending);
    }
    return pending;
  };
  let next = 0;
  const lane = async () => {
    for (;;) {
      const i = next++;
      if (i >= documents.length) return;
      const doc = documents[i] as Base64Doc;
      if (doc.content === undefined || (doc.type !== undefined && doc.type !== 'base64')) continue;
      const id = await send(doc);
      if (id) out[i] = { type: 'id', id };
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, documents.length) }, lane));
  return out;
}
