import { BlobNotFoundError } from '@/lib/blobs';
import { readDocumentBytes } from '@/lib/desk/document-copies';
import { mayNeedOcr, ocrTextLayer } from '@/lib/desk/ocr-text-layer';
import { UnreadableDocumentError } from '@/lib/service/engine/errors';
import { DocumentLimitError } from '@/lib/service/engine/limits';
import { documentGone, requestedDocument } from '../requested-document';

export const runtime = 'nodejs';

/**
 * The OCR words of a document the desk keeps (an image or a scanned PDF), positioned, so the
 * viewer can lay them over the picture and the reviewer can select text to fill a field.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const document = await requestedDocument(params);
  if (document instanceof Response) return document;
  if (!mayNeedOcr(document.mimeType)) return Response.json({ ocr: false, pages: [] });
  try {
    const layer = await ocrTextLayer(document.id, async () => ({
      bytes: await readDocumentBytes(document),
      mimeType: document.mimeType,
      filename: document.filename,
    }));
    return Response.json(layer, { headers: { 'cache-control': 'private, max-age=3600' } });
  } catch (error) {
    if (error instanceof BlobNotFoundError) return documentGone();
    if (error instanceof UnreadableDocumentError || error instanceof DocumentLimitError)
      return Response.json({ message: error.message }, { status: 422 });
    throw error;
  }
}
