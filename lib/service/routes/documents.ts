import { and, desc, eq } from 'drizzle-orm';
import { sha256Hex } from '@/lib/blobs';
import { base64DocumentSchema, type UploadedDocument } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { documents } from '@/lib/db/schema/service';
import { inspectIsolated } from '@/lib/isolation/readers';
import { MAX_JSON_BODY_BYTES, parseWith, readJsonBody, readServiceForm } from '@/lib/service/body';
import { decodeBase64Content } from '@/lib/service/document-input';
import { UnreadableDocumentError } from '@/lib/service/engine';
import { DocumentLimitError } from '@/lib/service/engine/limits';
import type { Inspection } from '@/lib/service/engine/read';
import { validationError } from '@/lib/service/errors';
import { limitsOf, tooLarge } from '@/lib/service/reading';
import { errors, json, ref } from '@/lib/service/routes/openapi-parts';
import type { ServiceRoutes } from '@/lib/service/routes/resource';

/**
 * `POST /v3/documents`: upload once, process by `{type: 'id', id}` later. Multipart `file`,
 * or JSON shaped like a base64 document. The document is inspected now (in a reader process:
 * type, pages from the document itself, limits), so a file that cannot be opened or is over a
 * limit is refused at upload; it is read — and charged — when a request processes it.
 */
export const documentRoutes: ServiceRoutes = {
  paths: {
    '/v3/documents': {
      post: {
        summary: 'Upload a document',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
            },
            'application/json': { schema: ref('UploadJson') },
          },
        },
        responses: {
          '201': { description: 'Stored', ...json('UploadedDocument') },
          ...errors(400, 401, 413, 415, 422),
        },
      },
    },
  },

  register(app, context) {
    app.post('/documents', async (c) => {
      const ctx = await context();
      const account = c.get('account');
      const type = c.req.header('content-type') ?? '';
      let upload: { bytes: Uint8Array; filename: string | null; mimeType: string | null };
      if (type.startsWith('multipart/form-data')) {
        const form = await readServiceForm(c, MAX_JSON_BODY_BYTES);
        const file = form.get('file');
        if (!(file instanceof File) || file.size === 0) {
          throw validationError('No file uploaded.', [
            { path: '/file', message: 'Send the document as the `file` part.' },
          ]);
        }
        upload = {
          bytes: new Uint8Array(await file.arrayBuffer()),
          filename: file.name || null,
          mimeType: file.type || null,
        };
      } else {
        const body = parseWith(base64DocumentSchema.strict(), await readJsonBody(c));
        upload = {
          bytes: decodeBase64Content(body.content, '/content'),
          filename: body.filename ?? null,
          mimeType: body.mime_type ?? null,
        };
      }

      // The account sent these bytes before: the stored document is the answer (one copy each).
      const stored = await findStoredDocument(ctx.db, account.id, sha256Hex(upload.bytes));
      if (stored) return c.json(uploadedDocumentDto(stored), 201);

      let inspection: Inspection;
      try {
        inspection = await inspectIsolated(upload, limitsOf(ctx));
      } catch (error) {
        if (error instanceof DocumentLimitError) throw tooLarge(error, 0);
        if (error instanceof UnreadableDocumentError) {
          throw validationError('The document cannot be read.', [{ path: '/file', message: error.message }]);
        }
        throw error;
      }
      const { key, sha256 } = await ctx.blobs.put(upload.bytes);
      const [row] = await ctx.db
        .insert(documents)
        .values({
          accountId: account.id,
          filename: upload.filename,
          mimeType: inspection.mimeType,
          sizeBytes: upload.bytes.byteLength,
          pages: inspection.pages ?? 1,
          sha256,
          blobKey: key,
        })
        .returning();
      return c.json(uploadedDocumentDto(row), 201);
    });
  },
};

function uploadedDocumentDto(row: typeof documents.$inferSelect): UploadedDocument {
  return {
    id: row.id,
    filename: row.filename,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    pages: row.pages,
    sha256: row.sha256,
    created_at: row.createdAt.toISOString(),
  };
}

async function findStoredDocument(db: Db, accountId: string, sha256: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.accountId, accountId), eq(documents.sha256, sha256)))
    .orderBy(desc(documents.createdAt))
    .limit(1);
  return row ?? null;
}
