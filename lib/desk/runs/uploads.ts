import { UserFacingError } from '@/lib/user-facing-error';
// What a run may be made of: allowed document types, size limits, ZIP archives.

/** Per file (its base64 stays under the service's 70,000,000-character limit). */
export const MAX_RUN_FILE_BYTES = 50 * 1024 * 1024;
/** Per upload, files and fields together. */
export const MAX_RUN_UPLOAD_BYTES = 200 * 1024 * 1024;
/** Documents in one run (≤ 100 per batch, several batches). */
export const MAX_RUN_ITEMS = 1_000;

const textExtensions: Record<string, string> = {
  txt: 'text/plain',
  text: 'text/plain',
  md: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
};
/** Types the engine reads, as detected from the bytes. */
const allowedDetected = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/tiff',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

/**
 * The document's type from its bytes (magic numbers), else text by extension when the bytes
 * are valid UTF-8. Null: not a type the service reads, refused before anything is stored.
 */
export async function detectDocumentType(bytes: Uint8Array, filename: string): Promise<string | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return allowedDetected.has(detected.mime) ? detected.mime : null;
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  const text = textExtensions[ext];
  if (!text) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 64 * 1024));
    return text;
  } catch {
    return null;
  }
}

/** A ZIP or file the run cannot take; the message says why (it is shown under the files field). */
export class UploadRefused extends UserFacingError {}

/**
 * The files inside a ZIP, within the per-file cap and the upload's remaining budget: unpacked in
 * a reader process (lib/desk/runs/unzip.ts there), so a ZIP bomb never blocks or bloats the server.
 */
export async function unzipDocuments(
  zip: Uint8Array,
  budgetBytes: number,
): Promise<{ name: string; bytes: Uint8Array }[]> {
  const { unzipIsolated } = await import('@/lib/isolation/readers');
  return unzipIsolated(zip, { budgetBytes, maxFileBytes: MAX_RUN_FILE_BYTES });
}
