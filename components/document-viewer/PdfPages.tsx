'use client';

import { useEffect, useRef, useState } from 'react';
import type { TextLayerPage } from '@/lib/desk/ocr-text-layer';
import type { Highlight } from './HighlightBox';
import { PdfPage } from './PdfPage';
import { PdfThumbnail } from './PdfThumbnail';
import type { PdfDocument } from './pdf';

/** pdf.js's text layer rules (from pdf_viewer.css): transparent text over the canvas, selectable. */
const TEXT_LAYER_CSS = `
.emend-text-layer{position:absolute;inset:0;overflow:clip;opacity:1;line-height:1;text-align:initial;
  -webkit-text-size-adjust:none;text-size-adjust:none;forced-color-adjust:none;transform-origin:0 0;z-index:0;
  --min-font-size:1;--text-scale-factor:calc(var(--total-scale-factor) * var(--min-font-size));
  --min-font-size-inv:calc(1 / var(--min-font-size))}
.emend-text-layer :is(span,br){color:transparent;position:absolute;white-space:pre;cursor:text;transform-origin:0% 0%}
.emend-text-layer > :not(.markedContent),.emend-text-layer .markedContent span:not(.markedContent){z-index:1;
  --font-height:0;font-size:calc(var(--text-scale-factor) * var(--font-height));--scale-x:1;--rotate:0deg;
  transform:rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv))}
.emend-text-layer .markedContent{display:contents}
.emend-text-layer ::selection{background:rgb(79 70 229 / 0.3)}
.emend-text-layer br::selection{background:transparent}
`;

export function PdfPages({
  src,
  scale,
  highlight,
  ocrPages,
}: {
  src: string;
  scale: number;
  highlight: Highlight;
  /** The OCR'd words of scanned pages, laid over the pages that have no text of their own. */
  ocrPages: TextLayerPage[] | null;
}) {
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fit, setFit] = useState<number | null>(null);
  const holder = useRef<HTMLDivElement>(null);

  // "100 %" fits the first page's width to the panel, whatever the panel's size.
  useEffect(() => {
    const el = holder.current;
    if (!el || !doc) return;
    let pageWidth = 0;
    const measure = () => pageWidth && setFit(Math.max(0.2, (el.clientWidth - 8) / pageWidth));
    doc.getPage(1).then((page) => {
      pageWidth = page.getViewport({ scale: 1 }).width;
      measure();
    });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [doc]);
  useEffect(() => {
    let cancelled = false;
    let loaded: PdfDocument | null = null;
    (async () => {
      const pdfjs = await import('pdfjs-dist');
      pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs';
      loaded = await pdfjs.getDocument({ url: src, isEvalSupported: false }).promise;
      if (cancelled) loaded.destroy();
      else setDoc(loaded);
    })().catch((e: Error) => !cancelled && setError(e.message));
    return () => {
      cancelled = true;
      loaded?.destroy();
    };
  }, [src]);
  const pane = useRef<HTMLElement>(null);
  if (error) {
    return (
      <p role="alert" className="p-3 text-sm text-red-700">
        The PDF could not be shown: {error}
      </p>
    );
  }
  const pages = doc ? Array.from({ length: doc.numPages }, (_, i) => i + 1) : [];
  return (
    <div className="flex min-h-0 flex-1">
      {doc && doc.numPages > 1 && (
        <nav
          aria-label="Pages"
          className="w-24 shrink-0 space-y-2 overflow-y-auto border-r border-gray-200 bg-gray-50 p-2"
        >
          {pages.map((n) => (
            <PdfThumbnail
              key={n}
              doc={doc}
              number={n}
              onOpen={() =>
                pane.current
                  ?.querySelector(`[data-page="${n}"]`)
                  // A jump, not a glide: gliding past every page in between would draw them all.
                  ?.scrollIntoView({ block: 'start', behavior: 'instant' })
              }
            />
          ))}
        </nav>
      )}
      <style>{TEXT_LAYER_CSS}</style>
      <section
        ref={pane}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label="Document pages"
        className="min-h-0 flex-1 overflow-auto bg-gray-100 p-3 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <div ref={holder} className="space-y-3">
          {doc && fit ? (
            <>
              <div className="flex gap-3 text-xs">
                <p className="text-gray-700">
                  {doc.numPages} page{doc.numPages === 1 ? '' : 's'}
                </p>
                <p className="text-gray-700">Select text on a page to fill the field you were in.</p>
              </div>
              {pages.map((n) => (
                <PdfPage
                  key={n}
                  doc={doc}
                  number={n}
                  scale={scale * fit}
                  highlight={highlight?.page === n ? highlight : null}
                  pane={pane.current}
                  ocrLines={ocrPages?.find((p) => p.number === n)?.lines ?? null}
                />
              ))}
            </>
          ) : (
            <p className="text-sm text-gray-600">Loading PDF…</p>
          )}
        </div>
      </section>
    </div>
  );
}
