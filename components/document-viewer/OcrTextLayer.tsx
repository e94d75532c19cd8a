'use client';

import { useEffect, useRef, useState } from 'react';
import type { TextLayerPage } from '@/lib/desk/ocr-text-layer';

/** The font the layer measures its text with; any will do, the text is invisible. */
const FONT = 'sans-serif';

/**
 * The OCR'd words of an image or a scanned page as invisible, selectable text over the
 * picture, each phrase stretched over the box where it was read — like pdf.js's text layer
 * over a PDF page, so selecting text fills a field the same way on every kind of document.
 */
export function OcrTextLayer({ lines }: { lines: TextLayerPage['lines'] }) {
  const layer = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const el = layer.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const measureWidth = useTextWidth();
  return (
    <div
      ref={layer}
      data-testid="ocr-text-layer"
      className="absolute inset-0 cursor-text select-text overflow-hidden leading-none"
    >
      {size &&
        lines.map((line, i) =>
          line.map(({ text, bbox: [x, y, w, h] }, j) => {
            const fontSize = Math.max(1, h * size.height * 0.9);
            const natural = measureWidth(text, fontSize);
            const scaleX = natural > 0 ? (w * size.width) / natural : 1;
            return (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder
                key={`${i}-${j}`}
                data-ocr-text
                className="absolute origin-top-left whitespace-pre text-transparent selection:bg-indigo-600/30"
                style={{
                  left: `${x * 100}%`,
                  top: `${y * 100}%`,
                  fontSize: `${fontSize}px`,
                  fontFamily: FONT,
                  transform: `scaleX(${scaleX})`,
                }}
              >
                {/* A space between phrases and a line break after each line, so a selection reads as text. */}
                {j < line.length - 1 ? `${text} ` : text}
                {j === line.length - 1 && <br />}
              </span>
            );
          }),
        )}
    </div>
  );
}

/** Width of a text at a font size, measured once on a canvas. */
function useTextWidth() {
  const context = useRef<CanvasRenderingContext2D | null>(null);
  return (text: string, fontSize: number) => {
    context.current ??= document.createElement('canvas').getContext('2d');
    const ctx = context.current;
    if (!ctx) return 0;
    ctx.font = `${fontSize}px ${FONT}`;
    return ctx.measureText(text).width;
  };
}
