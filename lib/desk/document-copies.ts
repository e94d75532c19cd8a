import { eq } from 'drizzle-orm';
import { BlobNotFoundError, blobStoreFor } from '@/lib/blobs';
import type { Db } from '@/lib/db/client';
import { documents } from '@/lib/db/schema/desk';
import { PURGED_BLOB_KEY } from '@/lib/retention';

export type DeskDocument = typeof documents.$inferSelect;

/** Keeps a copy of what the reviewer sent, to show it beside the extracted data. */
export async function storeDocument(
  db: Db,
  input: { bytes: Uint8Array; filename: string; mimeType: string; uploadedBy: string | null },
): Promise<DeskDocument> {
  const { key, sha256 } = await blobStoreFor('desk').put(input.bytes);
  const [row] = await db
    .insert(documents)
    .values({
      filename: input.filename,
      mimeType: input.mimeType,
      sizeBytes: input.bytes.byteLength,
      sha256,
      blobKey: key,
      uploadedBy: input.uploadedBy,
    })
    .returning();
  return row;
}

export async function findDocument(db: Db, id: string): Promise<DeskDocument | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row ?? null;
}

export async function readDocumentBytes(doc: DeskDocument): Promise<Uint8Array> {
  return blobStoreFor('desk').get(liveKey(doc));
}

/** The document's blob key; BlobNotFoundError once retention removed its file (lib/retention.ts). */
function liveKey(doc: DeskDocument): string {
  if (doc.blobKey === PURGED_BLOB_KEY) throw new BlobNotFoundError(doc.id);
  return doc.blobKey;
}

/** The document's bytes as a stream with their size, for serving it without buffering. */
export async function openDocumentStream(doc: DeskDocument) {
  return blobStoreFor('desk').getStream(liveKey(doc));
}
