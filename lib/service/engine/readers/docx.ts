import { UnreadableDocumentError } from '../errors';
import type { Page } from '../types';
import { textToPages } from './text';

/** DOCX → its raw text (mammoth) → lines. Table cells come out one per paragraph. */
export async function readDocx(bytes: Uint8Array): Promise<Page[]> {
  const mammoth = await import('mammoth');
  try {
    const result = await (mammoth.default ?? mammoth).extractRawText({ buffer: Buffer.from(bytes) });
    // mammoth ends every paragraph with a blank line: one paragraph = one line, empty ones stay blank.
    return textToPages(result.value.replace(/\n\n/g, '\n'));
  } catch (error) {
    throw new UnreadableDocumentError(`The Word document could not be opened: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
