import type { OcrLine, OcrWord } from '@/lib/service/engine/readers/ocr-pool';

/** An OCR line as tesseract returns it: its words and the box around them. */
export const ocrLine = (...words: OcrWord[]): OcrLine => ({
  bbox: {
    x0: Math.min(...words.map((w) => w.bbox.x0)),
    y0: Math.min(...words.map((w) => w.bbox.y0)),
    x1: Math.max(...words.map((w) => w.bbox.x1)),
    y1: Math.max(...words.map((w) => w.bbox.y1)),
  },
  words,
});
