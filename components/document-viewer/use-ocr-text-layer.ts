'use client';

import { useEffect, useState } from 'react';
import type { TextLayer, TextLayerPage } from '@/lib/desk/ocr-text-layer';

/**
 * The OCR'd words of an image or scanned PDF, fetched once the picture is on screen (OCR takes
 * a second or two; the document does not wait for it). Null until known, and when the document
 * has no such words or they could not be read: then there is simply nothing to select.
 */
export function useOcrTextLayer(src: string | undefined): TextLayerPage[] | null {
  const [pages, setPages] = useState<TextLayerPage[] | null>(null);
  useEffect(() => {
    setPages(null);
    if (!src) return;
    const controller = new AbortController();
    fetch(src, { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<TextLayer>) : null))
      .then((layer) => layer?.ocr && setPages(layer.pages))
      .catch(() => {});
    return () => controller.abort();
  }, [src]);
  return pages;
}
