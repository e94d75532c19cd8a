import { and, eq, inArray } from 'drizzle-orm';
import type { DocumentInput, ValidationErrorItem } from '@/lib/contract/schemas';
import { documents } from '@/lib/db/schema/service';
import { documentLimits, ocrSettings } from '@/lib/env';
import { inspectIsolated, readIsolated } from '@/lib/isolation/readers';
import { toPointer } from '@/lib/service/body';
import type { ServiceContext } from '@/lib/service/context';
import { decodeBase64Content, documentType, type ResolvedDocument } from '@/lib/service/document-input';
import { readDocument, UnreadableDocumentError } from '@/lib/service/engine';
import { DocumentLimitError, type DocumentLimits } from '@/lib/service/engine/limits';
import type { Inspection } from '@/lib/service/engine/read';
import type { ReadDocument } from '@/lib/service/engine/types';
import { notFound, ServiceError } from '@/lib/service/errors';
import { billablePages, textDocumentPages } from '@/lib/service/pricing';

/**
 * How the service reads documents: first a cheap look at each (type, pages, pixels, ZIP
 * directory) so that the request can be priced and refused before any real work, then the
 * reading itself — both in reader processes (lib/isolation), never in the server.
 */

export const limitsOf = (ctx: ServiceContext): DocumentLimits => ctx.limits ?? documentLimits();

/** An inspection, or why the document cannot be read at all (it then costs nothing). */
export type Inspected = Inspection | UnreadableDocumentError;

const TEXT_INSPECTION: Inspection = { kind: 'text', mimeType: 'text/plain', pages: null };

/**
 * Looks at every document. One over a limit refuses the whole request before anything is read:
 * 400 DOCUMENT_TOO_LARGE naming the document, nothing charged.
 */
export async function inspectAll(ctx: ServiceContext, resolved: ResolvedDocument[]): Promise<Inspected[]> {
  const limits = limitsOf(ctx);
  return Promise.all(
    resolved.map(async (doc, index) => {
      if ('text' in doc.input) return TEXT_INSPECTION;
      try {
        return await inspectIsolated(doc.input, limits);
      } catch (error) {
        if (error instanceof DocumentLimitError) throw tooLarge(error, index);
        if (error instanceof UnreadableDocumentError) return error;
        throw error;
      }
    }),
  );
}

export function tooLarge(error: DocumentLimitError, index: number) {
  return new ServiceError(400, 'DOCUMENT_TOO_LARGE', `Document ${index + 1}: ${error.message}`, {
    document_index: index,
  });
}

export interface ReadOutcome {
  readable: ReadDocument[];
  /** Per input document, in request order; null where it could not be read. */
  all: (ReadDocument | null)[];
  problems: ValidationErrorItem[];
  /** Billable pages: those read, plus the work done on documents refused or unreadable after it. */
  pages: number;
}

function problemFor(
  doc: ResolvedDocument,
  index: number,
  error: UnreadableDocumentError | DocumentLimitError,
) {
  const name = doc.filename ? ` (${doc.filename})` : '';
  const problem: ValidationErrorItem = {
    path: '',
    code: error instanceof DocumentLimitError ? 'DOCUMENT_TOO_LARGE' : 'UNREADABLE_DOCUMENT',
    message:
      error instanceof DocumentLimitError
        ? `Document ${index + 1}${name} was refused: ${error.message}`
        : `Document ${index + 1}${name} could not be read: ${error.message}`,
    severity: 'error',
  };
  return problem;
}

/** Reads every document; an unreadable or refused one becomes an error item, never an exception. */
export async function readAll(
  ctx: ServiceContext,
  resolved: ResolvedDocument[],
  inspected: Inspected[],
): Promise<ReadOutcome> {
  const limits = limitsOf(ctx);
  const all = await Promise.all(
    resolved.map(async (doc, index) => {
      const inspection = inspected[index];
      try {
        if (inspection instanceof UnreadableDocumentError) throw inspection;
        // Plain text is split into lines in place; everything with bytes goes to a reader process.
        const read =
          'text' in doc.input
            ? await readDocument(doc.input, { limits })
            : await readIsolated(doc.input, {
                limits,
                pagesIfDied: inspection.pages ?? 1,
                ocrSettings: ocrSettings(),
              });
        return { doc: read, problem: null, charged: billablePages(read) };
      } catch (error) {
        if (!(error instanceof UnreadableDocumentError || error instanceof DocumentLimitError)) throw error;
        return { doc: null, problem: problemFor(doc, index, error), charged: error.pagesRead };
      }
    }),
  );
  const readable = all.flatMap((r) => (r.doc ? [r.doc] : []));
  return {
    readable,
    all: all.map((r) => r.doc),
    problems: all.flatMap((r) => (r.problem ? [r.problem] : [])),
    pages: all.reduce((n, r) => n + r.charged, 0),
  };
}

/**
 * Pages a queued request (async, batch item) is estimated at when it is accepted, so it can be
 * refused then: base64 documents are inspected (a PDF's pages counted from the PDF itself, limits
 * checked), stored documents have their pages, URLs count one until fetched.
 */
export async function estimateRequestPages(
  ctx: ServiceContext,
  accountId: string,
  docs: DocumentInput[],
  /** Where `docs` sits in the body, for error pointers: ['requests', 3, 'documents'] in a batch. */
  at: (string | number)[] = ['documents'],
): Promise<number> {
  const limits = limitsOf(ctx);
  let pages = 0;
  const ids: string[] = [];
  for (const [i, doc] of docs.entries()) {
    if ('text' in doc) pages += textDocumentPages(doc.text);
    else if ('content' in doc) {
      const bytes = decodeBase64Content(doc.content, toPointer([...at, i, 'content']));
      try {
        const inspection = await inspectIsolated(
          { bytes, filename: doc.filename, mimeType: doc.mime_type },
          limits,
        );
        pages += inspection.pages ?? 1;
      } catch (error) {
        if (error instanceof DocumentLimitError) throw tooLarge(error, i);
        if (!(error instanceof UnreadableDocumentError)) throw error;
        // Unreadable: it will fail when processed, and cost nothing.
      }
    } else if ('id' in doc && documentType(doc) === 'id') ids.push(doc.id);
    else pages += 1;
  }
  if (ids.length > 0) {
    const rows = await ctx.db
      .select({ id: documents.id, pages: documents.pages })
      .from(documents)
      .where(and(inArray(documents.id, ids), eq(documents.accountId, accountId)));
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      if (!row) throw notFound.document(id);
      pages += Math.max(1, row.pages);
    }
  }
  return pages;
}
