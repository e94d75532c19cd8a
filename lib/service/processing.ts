import type { DocumentInput, ProcessedDocument, Source, ValidationErrorItem } from '@/lib/contract/schemas';
import type { ServiceContext } from '@/lib/service/context';
import { type ResolvedDocument, resolveDocuments } from '@/lib/service/documents';
import {
  entryStatusFor,
  readDocument,
  ruleExtractor,
  UnreadableDocumentError,
  validateExtraction,
} from '@/lib/service/engine';
import type { ReadDocument, StructureDefinition } from '@/lib/service/engine/types';
import { billablePages, priceFor } from '@/lib/service/pricing';

export interface ReadOutcome {
  readable: ReadDocument[];
  /** Per input document, in request order; null where it could not be read. */
  all: (ReadDocument | null)[];
  problems: ValidationErrorItem[];
  pages: number;
}

/** Reads every document; an unreadable one becomes an error item, never an exception. */
export async function readAll(resolved: ResolvedDocument[]): Promise<ReadOutcome> {
  const all = await Promise.all(
    resolved.map(async (doc, index) => {
      try {
        return { doc: await readDocument(doc.input), problem: null };
      } catch (error) {
        if (!(error instanceof UnreadableDocumentError)) throw error;
        const name = doc.filename ? ` (${doc.filename})` : '';
        const problem: ValidationErrorItem = {
          path: '',
          code: 'UNREADABLE_DOCUMENT',
          message: `Document ${index + 1}${name} could not be read: ${error.message}`,
          severity: 'error',
        };
        return { doc: null, problem };
      }
    }),
  );
  const readable = all.flatMap((r) => (r.doc ? [r.doc] : []));
  return {
    readable,
    all: all.map((r) => r.doc),
    problems: all.flatMap((r) => (r.problem ? [r.problem] : [])),
    pages: readable.reduce((n, doc) => n + billablePages(doc), 0),
  };
}

export interface ExtractionOutcome {
  status: 'completed' | 'completed_with_errors' | 'failed';
  data: Record<string, unknown>;
  errors: ValidationErrorItem[] | null;
  sources: Record<string, Source>;
  confidence: Record<string, number>;
  documents: ProcessedDocument[];
}

export function describeDocuments(resolved: ResolvedDocument[], read: ReadOutcome): ProcessedDocument[] {
  return resolved.map((doc, i) => {
    const r = read.all[i];
    return {
      type: doc.type,
      filename: doc.filename ?? r?.filename ?? null,
      mime_type: r?.mimeType ?? doc.mimeType,
      pages: r ? r.pages.length : 0,
      sha256: r?.sha256 ?? null,
    };
  });
}

/** Extracts and validates: the documents processed together as one unit. */
export async function extractAndValidate(
  resolved: ResolvedDocument[],
  read: ReadOutcome,
  structure: StructureDefinition,
): Promise<ExtractionOutcome> {
  const documents = describeDocuments(resolved, read);
  if (read.readable.length === 0) {
    return { status: 'failed', data: {}, errors: read.problems, sources: {}, confidence: {}, documents };
  }
  // Unreadable documents stay in place as empty ones so `sources[].document` is the request index.
  const inOrder = read.all.map(
    (doc): ReadDocument =>
      doc ?? { kind: 'text', mimeType: 'text/plain', filename: null, sha256: null, pages: [] },
  );
  const extracted = await ruleExtractor.extract(inOrder, structure);
  const found = Object.keys(extracted.sources).length > 0 || Object.keys(extracted.data).length > 0;
  const problems = found
    ? [...read.problems, ...validateExtraction(extracted.data, structure)]
    : [
        ...read.problems,
        {
          path: '',
          code: 'NOTHING_EXTRACTED',
          message: `Nothing matching the structure "${structure.name}" was found in the documents.`,
          severity: 'error' as const,
        },
      ];
  const errors = problems.length > 0 ? problems : null;
  return {
    status: entryStatusFor(errors, found),
    data: extracted.data,
    errors,
    sources: extracted.sources,
    confidence: extracted.confidence,
    documents,
  };
}

export interface ProcessRequest {
  accountId: string;
  inputs: DocumentInput[];
  structure: StructureDefinition;
  pricePerPage: number;
  /**
   * Settles the price once the pages are known, before extraction: the sync route debits here,
   * the queued job only checks the balance (it debits with its final write, exactly once).
   */
  pay(price: number): Promise<boolean>;
}

export type Processed =
  | { paid: true; price: number; outcome: ExtractionOutcome }
  | { paid: false; price: number };

/**
 * The one processing path of the sync route and the async/batch job: resolve the documents,
 * read them, price the pages read, let the caller settle the price, then extract and validate.
 */
export async function processDocuments(ctx: ServiceContext, request: ProcessRequest): Promise<Processed> {
  const resolved = await resolveDocuments(ctx, request.accountId, request.inputs);
  const read = await readAll(resolved);
  const price = priceFor(request.pricePerPage, read.pages);
  if (!(await request.pay(price))) return { paid: false, price };
  return { paid: true, price, outcome: await extractAndValidate(resolved, read, request.structure) };
}
