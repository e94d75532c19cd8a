'use client';

import { useEffect, useRef, useState } from 'react';
import type { TextLayerPage } from '@/lib/desk/ocr-text-layer';
import { type Highlight, HighlightBox } from './HighlightBox';
import { OcrTextLayer } from './OcrTextLayer';

/**
 * An image at the chosen zoom; drag it (or use the scroll bars / arrow keys) to pan. Its OCR'd
 * words lie over it as selectable text: a drag that starts on a word selects, elsewhere it pans.
 */
export function ImagePage({
  src,
  scale,
  highlight,
  ocrLines,
}: {
  src: string;
  scale: number;
  highlight: Highlight;
  ocrLines: TextLayerPage['lines'] | null;
}) {
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
    // A drag beside the words pans: it must not also start a text selection across the words
    // (which would fill the field with the whole page). Selections start on a word only.
    const onSelectStart = (e: Event) => {
      const target = e.target instanceof Element ? e.target : (e.target as Node | null)?.parentElement;
      if (!target?.closest('[data-ocr-text]')) e.preventDefault();
    };
    el.addEventListener('selectstart', onSelectStart);
    return () => {
      observer.disconnect();
      el.removeEventListener('selectstart', onSelectStart);
    };
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
        if (!el || e.button !== 0 || (e.target as HTMLElement).closest('[data-ocr-text]')) return;
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
        {ocrLines && <OcrTextLayer lines={ocrLines} />}
        {highlight?.bbox && <HighlightBox key={highlight.bbox.join()} bbox={highlight.bbox} />}
      </div>
    </div>
  );
}
