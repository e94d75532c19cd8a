import { createHash } from 'node:crypto';
import { UnreadableDocumentError } from './errors';
import { checkDeadline, DEFAULT_DOCUMENT_LIMITS, DocumentLimitError, type DocumentLimits } from './limits';
import type { OcrSettings } from './readers/ocr-settings';
import { openPdf, readPdfTextLayer } from './readers/pdf';
import { textToPages } from './readers/text';
import type { DocumentKind, Page, ReadDocument, ReaderInput } from './types';
import { inspectZip } from './zip-inspect';

const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  text: 'text/plain',
  md: 'text/markdown',
};

const KIND_BY_MIME: Record<string, DocumentKind> = {
  'application/pdf': 'pdf',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/jpg': 'image',
  'image/tiff': 'image',
  'image/webp': 'image',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'text/plain': 'text',
  'text/markdown': 'text',
};

function normalizeMime(mime: string | null | undefined): string | null {
  if (!mime) return null;
  const m = mime.split(';')[0].trim().toLowerCase();
  return m === '' ? null : m;
}

function extensionMime(filename: string | null | undefined): string | null {
  const ext = filename?.toLowerCase().match(/\.([a-z0-9]{1,5})$/)?.[1];
  return ext ? (MIME_BY_EXTENSION[ext] ?? null) : null;
}

/** Valid UTF-8 with no NUL bytes: plausibly text. */
function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  if (sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(
      sample.length < bytes.length ? trimUtf8(sample) : sample,
    );
    return true;
  } catch {
    return false;
  }
}

/** Drops a UTF-8 sequence cut off at the end of a sample. */
function trimUtf8(b: Uint8Array): Uint8Array {
  let end = b.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = b[end - i];
    if ((byte & 0xc0) === 0x80) continue;
    if (byte >= 0xc0) end -= i;
    break;
  }
  return b.subarray(0, end);
}

/**
 * Decides the type of a document: magic bytes first (file-type), then the caller's MIME type,
 * then the filename's extension; bytes that decode as UTF-8 text fall back to text.
 */
