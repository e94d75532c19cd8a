import { createHash } from 'node:crypto';
import { UnreadableDocumentError } from './errors';
import type { OcrLanguageOption } from './readers/image';
import { openPdf, readPdfTextLayer } from './readers/pdf';
import { textToPages } from './readers/text';
import type { DocumentKind, Page, ReadDocument, ReaderInput } from './types';

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
   * The OCR model: a tesseract language installed (`eng`, `deu`, `fra`, `spa`, `ita`), or `auto` to
   * read in English and again in the page's language when it detects another (default `eng`).
   */
  ocrLanguage?: OcrLanguageOption;
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
      const pdf = await readPdf(bytes, options);
      pages = pdf.pages;
      ocr = pdf.ocr;
      break;
    }
    case 'image': {
      if (options.ocr === false)
        throw new UnreadableDocumentError('OCR is turned off, so images cannot be read.');
      const { readImage } = await import('./readers/image');
      pages = await readImage(bytes, mimeType, options.ocrLanguage);
      ocr = true;
      break;
    }
    case 'docx': {
      const { readDocx } = await import('./readers/docx');
      pages = await readDocx(bytes);
      break;
    }
    case 'xlsx': {
      const { readXlsx } = await import('./readers/xlsx');
      pages = await readXlsx(bytes);
      break;
    }
    default:
      throw new UnreadableDocumentError(`Unsupported document type ${mimeType}`);
  }
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

async function readPdf(bytes: Uint8Array, options: ReadOptions): Promise<{ pages: Page[]; ocr: boolean }> {
  const doc = await openPdf(bytes);
  try {
    const layer = await readPdfTextLayer(doc);
    const needOcr = layer.filter((p) => p.chars < 8).map((p) => p.number);
    if (needOcr.length > 0 && options.ocr !== false) {
      const { ocrPdfPages } = await import('./readers/image');
      const ocred = await ocrPdfPages(doc, needOcr, options.ocrLanguage);
      for (const p of layer) if (ocred.has(p.number)) p.lines = ocred.get(p.number)!;
    }
    if (layer.every((p) => p.lines.length === 0)) {
      throw new UnreadableDocumentError(
        options.ocr === false
          ? 'The PDF has no text layer and OCR is turned off.'
          : 'No text could be read from the PDF: its pages are blank or unreadable scans.',
      );
    }
    const ocr = needOcr.length > 0 && options.ocr !== false;
    return { pages: layer.map((p) => ({ number: p.number, lines: p.lines })), ocr };
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw error;
    throw new UnreadableDocumentError(`The PDF could not be read: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    await doc.destroy().catch(() => {});
  }
}
