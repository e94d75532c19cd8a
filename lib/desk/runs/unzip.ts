import { unzipSync } from 'fflate';
import { UploadRefused } from '@/lib/desk/runs/uploads';
import { UnreadableDocumentError } from '@/lib/service/engine/errors';
import type { DocumentLimits } from '@/lib/service/engine/limits';
import { DocumentLimitError } from '@/lib/service/engine/limits';
import { inspectZip } from '@/lib/service/engine/zip-inspect';

/**
 * The files inside a desk ZIP upload. Runs in a reader process (lib/isolation): the directory is
 * checked first (entries, inflated bytes, ratio, overlapping entries, archives inside the
 * archive), then each file against the per-file cap and the upload's remaining budget, and the
 * inflated total again after. Folders, dot files and macOS resource forks are skipped.
 */
export function unzipFiles(
  zip: Uint8Array,
  options: { budgetBytes: number; maxFileBytes: number; limits: DocumentLimits },
): { name: string; bytes: Uint8Array }[] {
  const { budgetBytes, maxFileBytes } = options;
  try {
    inspectZip(zip, options.limits, { what: 'ZIP', refuseNestedArchives: true });
  } catch (error) {
    if (error instanceof DocumentLimitError || error instanceof UnreadableDocumentError) {
      throw new UploadRefused(error.message);
    }
    throw error;
  }
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
        if (file.originalSize > maxFileBytes) {
          refused = `${file.name} in the ZIP is larger than ${maxFileBytes / 1024 / 1024} MB.`;
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
