/**
 * How OCR runs, as the engine's callers choose it: the service fills it from its validated settings
 * (lib/env.ts) and sends it to the reader processes with each job. Types and defaults only, so the
 * settings schema can use them without loading the OCR pool.
 */

/** Languages with a model installed (package.json): tesseract codes. */
export const OCR_LANGUAGES = ['eng', 'deu', 'fra', 'spa', 'ita', 'por', 'nld'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/** `auto`: English first, then again with the page's language when it is another one installed. */
export type OcrLanguageOption = OcrLanguage | 'auto';

/** Most OCR workers one process runs, whatever is asked: each holds a model of ~100 MB. */
export const MAX_OCR_WORKERS = 16;

/**
 * Page segmentation: 3 (automatic layout analysis). tesseract.js defaults to 6 (one uniform block),
 * which loses bordered table headers and side-by-side columns; 11 (sparse text) misses lone digits.
 * Measured on the corpus: 6 → 76 %, 11 → 85 %, 3 → 89 % of fields exact.
 */
export const DEFAULT_OCR_PAGE_SEG_MODE = 3;

/** Render scale (× 72 dpi) of scanned PDF pages: 180 dpi, letters large enough for tesseract. */
export const DEFAULT_OCR_PDF_SCALE = 2.5;

/** How OCR runs; every setting left out takes its default. */
export interface OcrSettings {
  /** The model: a language installed, or `auto` (English, then the page's language). Default `eng`. */
  language?: OcrLanguageOption;
  /** Tesseract workers at most (1–16). Default: the cores less one, between 1 and 4. */
  workers?: number;
  /** Tesseract page segmentation mode (0–13). Default `DEFAULT_OCR_PAGE_SEG_MODE`. */
  pageSegMode?: number;
  /** Render scale of scanned PDF pages (1–6 × 72 dpi). Default `DEFAULT_OCR_PDF_SCALE`. */
  pdfScale?: number;
}
