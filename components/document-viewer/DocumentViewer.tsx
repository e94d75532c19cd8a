'use client';

import { useRef, useState } from 'react';
import type { Highlight } from './HighlightBox';
import { ImagePage } from './ImagePage';
import { PdfPages } from './PdfPages';
import { TextDocument } from './TextDocument';
import { useOcrTextLayer } from './use-ocr-text-layer';
import { useSelectToFill } from './use-select-to-fill';
import { ViewerToolbar, ZOOMS } from './ViewerToolbar';

export type { Highlight } from './HighlightBox';

export interface DocumentViewerProps {
  src: string;
  mimeType: string;
  text?: string | null;
  highlight?: Highlight;
  /** Text the reviewer selected in the document; answer true when it filled a field. */
  onSelectText?: (text: string) => boolean;
  /** Where the OCR'd words of an image or scanned PDF are served, to select them like a PDF's text. */
  textLayerSrc?: string;
}

/** The document beside the data: PDF pages (pdf.js), images, or text. */
export function DocumentViewer({
  src,
  mimeType,
  text,
  highlight,
  onSelectText,
  textLayerSrc,
}: DocumentViewerProps) {
  const [zoom, setZoom] = useState(2);
  const scale = ZOOMS[zoom];
  const kind = mimeType === 'application/pdf' ? 'pdf' : mimeType.startsWith('image/') ? 'image' : 'text';
  const root = useRef<HTMLDivElement>(null);
  const filled = useSelectToFill(root, onSelectText);
  const ocrPages = useOcrTextLayer(kind === 'text' ? undefined : textLayerSrc);
  return (
    <div ref={root} className="flex h-full flex-col">
      <ViewerToolbar src={src} zoom={zoom} onZoom={setZoom} filled={filled} />
      {kind === 'pdf' && (
        <PdfPages src={src} scale={scale} highlight={highlight ?? null} ocrPages={ocrPages} />
      )}
      {kind === 'image' && (
        <ImagePage
          src={src}
          scale={scale}
          highlight={highlight ?? null}
          ocrLines={ocrPages?.[0]?.lines ?? null}
        />
      )}
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