export async function detectType(
  bytes: Uint8Array,
  mimeType?: string | null,
  filename?: string | null,
): Promise<{ kind: DocumentKind | null; mimeType: string }> {
  const { fileTypeFromBuffer } = await import('file-type');
  let sniffed: { mime: string } | undefined;
  try {
    sniffed = await fileTypeFromBuffer(bytes);
  } catch {
    sniffed = undefined;
  }
  const declared = normalizeMime(mimeType);
  const byName = extensionMime(filename);
  if (sniffed) {
    // A generic ZIP may be an Office file the sniffer could not name: trust what the caller said.
    if (sniffed.mime === 'application/zip') {
      for (const m of [declared, byName])
        if (m && (KIND_BY_MIME[m] === 'docx' || KIND_BY_MIME[m] === 'xlsx'))
          return { kind: KIND_BY_MIME[m], mimeType: m };
    }
    return { kind: KIND_BY_MIME[sniffed.mime] ?? null, mimeType: sniffed.mime };
  }
  for (const m of [declared, byName]) {
    if (!m) continue;
    const kind = KIND_BY_MIME[m];
    // Text-like claims are checked: binary bytes claiming to be text are not text.
    if (kind === 'text' || kind === 'csv')
      return looksLikeText(bytes) ? { kind, mimeType: m } : { kind: null, mimeType: m };
    // Binary formats the sniffer did not recognize are handed to their reader, which reports the damage.
    if (kind) return { kind, mimeType: m };
    if (m !== 'application/octet-stream') return { kind: null, mimeType: m };
  }
  if (looksLikeText(bytes)) return { kind: 'text', mimeType: 'text/plain' };
  return { kind: null, mimeType: declared ?? 'application/octet-stream' };
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

export interface ReadOptions {
  /** OCR pages of PDFs without a text layer, and images (default true). */
  ocr?: boolean;
  /**
   * How OCR runs: the model (a tesseract language installed — `eng`, `deu`, `fra`, `spa`, `ita`, `por`, `nld` — or
   * `auto` to read in English and again in the page's language when it detects another; default
   * `eng`), the workers, the page segmentation and the render scale of scanned PDF pages.
   */
  ocrSettings?: OcrSettings;
  /** What the document may cost (pages, OCR, pixels, archive sizes, time); defaults otherwise. */
  limits?: DocumentLimits;
  /** Epoch ms after which reading stops (DocumentLimitError); default: now + the time budget. */
  deadline?: number;
}

/** What a document is and how many pages it has, known without reading it. */
export interface Inspection {
  kind: DocumentKind;
  mimeType: string;
  /** Counted from the document (PDF page tree, one per image); null where only reading tells (text, DOCX, XLSX, CSV). */
  pages: number | null;
}

/**
 * The cheap look before reading: the type, the page count of a PDF from its own page tree, an
 * image's pixels from its header, a ZIP-based document's directory. Throws DocumentLimitError
 * when a limit is already exceeded, UnreadableDocumentError when it cannot be opened at all.
 */
export async function inspectDocument(
  input: ReaderInput,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): Promise<Inspection> {
  if ('text' in input) return { kind: 'text', mimeType: 'text/plain', pages: null };
  const bytes = input.bytes;
  if (!bytes || bytes.length === 0) throw new UnreadableDocumentError('The document is empty.');
  const { kind, mimeType } = await detectType(bytes, input.mimeType, input.filename);
  switch (kind) {
    case 'pdf': {
      const doc = await openPdf(bytes);
      try {
        checkPageCount(doc.numPages, limits);
        return { kind, mimeType, pages: doc.numPages };
      } finally {
        await doc.destroy().catch(() => {});
      }
    }
    case 'image': {
      const { imageSize } = await import('./readers/image');
      checkPixels(imageSize(bytes), limits, 'The image');
      return { kind, mimeType, pages: 1 };
    }
    case 'docx':
    case 'xlsx':
      inspectZip(bytes, limits, { what: kind === 'docx' ? 'Word document' : 'spreadsheet' });
      return { kind, mimeType, pages: null };
    case 'text':
    case 'csv':
      return { kind, mimeType, pages: null };
    default:
      throw new UnreadableDocumentError(`Unsupported document type ${mimeType}`);
  }
}

function checkPageCount(pages: number, limits: DocumentLimits, pagesRead = 0) {
  if (pages > limits.maxPages) {
    throw new DocumentLimitError(
      `The document has ${pages} pages; at most ${limits.maxPages} are read per document.`,
      pagesRead,
    );
  }
}

/** Refuses an image (or a page to render) over the pixel limit; a size that cannot be read is unreadable. */
export function checkPixels(
  size: { width: number; height: number } | null,
  limits: DocumentLimits,
  what: string,
  pagesRead = 0,
) {
  if (!size || size.width < 1 || size.height < 1) {
    throw new UnreadableDocumentError(`${what} could not be decoded: its header is damaged.`);
  }
  if (size.width * size.height > limits.maxPixels) {
    throw new DocumentLimitError(
      `${what} is ${size.width}×${size.height} pixels; at most ${limits.maxPixels.toLocaleString('en')} pixels are read.`,
      pagesRead,
    );
  }
}

/** Turns one document into pages of positioned text, or throws `UnreadableDocumentError`. */
export async function readDocument(input: ReaderInput, options: ReadOptions = {}): Promise<ReadDocument> {
  if ('text' in input) {
    return {
      kind: 'text',
      mimeType: 'text/plain',
      filename: null,
      sha256: sha256(input.text),
      pages: textToPages(input.text),
    };
  }
  const bytes = input.bytes;
  const filename = input.filename ?? null;
  if (!bytes || bytes.length === 0) throw new UnreadableDocumentError('The document is empty.');
  const limits = options.limits ?? DEFAULT_DOCUMENT_LIMITS;
  const deadline = options.deadline ?? Date.now() + limits.timeBudgetMs;
  const { kind, mimeType } = await detectType(bytes, input.mimeType, filename);
  const base = { mimeType, filename, sha256: sha256(bytes) };
  let pages: Page[];
  let ocr = false;
  switch (kind) {
    case 'text':
      pages = textToPages(decodeText(bytes));
      break;
    case 'csv': {
      const { csvToPages } = await import('./readers/csv');
      pages = csvToPages(decodeText(bytes), mimeType === 'text/tab-separated-values' ? '\t' : undefined);
      break;
    }
    case 'pdf': {
      const pdf = await readPdf(bytes, options, limits, deadline);
      pages = pdf.pages;
      ocr = pdf.ocr;
      break;
    }
    case 'image': {
      if (options.ocr === false)
        throw new UnreadableDocumentError('OCR is turned off, so images cannot be read.');
      const { imageSize, readImage } = await import('./readers/image');
      checkPixels(imageSize(bytes), limits, `The image (${mimeType})`);
      pages = await readImage(bytes, mimeType, options.ocrSettings);
      ocr = true;
      break;
    }
    case 'docx': {
      inspectZip(bytes, limits, { what: 'Word document' });
      const { readDocx } = await import('./readers/docx');
      pages = await readDocx(bytes);
      break;
    }
    case 'xlsx': {
      inspectZip(bytes, limits, { what: 'spreadsheet' });
      const { readXlsx } = await import('./readers/xlsx');
      pages = await readXlsx(bytes);
      break;
    }
    default:
      throw new UnreadableDocumentError(`Unsupported document type ${mimeType}`);
  }
  // Formats whose pages are only known once read (DOCX, XLSX, text) are held to the same limit,
  // and charged for what was read.
  checkPageCount(pages.length, limits, pages.length);
  return { kind: kind as DocumentKind, ...base, pages, ...(ocr ? { ocr } : {}) };
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: most such files are Windows-1252 / Latin-1.
    return new TextDecoder('latin1').decode(bytes);
  }
}

