'use client';

import { useEffect, useRef, useState } from 'react';
import type { TextLayerPage } from '@/lib/desk/ocr-text-layer';
import { type Highlight, HighlightBox } from './HighlightBox';
import { OcrTextLayer } from './OcrTextLayer';
import type { PdfDocument } from './pdf';

/** How long a page must stay near the view before it is drawn (fast scrolling skips it). */
const PAGE_SETTLE_MS = 120;

/** One page, rendered when it scrolls near the viewport so 100-page PDFs stay responsive. */
export function PdfPage({
  doc,
  number,
  scale,
  highlight,
  pane,
  ocrLines,
}: {
  doc: PdfDocument;
  number: number;
  scale: number;
  highlight: Highlight;
  /** The scrolling pane: "near the view" is measured against it, so pages ahead get drawn early. */
  pane: Element | null;
  /** The page's OCR'd words, shown only when the page has no text layer of its own (a scan). */
  ocrLines: TextLayerPage['lines'] | null;
}) {
  const holder = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [visible, setVisible] = useState(number <= 2);
  const [hasOwnText, setHasOwnText] = useState(true);

  // Drawn only while near the view, and only once it has stayed there a moment: scrolling
  // through a long document does not queue a render of every page it passes, and pages far
  // away give their canvas back, so a 100-page PDF costs what the few pages on screen cost.
  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      ([e]) => {
        clearTimeout(settle);
        if (e.isIntersecting) settle = setTimeout(() => setVisible(true), PAGE_SETTLE_MS);
        else setVisible(false);
      },
      { root: pane, rootMargin: '600px' },
    );
    observer.observe(el);
    return () => {
      clearTimeout(settle);
      observer.disconnect();
    };
  }, [pane]);

  // A source on this page: render it now, and bring the page into view when the source
  // has no box of its own (the box scrolls itself into view).
  const highlighted = highlight !== null;
  const boxless = highlighted && !highlight?.bbox;
  useEffect(() => {
    if (!highlighted) return;
    setVisible(true);
    if (boxless) holder.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [highlighted, boxless]);

  useEffect(() => {
    if (!visible) return;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let text: { cancel(): void } | null = null;
    let cancelled = false;
    (async () => {
      const page = await doc.getPage(number);
      const viewport = page.getViewport({ scale });
      // The text layer: invisible, selectable text over the picture of the page.
      const layer = textLayer.current;
      if (layer && !cancelled) {
        const { TextLayer } = await import('pdfjs-dist');
        layer.replaceChildren();
        layer.style.setProperty('--total-scale-factor', String(viewport.scale));
        const built = new TextLayer({
          textContentSource: page.streamTextContent(),
          container: layer,
          viewport,
        });
        text = built;
        built
          .render()
          .then(() => !cancelled && setHasOwnText((layer.textContent ?? '').trim() !== ''))
          .catch(() => {});
      }
      const ratio = window.devicePixelRatio || 1;
      const c = canvas.current;
      if (!c || cancelled) return;
      c.width = Math.floor(viewport.width * ratio);
      c.height = Math.floor(viewport.height * ratio);
      setSize({ width: viewport.width, height: viewport.height });
      task = page.render({
        canvas: c,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      await task.promise.catch(() => {});
    })();
    return () => {
      cancelled = true;
      task?.cancel();
      text?.cancel();
      // Out of view (or redrawn at another zoom): free the bitmap and the text spans now.
      const c = canvas.current;
      if (c) {
        c.width = 0;
        c.height = 0;
      }
      textLayer.current?.replaceChildren();
    };
  }, [doc, number, scale, visible]);

  return (
    <figure
      ref={holder}
      className={`relative mx-auto bg-white shadow ${boxless ? 'ring-4 ring-amber-400' : ''}`}
      style={size ? { width: size.width, height: size.height } : { width: 612 * scale, height: 792 * scale }}
      data-page={number}
      data-highlighted={highlighted || undefined}
    >
      <figcaption className="sr-only">Page {number}</figcaption>
      <canvas
        ref={canvas}
        style={size ? { width: size.width, height: size.height } : undefined}
        className="block"
      />
      <div ref={textLayer} className="emend-text-layer" />
      {!hasOwnText && ocrLines && <OcrTextLayer lines={ocrLines} />}
      {highlight?.bbox && <HighlightBox key={highlight.bbox.join()} bbox={highlight.bbox} />}
    </figure>
  );
}
