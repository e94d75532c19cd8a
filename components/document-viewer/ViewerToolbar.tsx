import { Button } from '@/components/ui/button';

/** Relative to "fit to width" (1). */
export const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** Above the document: zoom out and in, what the last selection filled, and the original file. */
export function ViewerToolbar({
  src,
  zoom,
  onZoom,
  filled,
}: {
  src: string;
  /** An index into ZOOMS. */
  zoom: number;
  onZoom: (zoom: number) => void;
  /** The text a selection last put into a field, if any. */
  filled: string | null;
}) {
  return (
    <div className="flex items-center gap-2 border-b border-gray-200 bg-white px-3 py-1.5 text-sm">
      <Button
        variant="ghost"
        aria-label="Zoom out"
        onClick={() => onZoom(Math.max(0, zoom - 1))}
        disabled={zoom === 0}
      >
        −
      </Button>
      <span className="w-12 text-center tabular-nums text-gray-600">{Math.round(ZOOMS[zoom] * 100)}%</span>
      <Button
        variant="ghost"
        aria-label="Zoom in"
        onClick={() => onZoom(Math.min(ZOOMS.length - 1, zoom + 1))}
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
  );
}
