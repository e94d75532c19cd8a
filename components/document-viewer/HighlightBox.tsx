'use client';

import { useEffect, useRef } from 'react';

/** The part of the document a field's value came from: a page, and a box on it when known (0–1 of the page). */
export type Highlight = { page: number; bbox: [number, number, number, number] | null } | null;

/** Marks the source box on a page or image, and brings it into view when it appears. */
export function HighlightBox({ bbox }: { bbox: [number, number, number, number] }) {
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
