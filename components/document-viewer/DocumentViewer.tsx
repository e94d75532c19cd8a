'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

export type Highlight = { page: number; bbox: [number, number, number, number] | null } | null;

export interface DocumentViewerProps {
  src: string;
  mimeType: string;
  text?: string | null;
  highlight?: Highlight;
  /** Text the reviewer selected in the document; answer true when it filled a field. */
  onSelectText?: (text: string) => boolean;
}

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

/** Relative to "fit to width" (1). */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
/** How long a page must stay near the view before it is drawn (fast scrolling skips it). */
const PAGE_SETTLE_MS = 120;

/** The document beside the data: PDF pages (pdf.js), images, or text. */
export function DocumentViewer({ src, mimeType, text, highlight, onSelectText }: DocumentViewerProps) {
  const [zoom, setZoom] = useState(2);
  const [filled, setFilled] = useState<string | null>(null);
  const scale = ZOOMS[zoom];
  const kind = mimeType === 'application/pdf' ? 'pdf' : mimeType.startsWith('image/') ? 'image' : 'text';
  const root = useRef<HTMLDivElement>(null);
  const select = useRef(onSelectText);
  select.current = onSelectText;
  // Selecting text in the document (PDF text layer or plain text) fills the field last focused.
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const onMouseUp = () => {
      const selected = window.getSelection()?.toString().trim();
      if (!select.current || !selected || selected.length > 500) return;
      if (select.current(selected)) {
        setFilled(selected);
        window.getSelection()?.removeAllRanges();
      }
    };
    el.addEventListener('mouseup', onMouseUp);
    return () => el.removeEventListener('mouseup', onMouseUp);
  }, []);
  return (
    <div ref={root} className="flex h-full flex-col">
      <div className="flex items-center gap-2 border-b border-gray-200 bg-white px-3 py-1.5 text-sm">
        <Button
          variant="ghost"
          aria-label="Zoom out"
          onClick={() => setZoom((z) => Math.max(0, z - 1))}
          disabled={zoom === 0}
        >
          −
        </Button>
        <span className="w-12 text-center tabular-nums text-gray-600">{Math.round(scale * 100)}%</span>
        <Button
          variant="ghost"
          aria-label="Zoom in"
          onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
          disabled={zoom === ZOOMS.length - 1}
        >
          +
        </Button>
        <p role="status" className="ml-2 truncate text-xs text-gray-600">
          {filled ? `Filled the field with “${filled.length > 40 ? `${filled.slice(0, 40)}…` : filled}”` : ''}
        </p>
        <a
          href={src}
          target="_blank"
          rel="noreferrer"
          className="ml-auto shrink-0 text-indigo-700 hover:underline"
        >
          Open original
        </a>
      </div>
      {kind === 'pdf' && <PdfPages src={src} scale={scale} highlight={highlight ?? null} />}
      {kind === 'image' && <ImagePage src={src} scale={scale} highlight={highlight ?? null} />}
      {kind === 'text' && (
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          aria-label="Document text"
          className="min-h-0 flex-1 overflow-auto bg-gray-100 p-3 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <TextDocument src={src} mimeType={mimeType} text={text ?? null} scale={scale} />
        </section>
      )}
    </div>
  );
}

/** Plain text as given, else fetched from `src` when it is a text type; other types cannot be shown here. */
function TextDocument({
  src,
  mimeType,
  text,
  scale,
}: {
  src: string;
  mimeType: string;
  text: string | null;
  scale: number;
}) {
  const [fetched, setFetched] = useState<{ text: string } | { error: string } | null>(null);
  const canFetch = text === null && mimeType.startsWith('text/');
  useEffect(() => {
    if (!canFetch) return;
    let cancelled = false;
    fetch(src)
      .then(async (r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        const body = await r.text();
        if (!cancelled) setFetched({ text: body });
      })
      .catch((e: Error) => !cancelled && setFetched({ error: e.message }));
    return () => {
      cancelled = true;
    };
  }, [src, canFetch]);
  const shown = text ?? (fetched && 'text' in fetched ? fetched.text : null);
  if (shown === null) {
    const message = !canFetch
      ? `This document (${mimeType}) cannot be shown here.`
      : fetched && 'error' in fetched
        ? `The document could not be loaded (${fetched.error}).`
        : 'Loading…';
    return (
      <p className="text-sm text-gray-600">
        {message} {!canFetch && <span>Use “Open original” to see it.</span>}
      </p>
    );
  }
  return (
    <pre
      className="whitespace-pre-wrap break-words rounded bg-white p-4 font-mono text-gray-900 shadow-sm"
      style={{ fontSize: `${13 * scale}px` }}
    >
      {shown}
    </pre>
  );
}

