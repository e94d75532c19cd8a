/**
 * What one document may make the engine spend. The service fills these from the environment
 * (lib/env.ts, README's configuration table); the engine only receives them as arguments.
 */
export interface DocumentLimits {
  /** Pages per document, counted from the document itself before it is read. */
  maxPages: number;
  /** Pages of one document that may go through OCR (PDF pages without a text layer). */
  maxOcrPages: number;
  /** Pixels of one image, or of one PDF page rendered for OCR (width × height). */
  maxPixels: number;
  /** Bytes a ZIP-based document (DOCX, XLSX) or a desk ZIP upload may inflate to, all entries together. */
  maxInflatedBytes: number;
  /** Largest inflated : compressed ratio of an entry (and of the archive as a whole). */
  maxCompressionRatio: number;
  /** Entries in a ZIP-based document or archive. */
  maxArchiveEntries: number;
  /** Wall-clock time to read one document, in milliseconds. */
  timeBudgetMs: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxPages: 500,
  maxOcrPages: 100,
  maxPixels: 50_000_000,
  maxInflatedBytes: 200 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxArchiveEntries: 10_000,
  timeBudgetMs: 300_000,
};

/**
 * A document over one of the limits. `pagesRead` is the work already done when it was refused
 * (0 when refused before reading): the service charges those pages, so a refusal is never free work.
 */
export class DocumentLimitError extends Error {
  override readonly name = 'DocumentLimitError';
  readonly code = 'DOCUMENT_TOO_LARGE';
  constructor(
    message: string,
    readonly pagesRead = 0,
  ) {
    super(message);
  }
}

/** Throws DocumentLimitError once the time budget is spent; checked between pages. */
export function checkDeadline(deadline: number | undefined, limits: DocumentLimits, pagesRead: number) {
  if (deadline !== undefined && Date.now() > deadline) {
    throw new DocumentLimitError(
      `Reading the document took longer than its ${Math.round(limits.timeBudgetMs / 1000)} s budget.`,
      pagesRead,
    );
  }
}
