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
 * The files inside a ZIP, within the per-file cap and the upload's remaining budget (sizes
 * are checked from the archive's directory before anything is inflated, and again after).
 * Folders, dot files and macOS resource forks are skipped.
 */
export async function unzipDocuments(
  zip: Uint8Array,
  budgetBytes: number,
): Promise<{ name: string; bytes: Uint8Array }[]> {
  const { unzipSync } = await import('fflate');
  let planned = 0;
  let refused: string | null = null;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        const base = file.name.split('/').pop() ?? '';
        if (file.name.endsWith('/') || !base || base.startsWith('.') || file.name.startsWith('__MACOSX/')) {
          return false;
        }
        if (file.originalSize > MAX_RUN_FILE_BYTES) {
          refused = `${file.name} in the ZIP is larger than ${MAX_RUN_FILE_BYTES / 1024 / 1024} MB.`;
          return false;
        }
        planned += file.originalSize;
        if (planned > budgetBytes) {
          refused = `The ZIP's files add up to more than ${Math.round(budgetBytes / 1024 / 1024)} MB.`;
          return false;
        }
        return true;
      },
    });
  } catch (error) {
    throw new UploadRefused(`The ZIP could not be read: ${(error as Error).message}`);
  }
  if (refused) throw new UploadRefused(refused);
  const out = Object.entries(files).map(([name, bytes]) => ({ name: name.split('/').pop() ?? name, bytes }));
  if (out.reduce((n, f) => n + f.bytes.byteLength, 0) > budgetBytes) {
    throw new UploadRefused('The ZIP inflates to more than the upload allows.');
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}
