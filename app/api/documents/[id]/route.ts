import { currentUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { findDocument, readDocumentBytes } from '@/lib/desk/documents';

export const runtime = 'nodejs';

/** Serves a document the desk keeps, to signed-in users only, with its recorded type. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  if (!(await currentUser())) return Response.json({ message: 'Sign in first.' }, { status: 401 });
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return Response.json({ message: 'Not found.' }, { status: 404 });
  const document = await findDocument(await getDb(), id);
  if (!document) return Response.json({ message: 'Not found.' }, { status: 404 });
  const bytes = await readDocumentBytes(document);
  return new Response(Buffer.from(bytes), {
    headers: {
      'content-type': document.mimeType,
      'content-length': String(bytes.byteLength),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'cache-control': 'private, max-age=3600',
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(document.filename)}`,
    },
  });
}
