import { type DocumentInput, LIMITS } from '@/lib/contract/schemas';

// How a run's documents are cut into batch requests.

/** One document of a run, ready to send. */
export interface RunItemInput {
  document: DocumentInput;
  documentId: string | null;
  documentName: string;
  metadata: Record<string, unknown> | null;
}

/** A batch request body stays well below the service's 80 MB JSON cap. */
export const BATCH_BODY_BUDGET_CHARS = 60_000_000;

function itemChars(item: RunItemInput): number {
  const d = item.document as { content?: string; text?: string; url?: string };
  return (d.content?.length ?? 0) + (d.text?.length ?? 0) + (d.url?.length ?? 0) + 1_000;
}

/**
 * Splits a run's items into batches of at most 100 items and about 60 MB of JSON, keeping
 * their order. An item bigger than the budget goes alone (the service's own limits apply).
 */
export function planBatches<T extends RunItemInput>(
  items: T[],
  options: { maxItems?: number; maxChars?: number } = {},
): T[][] {
  const maxItems = options.maxItems ?? LIMITS.batchItems;
  const maxChars = options.maxChars ?? BATCH_BODY_BUDGET_CHARS;
  const chunks: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const item of items) {
    const size = itemChars(item);
    if (current.length > 0 && (current.length >= maxItems || chars + size > maxChars)) {
      chunks.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += size;
  }
  if (current.length) chunks.push(current);
  return chunks;
}
