import { and, eq } from 'drizzle-orm';
import type { DocumentInput } from '@/lib/contract/schemas';
import { documents } from '@/lib/db/schema/service';
import { fetchDocumentFromUrl, UrlFetchError } from '@/lib/net/safe-fetch';
import type { ServiceContext } from '@/lib/service/context';
import type { ReaderInput } from '@/lib/service/engine/types';
import { notFound, ServiceError, validationError } from '@/lib/service/errors';

/** A document input turned into something a reader can take, with what we know about it. */
export interface ResolvedDocument {
  type: string;
  input: ReaderInput;
  filename: string | null;
  mimeType: string | null;
}

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

export function decodeBase64Content(content: string, pointer: string): Uint8Array {
  if (content.startsWith('data:')) {
    throw validationError('Invalid document', [
      {
        path: pointer,
        message: 'Send the raw base64 string without a data-URI prefix (data:<mime>;base64,).',
      },
    ]);
  }
  const compact = content.replace(/\s+/g, '');
  if (!base64Pattern.test(compact) || compact.length % 4 === 1) {
    throw validationError('Invalid document', [{ path: pointer, message: 'content is not valid base64.' }]);
  }
  return new Uint8Array(Buffer.from(compact, 'base64'));
}

/** Which variant an input is: `type` decides for URL documents, the fields present otherwise. */
export function documentType(doc: DocumentInput): 'text' | 'base64' | 'id' | 'url' {
  if ('text' in doc) return 'text';
  if ('content' in doc) return 'base64';
  if ('url' in doc) return 'url';
  return 'id';
}

export async function resolveDocument(
  ctx: ServiceContext,
  accountId: string,
  doc: DocumentInput,
  index: number,
): Promise<ResolvedDocument> {
  const type = documentType(doc);
  if ('text' in doc) return { type, input: { text: doc.text }, filename: null, mimeType: 'text/plain' };
  if ('content' in doc) {
    const bytes = decodeBase64Content(doc.content, `/documents/${index}/content`);
    const meta = { filename: doc.filename ?? null, mimeType: doc.mime_type ?? null };
    return { type, input: { bytes, ...meta }, ...meta };
  }
  if ('url' in doc) {
    try {
      const fetched = await fetchDocumentFromUrl(doc.url, { allowHosts: ctx.allowHosts });
      const meta = { filename: fetched.filename ?? null, mimeType: fetched.contentType ?? null };
      return { type: doc.type, input: { bytes: fetched.bytes, ...meta }, ...meta };
    } catch (error) {
      if (error instanceof UrlFetchError) {
        throw new ServiceError(400, error.code, error.message, { document_index: index, url: doc.url });
      }
      throw error;
    }
  }
  const [row] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, doc.id), eq(documents.accountId, accountId)));
  if (!row) throw notFound.document(doc.id);
  const bytes = await ctx.blobs.get(row.blobKey);
  return {
    type: 'id',
    input: { bytes, mimeType: row.mimeType, filename: row.filename },
    filename: row.filename,
    mimeType: row.mimeType,
  };
}

export function resolveDocuments(ctx: ServiceContext, accountId: string, docs: DocumentInput[]) {
  return Promise.all(docs.map((doc, i) => resolveDocument(ctx, accountId, doc, i)));
}
