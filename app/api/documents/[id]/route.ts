import { Readable } from 'node:stream';
import { currentUser } from '@/lib/auth';
import { BlobNotFoundError } from '@/lib/blobs';
import { getDb } from '@/lib/db/client';
import { findDocument, openDocumentStream } from '@/lib/desk/document-copies';

export const runtime = 'nodejs';

/** Serves a document the desk keeps (410 once retention removed its file), to signed-in users only, with its recorded type. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  if (!(await currentUser())) return Response.json({ message: 'Sign in first.' }, { status: 401 });
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return Response.json({ message: 'Not found.' }, { status: 404 });
  const document = await findDocument(await getDb(), id);
  if (!document) return Response.json({ message: 'Not found.' }, { status: 404 });
  let opened: Awaited<ReturnType<typeof openDocumentStream>>;
  try {
    opened = await openDocumentStream(document);
  } catch (error) {
    if (!(error instanceof BlobNotFoundError)) throw error;
    return Response.json({ message: 'The file of this document is no longer stored.' }, { status: 410 });
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
