import { documentLimits, env, ocrSettings } from '@/lib/env';
import type { UnzippedFile } from '@/lib/isolation/protocol';
import { ReaderDiedError, ReaderFailedError, ReaderPool } from '@/lib/isolation/reader-pool';
import { UnreadableDocumentError } from '@/lib/service/engine/errors';
import { DocumentLimitError, type DocumentLimits } from '@/lib/service/engine/limits';
import type { Inspection } from '@/lib/service/engine/read';
import type { OcrSettings } from '@/lib/service/engine/readers/ocr-settings';
import type {
  ExtractionResult,
  ReadDocument,
  ReaderInput,
  StructureDefinition,
} from '@/lib/service/engine/types';
import { onShutdown } from '@/lib/shutdown';

/**
 * The server's way into the readers: every inspect, read and unzip of an uploaded file runs in
 * a reader process (lib/isolation/reader-pool.ts), with the document limits and a timeout, and
 * comes back as the engine's own errors — a reader that died is an unreadable document.
 */

/** Time to look at a document (page tree, header, ZIP directory) before reading it. */
const INSPECT_TIMEOUT_MS = 15_000;
/** On top of the document's own time budget, which the reader enforces between pages. */
const GRACE_MS = 10_000;
/** On top of the budget for the rules' search: a reader started for the job loads its code first. */
const EXTRACT_GRACE_MS = 3_000;

const holder = globalThis as typeof globalThis & { __emendReaderPool?: ReaderPool };

function pool(): ReaderPool {
  if (!holder.__emendReaderPool) {
    holder.__emendReaderPool = new ReaderPool({
      processes: env().EMEND_READER_PROCESSES,
      memoryMb: env().EMEND_READER_MEMORY_MB,
    });
    onShutdown('reader processes', closeReaders);
  }
  return holder.__emendReaderPool;
}

/**
 * Starts the reader processes ahead of the first document: reading any file and the rules' search
 * of every document (plain text too) run there. A failure here is only logged; the first job tries again.
 */
export async function warmReaders(): Promise<void> {
  try {
    await pool().warm();
  } catch (error) {
    console.warn(
      `[readers] could not start the reader processes ahead: ${error instanceof Error ? error.message : error}`,
    );
  }
}

/** Stops every reader process (shutdown, end of tests). */
export function closeReaders(): void {
  holder.__emendReaderPool?.close();
  holder.__emendReaderPool = undefined;
}

/** A reader that died is the document's fault; `pagesRead` is what its work is charged as. */
function asEngineError(error: unknown, diedPagesRead = 0): unknown {
  if (error instanceof ReaderDiedError) {
    return new UnreadableDocumentError(`The document could not be read: ${error.message}.`, {
      pagesRead: diedPagesRead,
    });
  }
  if (error instanceof ReaderFailedError) {
    const { kind, message, pagesRead } = error.failure;
    if (kind === 'limit') return new DocumentLimitError(message, pagesRead);
    if (kind === 'unreadable') return new UnreadableDocumentError(message, { pagesRead });
    // A reader that throws something else on a caller's bytes (a parser bug the file found) fails
    // that document like a reader that died — not the request; the details go to the log only.
    console.error('[readers] a reader failed unexpectedly:', message);
    return new UnreadableDocumentError('The document could not be read: its reader failed on it.', {
      pagesRead: diedPagesRead,
    });
  }
  return error;
}

export async function inspectIsolated(
  input: ReaderInput,
  limits: DocumentLimits = documentLimits(),
): Promise<Inspection> {
  try {
    return await pool().run({ op: 'inspect', input, limits }, INSPECT_TIMEOUT_MS);
  } catch (error) {
    throw asEngineError(error);
  }
}

/**
 * Reads a document in a reader process within its time budget. `pagesIfDied`: the pages charged
 * when the reader is killed (out of memory or time) — the pages inspected, since the work was done.
 * The OCR settings (default: this server's) travel with the job: a reader process reads no settings.
 */
export async function readIsolated(
  input: ReaderInput,
  options: {
    limits?: DocumentLimits;
    ocr?: boolean;
    ocrSettings?: OcrSettings;
    pagesIfDied?: number;
  } = {},
): Promise<ReadDocument> {
  const limits = options.limits ?? documentLimits();
  const deadline = Date.now() + limits.timeBudgetMs;
  try {
    return await pool().run(
      {
        op: 'read',
        input,
        options: { limits, deadline, ocr: options.ocr, ocrSettings: options.ocrSettings ?? ocrSettings() },
      },
      limits.timeBudgetMs + GRACE_MS,
    );
  } catch (error) {
    throw asEngineError(error, options.pagesIfDied ?? 0);
  }
}

/**
 * The rules' search for values in read documents, in a reader process: its cost grows with the
 * text (a flood of figures costs tens of µs a character), so it gets the document's time budget
 * and never the server's event loop. Over the budget or out of memory: DocumentLimitError.
 */
export async function extractIsolated(
  documents: ReadDocument[],
  structure: StructureDefinition,
  limits: DocumentLimits = documentLimits(),
): Promise<ExtractionResult> {
  try {
    return await pool().run({ op: 'extract', documents, structure }, limits.timeBudgetMs + EXTRACT_GRACE_MS);
  } catch (error) {
    if (error instanceof ReaderDiedError && error.reason === 'time') {
      const seconds = Math.round(limits.timeBudgetMs / 1000);
      throw new DocumentLimitError(`Finding the values took longer than the ${seconds} s budget.`);
    }
    if (error instanceof ReaderDiedError && error.reason === 'memory') {
      throw new DocumentLimitError('Finding the values needed more memory than a reader may use.');
    }
    // A rule that throws is a bug of ours, not the document's: it stays a server error.
    if (error instanceof ReaderFailedError)
      throw new Error(`Extraction failed: ${error.message}`, { cause: error });
    throw error;
  }
}

/** The files of a desk ZIP upload, unzipped in a reader process (never on the server's event loop). */
export async function unzipIsolated(
  zip: Uint8Array,
  options: { budgetBytes: number; maxFileBytes: number; limits?: DocumentLimits },
): Promise<UnzippedFile[]> {
  const limits = options.limits ?? documentLimits();
  try {
    return await pool().run({ op: 'unzip', zip, ...options, limits }, limits.timeBudgetMs);
  } catch (error) {
    const { UploadRefused } = await import('@/lib/desk/runs/uploads');
    if (error instanceof ReaderFailedError && error.failure.kind === 'refused') {
      throw new UploadRefused(error.failure.message);
    }
    if (error instanceof ReaderDiedError)
      throw new UploadRefused(`The ZIP could not be unpacked: ${error.message}.`);
    throw error;
  }
}
