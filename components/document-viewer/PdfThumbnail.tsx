'use client';

import { useEffect, useRef, useState } from 'react';
import type { PdfDocument } from './pdf';

/** A small picture of one page; clicking it scrolls the page into view. */
export function PdfThumbnail({
  doc,
  number,
  onOpen,
}: {
  doc: PdfDocument;
  number: number;
  onOpen: () => void;
}) {
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