async function readPdf(
  bytes: Uint8Array,
  options: ReadOptions,
  limits: DocumentLimits,
  deadline: number,
): Promise<{ pages: Page[]; ocr: boolean }> {
  const doc = await openPdf(bytes);
  try {
    checkPageCount(doc.numPages, limits);
    const layer = await readPdfTextLayer(doc, () => checkDeadline(deadline, limits, 0));
    const needOcr = layer.filter((p) => p.chars < 8).map((p) => p.number);
    if (needOcr.length > 0 && options.ocr !== false) {
      if (needOcr.length > limits.maxOcrPages) {
        // The text layer was read: those pages are charged even though the document is refused.
        throw new DocumentLimitError(
          `${needOcr.length} pages have no text layer and need OCR; at most ${limits.maxOcrPages} are OCR'd per document.`,
          layer.length,
        );
      }
      const { ocrPdfPages } = await import('./readers/image');
      const ocred = await ocrPdfPages(doc, needOcr, {
        beforePage: (size, done) => {
          checkDeadline(deadline, limits, layer.length);
          checkPixels(size, limits, `Page ${done + 1} rendered for OCR`, layer.length);
        },
        ocr: options.ocrSettings,
      });
      for (const p of layer) if (ocred.has(p.number)) p.lines = ocred.get(p.number)!;
    }
    if (layer.every((p) => p.lines.length === 0)) {
      throw new UnreadableDocumentError(
        options.ocr === false
          ? 'The PDF has no text layer and OCR is turned off.'
          : 'No text could be read from the PDF: its pages are blank or unreadable scans.',
        // Every page was read (and OCR'd): the work is charged although nothing came of it.
        { pagesRead: options.ocr === false ? 0 : layer.length },
      );
    }
    const ocr = needOcr.length > 0 && options.ocr !== false;
    return { pages: layer.map((p) => ({ number: p.number, lines: p.lines })), ocr };
  } catch (error) {
    if (error instanceof UnreadableDocumentError || error instanceof DocumentLimitError) throw error;
    throw new UnreadableDocumentError(`The PDF could not be read: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    await doc.destroy().catch(() => {});
  }
}
