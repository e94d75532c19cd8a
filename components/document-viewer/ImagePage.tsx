'use client';

import { useEffect, useRef, useState } from 'react';
import { type Highlight, HighlightBox } from './HighlightBox';

/** An image at the chosen zoom; drag it (or use the scroll bars / arrow keys) to pan. */
export function ImagePage({ src, scale, highlight }: { src: string; scale: number; highlight: Highlight }) {
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
