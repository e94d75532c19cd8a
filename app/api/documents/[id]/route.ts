import { Readable } from 'node:stream';
import { BlobNotFoundError } from '@/lib/blobs';
import { openDocumentStream } from '@/lib/desk/document-copies';
import { documentGone, requestedDocument } from './requested-document';

export const runtime = 'nodejs';

/** Serves a document the desk keeps (410 once retention removed its file), to signed-in users only, with its recorded type. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const document = await requestedDocument(params);
  if (document instanceof Response) return document;
  let opened: Awaited<ReturnType<typeof openDocumentStream>>;
  try {
    opened = await openDocumentStream(document);
  } catch (error) {
    if (!(error instanceof BlobNotFoundError)) throw error;
    return documentGone();
  }
  // Streamed from the blob store (a folder or S3): a large scan is never held whole in memory.
  return new Response(Readable.toWeb(opened.stream) as ReadableStream, {
    headers: {
      'content-type': document.mimeType,
      'content-length': String(opened.size),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'cache-control': 'private, max-age=3600',
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(document.filename)}`,
    },
  });
}
