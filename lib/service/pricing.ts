import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { deployments } from '@/lib/db/schema/service';
import { UnreadableDocumentError } from '@/lib/service/engine/errors';
import type { Inspection } from '@/lib/service/engine/read';
import type { ReadDocument, ReaderInput } from '@/lib/service/engine/types';

/**
 * The one place pages become euros (docs/v3-interface.md): a PDF page or an image is one page,
 * text is one page per 200 words (at least 1), and the price is the deployment's price per page
 * times pages, rounded to 4 decimals.
 */
const WORDS_PER_TEXT_PAGE = 200;
/** What a deployment that disappeared while an entry was queued is charged per page. */
const FALLBACK_PRICE_PER_PAGE = 0.1;

const textPages = (words: number) => Math.max(1, Math.ceil(words / WORDS_PER_TEXT_PAGE));
const wordsIn = (text: string) => text.match(/\S+/g)?.length ?? 0;
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Billable pages of a document that has been read. */
export function billablePages(doc: ReadDocument): number {
  if (doc.kind === 'text') {
    return textPages(doc.pages.flatMap((p) => p.lines).reduce((n, line) => n + wordsIn(line.text), 0));
  }
  return Math.max(1, doc.pages.length);
}

export function priceFor(pricePerPage: number, pages: number): number {
  return round4(pages * pricePerPage);
}

/** The price per page of a deployment, looked up again when a queued entry is finally processed. */
export async function pricePerPageOf(db: Db, deploymentId: string): Promise<number> {
  const [row] = await db
    .select({ pricePerPage: deployments.pricePerPage })
    .from(deployments)
    .where(eq(deployments.id, deploymentId));
  return row?.pricePerPage ?? FALLBACK_PRICE_PER_PAGE;
}

/**
 * Pages a request is estimated at before reading: a PDF's pages from its own page tree, one
 * per image, text by its words, at least one for formats only reading can count (DOCX, XLSX).
 * A document that cannot be read at all is estimated (and charged) at nothing.
 */
export function estimatedPages(
  resolved: { input: ReaderInput }[],
  inspected: (Inspection | UnreadableDocumentError)[],
): number {
  return resolved.reduce((n, doc, i) => {
    const inspection = inspected[i];
    if (inspection instanceof UnreadableDocumentError) return n;
    if ('text' in doc.input) return n + textPages(wordsIn(doc.input.text));
    return n + (inspection.pages ?? 1);
  }, 0);
}

/** A text document's billable pages, before it is read. */
export const textDocumentPages = (text: string) => textPages(wordsIn(text));
