import { currentUser } from '@/lib/auth';
import { BlobNotFoundError } from '@/lib/blobs';
import { getDb } from '@/lib/db/client';
import { findDocument, readDocumentBytes } from '@/lib/desk/document-copies';
import { mayNeedOcr, ocrTextLayer } from '@/lib/desk/ocr-text-layer';
import { UnreadableDocumentError } from '@/lib/service/engine/errors';
import { DocumentLimitError } from '@/lib/service/engine/limits';

export const runtime = 'nodejs';

/**
 * The OCR words of a document the desk keeps (an image or a scanned PDF), positioned, so the
 * viewer can lay them over the picture and the reviewer can select text to fill a field.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  if (!(await currentUser())) return Response.json({ message: 'Sign in first.' }, { status: 401 });
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return Response.json({ message: 'Not found.' }, { status: 404 });
  const document = await findDocument(await getDb(), id);
  if (!document) return Response.json({ message: 'Not found.' }, { status: 404 });
  if (!mayNeedOcr(document.mimeType)) return Response.json({ ocr: false, pages: [] });
  try {
    const layer = await ocrTextLayer(document.id, async () => ({
      bytes: await readDocumentBytes(document),
      mimeType: document.mimeType,
      filename: document.filename,
    }));
    return Response.json(layer, { headers: { 'cache-control': 'private, max-age=3600' } });
  } catch (error) {
    if (error instanceof BlobNotFoundError)
      return Response.json({ message: 'The file of this document is no longer stored.' }, { status: 410 });
    if (error instanceof UnreadableDocumentError || error instanceof DocumentLimitError)
      return Response.json({ message: error.message }, { status: 422 });
    throw error;
  }
}
