import type { DocumentInput, ProcessedDocument, Source, ValidationErrorItem } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { extractIsolated } from '@/lib/isolation/readers';
import type { ServiceContext } from '@/lib/service/context';
import { type ResolvedDocument, resolveDocuments } from '@/lib/service/document-input';
import { entryStatusFor, validateExtraction } from '@/lib/service/engine';
import { DocumentLimitError, type DocumentLimits } from '@/lib/service/engine/limits';
import { fillWithLlm } from '@/lib/service/engine/llm-fallback';
import type {
  ExtractionResult,
  Extractor,
  ReadDocument,
  StructureDefinition,
} from '@/lib/service/engine/types';
import { applyMemory } from '@/lib/service/learning/learn';
import type { MemoryScope } from '@/lib/service/learning/memory-store';
import { configuredLlm } from '@/lib/service/llm';
import { estimatedPages, priceFor } from '@/lib/service/pricing';
import { inspectAll, limitsOf, type ReadOutcome, readAll } from '@/lib/service/reading';

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

/** An outcome with nothing extracted: `errors` say why. */
const failed = (errors: ValidationErrorItem[], documents: ProcessedDocument[]): ExtractionOutcome => ({
  status: 'failed',
  data: {},
  errors,
  sources: {},
  confidence: {},
  documents,
});

/** Extracts and validates: the documents processed together as one unit. */
export async function extractAndValidate(
  resolved: ResolvedDocument[],
  read: ReadOutcome,
  structure: StructureDefinition,
  /**
   * Beyond the rules: `memory`, where corrections' lessons are kept and recalled (they come first);
   * `llm`, the optional model asked about fields still missing or uncertain; `limits`, whose time
   * budget bounds the rules' search as it bounds reading.
   */
  engine: { memory?: { db: Db; scope: MemoryScope }; llm?: Extractor | null; limits?: DocumentLimits } = {},
): Promise<ExtractionOutcome> {
  const documents = describeDocuments(resolved, read);
  if (read.readable.length === 0) {
    return failed(read.problems, documents);
  }
  // Unreadable documents stay in place as empty ones so `sources[].document` is the request index.
  const inOrder = read.all.map(
    (doc): ReadDocument =>
      doc ?? { kind: 'text', mimeType: 'text/plain', filename: null, sha256: null, pages: [] },
  );
  let ruled: ExtractionResult;
  try {
    ruled = await extractIsolated(inOrder, structure, engine.limits);
  } catch (error) {
    if (!(error instanceof DocumentLimitError)) throw error;
    const stopped = {
      path: '',
      code: 'DOCUMENT_TOO_LARGE',
      message: `The documents were read, but extraction was stopped: ${error.message}`,
      severity: 'error' as const,
    };
    return failed([...read.problems, stopped], documents);
  }
  const { memory, llm } = engine;
  const recalled = memory ? await applyMemory(memory.db, memory.scope, inOrder, structure, ruled) : ruled;
  const extracted = llm
    ? await fillWithLlm(inOrder, structure, recalled, llm, (error) =>
        console.warn(`[service] LLM fallback skipped: ${error.message}`),
      )
    : recalled;
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
  /** The caller's tenant: learned anchors are kept per account and tenant. */
  tenantId: string | null;
  inputs: DocumentInput[];
  structure: StructureDefinition;
  pricePerPage: number;
  /** Whether the balance covers a price (the estimate before reading: refused before any work). */
  canAfford(price: number): Promise<boolean>;
  /**
   * Settles the price of the pages read, before extraction: the sync route debits here, the
   * queued job only checks the balance again (it debits with its final write, exactly once).
   */
  pay(price: number): Promise<boolean>;
}

export type Processed =
  | { paid: true; price: number; outcome: ExtractionOutcome }
  | { paid: false; price: number };

/**
 * The one processing path of the sync route and the async/batch job: resolve the documents,
 * inspect them (limits, pages) and check the estimate is affordable — all before any real work —
 * then read them, price the pages read, let the caller settle, extract and validate.
 */
export async function processDocuments(ctx: ServiceContext, request: ProcessRequest): Promise<Processed> {
  const resolved = await resolveDocuments(ctx, request.accountId, request.inputs);
  const inspected = await inspectAll(ctx, resolved);
  const estimate = priceFor(request.pricePerPage, estimatedPages(resolved, inspected));
  if (!(await request.canAfford(estimate))) return { paid: false, price: estimate };
  const read = await readAll(ctx, resolved, inspected);
  const price = priceFor(request.pricePerPage, read.pages);
  if (!(await request.pay(price))) return { paid: false, price };
  const scope = {
    accountId: request.accountId,
    tenantId: request.tenantId,
    structureId: request.structure.id,
  };
  return {
    paid: true,
    price,
    outcome: await extractAndValidate(resolved, read, request.structure, {
      memory: { db: ctx.db, scope },
      llm: configuredLlm(),
      limits: limitsOf(ctx),
    }),
  };
}
