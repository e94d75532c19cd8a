import { eq } from 'drizzle-orm';
import type { ProcessedDocument, Source, ValidationErrorItem } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { deployments } from '@/lib/db/schema/service';
import type { ResolvedDocument } from '@/lib/service/documents';
import {
  entryStatusFor,
  readDocument,
  ruleExtractor,
  UnreadableDocumentError,
  validateExtraction,
} from '@/lib/service/engine';
import type { ReadDocument, StructureDefinition } from '@/lib/service/engine/types';

const WORDS_PER_TEXT_PAGE = 200;

/** Billable pages: one per PDF page or image, one per 200 words of text (at least 1). */
export function billablePages(doc: ReadDocument): number {
  if (doc.kind === 'text') {
    const words = doc.pages
      .flatMap((p) => p.lines)
      .reduce((n, line) => n + (line.text.match(/\S+/g)?.length ?? 0), 0);
    return Math.max(1, Math.ceil(words / WORDS_PER_TEXT_PAGE));
  }
  return Math.max(1, doc.pages.length);
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Price in EUR (docs/v3-interface.md): the deployment's price per page times pages. */
export function priceFor(pricePerPage: number, pages: number): number {
  return round4(pages * pricePerPage);
}

export async function priceOf(db: Db, deploymentId: string, pages: number): Promise<number> {
  const [row] = await db
    .select({ pricePerPage: deployments.pricePerPage })
    .from(deployments)
    .where(eq(deployments.id, deploymentId));
  return priceFor(row?.pricePerPage ?? 0.1, pages);
}

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
