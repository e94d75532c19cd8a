import { readIsolated } from '@/lib/isolation/readers';
import type { BBox } from '@/lib/service/engine/types';

/** One OCR'd page as the viewer lays it over the image: lines of positioned phrases. */
export interface TextLayerPage {
  /** 1-based. */
  number: number;
  lines: { text: string; bbox: BBox }[][];
}

/** The OCR text of an image or scanned PDF, for select-to-fill where the file has no text of its own. */
export interface TextLayer {
  /** False when the document has a text layer of its own (a text PDF): nothing to lay over it. */
  ocr: boolean;
  pages: TextLayerPage[];
}

/** Documents whose text layer was read lately: a reviewer moves between fields, not documents. */
const CACHE_SIZE = 50;
const cache = new Map<string, Promise<TextLayer>>();

/**
 * Reads the words of a document the desk keeps, in a reader process with the document limits
 * (the same OCR the service runs, so the same words), once per document while it is cached.
 * Works whatever v3 service extracted the entry: the desk reads its own copy.
 */
export function ocrTextLayer(
  documentId: string,
  load: () => Promise<{ bytes: Uint8Array; mimeType: string; filename: string }>,
): Promise<TextLayer> {
  const cached = cache.get(documentId);
  if (cached) {
    // Most recently used last, so the oldest is the first key.
    cache.delete(documentId);
    cache.set(documentId, cached);
    return cached;
  }
  const reading = load().then(async ({ bytes, mimeType, filename }) => {
    const read = await readIsolated({ bytes, mimeType, filename });
    if (!read.ocr) return { ocr: false, pages: [] };
    return {
      ocr: true,
      pages: read.pages.map((page) => ({
        number: page.number,
        lines: page.lines.map((line) =>
          line.spans.flatMap((span) => (span.bbox ? [{ text: span.text, bbox: span.bbox }] : [])),
        ),
      })),
    };
  });
  // A failure is not kept: the next look tries again.
  reading.catch(() => cache.delete(documentId));
  cache.set(documentId, reading);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return reading;
}

/** Whether a type can carry OCR'd text: images, and PDFs (scanned pages). */
export const mayNeedOcr = (mimeType: string) =>
  mimeType.startsWith('image/') || mimeType === 'application/pdf';