function HighlightBox({ bbox }: { bbox: [number, number, number, number] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'smooth' });
  }, []);
  const [x, y, w, h] = bbox;
  return (
    <div
      ref={ref}
      data-testid="source-highlight"
      className="pointer-events-none absolute rounded-sm bg-amber-300/30 ring-2 ring-amber-500"
      style={{
        left: `${x * 100}%`,
        top: `${y * 100}%`,
        width: `${w * 100}%`,
        height: `${h * 100}%`,
        margin: '-2px',
        padding: '2px',
      }}
    />
  );
}

/** An image at the chosen zoom; drag it (or use the scroll bars / arrow keys) to pan. */
function ImagePage({ src, scale, highlight }: { src: string; scale: number; highlight: Highlight }) {
  const pane = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  /** "100 %" fits the image to the pane's width, whatever the pane's size. */
  const [fit, setFit] = useState<number | null>(null);
  useEffect(() => {
    const el = pane.current;
    if (!el) return;
    const measure = () => setFit(Math.max(200, el.clientWidth - 24));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={pane}
      data-testid="image-pane"
      title="Drag to pan"
      className={`min-h-0 flex-1 select-none overflow-auto bg-gray-100 p-3 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 ${
        dragging ? 'cursor-grabbing' : 'cursor-grab'
      }`}
      onPointerDown={(e) => {
        const el = pane.current;
        if (!el || e.button !== 0) return;
        drag.current = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop };
        el.setPointerCapture(e.pointerId);
        setDragging(true);
      }}
      onPointerMove={(e) => {
        const el = pane.current;
        const start = drag.current;
        if (!el || !start) return;
        el.scrollLeft = start.left - (e.clientX - start.x);
        el.scrollTop = start.top - (e.clientY - start.y);
      }}
      onPointerUp={() => {
        drag.current = null;
        setDragging(false);
      }}
      onPointerCancel={() => {
        drag.current = null;
        setDragging(false);
      }}
    >
      <div className="relative mx-auto w-fit shadow">
        {/* biome-ignore lint/performance/noImgElement: a private document, not a site asset */}
        <img
          src={src}
          alt="Document"
          draggable={false}
          style={{ width: fit ? `${Math.round(fit * scale)}px` : '100%', maxWidth: 'none' }}
          className="block bg-white"
        />
        {highlight?.bbox && <HighlightBox key={highlight.bbox.join()} bbox={highlight.bbox} />}
      </div>
    </div>
  );
}

type PdfDocument = import('pdfjs-dist').PDFDocumentProxy;

function PdfPages({ src, scale, highlight }: { src: string; scale: number; highlight: Highlight }) {
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

/** A small picture of one page; clicking it scrolls the page into view. */
function PdfThumbnail({ doc, number, onOpen }: { doc: PdfDocument; number: number; onOpen: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [visible, setVisible] = useState(number <= 8);
  useEffect(() => {
    const el = button.current;
    if (!el || visible) return;
    const observer = new IntersectionObserver(([e]) => e.isIntersecting && setVisible(true), {
      rootMargin: '200px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible]);
  useEffect(() => {
    if (!visible) return;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let cancelled = false;
    (async () => {
      const page = await doc.getPage(number);
      const viewport = page.getViewport({ scale: 72 / page.getViewport({ scale: 1 }).width });
      const c = canvas.current;
      if (!c || cancelled) return;
      c.width = Math.floor(viewport.width * 2);
      c.height = Math.floor(viewport.height * 2);
      task = page.render({ canvas: c, viewport, transform: [2, 0, 0, 2, 0, 0] });
      await task.promise.catch(() => {});
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, number, visible]);
  return (
    <button
      ref={button}
      type="button"
      onClick={onOpen}
      aria-label={`Go to page ${number}`}
      className="block w-full rounded text-center text-xs text-gray-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <canvas ref={canvas} className="mx-auto block w-[72px] bg-white shadow ring-1 ring-gray-200" />
      <span className="mt-0.5 block">{number}</span>
    </button>
  );
}

/** One page, rendered when it scrolls near the viewport so 100-page PDFs stay responsive. */
function PdfPage({
  doc,
  number,
  scale,
  highlight,
  pane,
}: {
  doc: PdfDocument;
  number: number;
  scale: number;
  highlight: Highlight;
  /** The scrolling pane: "near the view" is measured against it, so pages ahead get drawn early. */
  pane: Element | null;
}) {
  const holder = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [visible, setVisible] = useState(number <= 2);

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
        built.render().catch(() => {});
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
      {highlight?.bbox && <HighlightBox key={highlight.bbox.join()} bbox={highlight.bbox} />}
    </figure>
  );
}
