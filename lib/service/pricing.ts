import { and, eq, inArray } from 'drizzle-orm';
import type { DocumentInput } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { deployments, documents } from '@/lib/db/schema/service';
import { toPointer } from '@/lib/service/body';
import { decodeBase64Content, documentType } from '@/lib/service/documents';
import type { ReadDocument } from '@/lib/service/engine/types';
import { notFound } from '@/lib/service/errors';

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

/** Pages a request will be billed for, estimated before any document is read. */
export async function estimatePages(
  db: Db,
  accountId: string,
  docs: DocumentInput[],
  /** Where `docs` sits in the body, for error pointers: ['requests', 3, 'documents'] in a batch. */
  at: (string | number)[] = ['documents'],
): Promise<number> {
  let pages = 0;
  const ids: string[] = [];
  for (const [i, doc] of docs.entries()) {
    if ('text' in doc) pages += textPages(wordsIn(doc.text));
    else if ('content' in doc) {
      const bytes = decodeBase64Content(doc.content, toPointer([...at, i, 'content']));
      const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
      // A PDF's page objects, counted without parsing; anything else is one page.
      pages +=
        head === '%PDF-'
          ? Math.max(
              1,
              Buffer.from(bytes)
                .toString('latin1')
                .match(/\/Type\s*\/Page\b/g)?.length ?? 1,
            )
          : 1;
    } else if ('id' in doc && documentType(doc) === 'id') ids.push(doc.id);
    else pages += 1;
  }
  if (ids.length > 0) {
    const rows = await db
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
