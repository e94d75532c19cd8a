import { describe, expect, it } from 'vitest';
import {
  docxBomb,
  manyEntriesZip,
  nestedZip,
  overlappingZip,
  pdfWithPages,
  pngOfSize,
  xlsxBomb,
} from '../../../tests/support/hostile-files';
import { UnreadableDocumentError } from './errors';
import { DEFAULT_DOCUMENT_LIMITS, DocumentLimitError } from './limits';
import { inspectDocument, readDocument } from './read';
import { inspectZip } from './zip-inspect';

const limits = DEFAULT_DOCUMENT_LIMITS;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );

describe('inspectDocument: limits before reading', () => {
  it('counts a PDF’s pages from its page tree and refuses too many before reading', async () => {
    expect(await inspectDocument({ bytes: pdfWithPages(3) })).toEqual({
      kind: 'pdf',
      mimeType: 'application/pdf',
      pages: 3,
    });
    const error = await refusal(inspectDocument({ bytes: pdfWithPages(10_000) }));
    expect(error).toBeInstanceOf(DocumentLimitError);
    expect((error as DocumentLimitError).message).toMatch(/10000 pages; at most 500/);
    expect((error as DocumentLimitError).pagesRead).toBe(0);
  });

  it('refuses an image over the pixel limit from its header alone', async () => {
    const png = pngOfSize(20_000, 20_000);
    expect(png.byteLength).toBeLessThan(20_000);
    const error = await refusal(inspectDocument({ bytes: png }));
    expect(error).toBeInstanceOf(DocumentLimitError);
    expect((error as Error).message).toMatch(/20000×20000 pixels/);
    expect(await inspectDocument({ bytes: pngOfSize(800, 600) })).toMatchObject({ kind: 'image', pages: 1 });
  });

  it('refuses DOCX and XLSX bombs by their ZIP directory', async () => {
    for (const [bytes, mimeType] of [
      [docxBomb(400_000), DOCX],
      [xlsxBomb(400_000), XLSX],
    ] as const) {
      expect(bytes.byteLength).toBeLessThan(200_000);
      const error = await refusal(inspectDocument({ bytes, mimeType }));
      expect(error).toBeInstanceOf(DocumentLimitError);
      expect((error as Error).message).toMatch(/inflates more than 100:1/);
      // Reading checks the same before inflating anything.
      expect(await refusal(readDocument({ bytes, mimeType }))).toBeInstanceOf(DocumentLimitError);
    }
  });
});

describe('inspectZip', () => {
  it('refuses overlapping entries, too many entries, nested archives, and damage', () => {
    const anyRatio = { ...limits, maxCompressionRatio: 1e9 };
    expect(() => inspectZip(overlappingZip(2), anyRatio, { what: 'ZIP' })).toThrow(/overlapping/);
    expect(() => inspectZip(manyEntriesZip(100_000), limits, { what: 'ZIP' })).toThrow(
      /entries; at most 10000/,
    );
    expect(() => inspectZip(nestedZip(), limits, { what: 'ZIP', refuseNestedArchives: true })).toThrow(
      /another archive \(inner\.zip\)/,
    );
    expect(inspectZip(nestedZip(), limits, { what: 'ZIP' })).toHaveLength(2);
    expect(() => inspectZip(new Uint8Array(100), limits, { what: 'ZIP' })).toThrow(UnreadableDocumentError);
  });

  it('counts inflated bytes across entries', () => {
    const small = { ...limits, maxInflatedBytes: 5 * 1024 * 1024, maxCompressionRatio: 1e9 };
    // 3 honest entries of 1 MB each, stored one after another: fine under 5 MB…
    expect(() => inspectZip(docxBomb(30_000), small, { what: 'Word document' })).not.toThrow();
    // …and 8 overlapping ones are refused for their size before their overlap is even looked at.
    expect(() => inspectZip(overlappingZip(8), small, { what: 'ZIP' })).toThrow(/inflates to more than 5 MB/);
  });
});

describe('readDocument: limits while reading', () => {
  it('refuses blank pages beyond the OCR limit after the text layer, charging those pages', async () => {
    const error = await refusal(readDocument({ bytes: pdfWithPages(300) }));
    expect(error).toBeInstanceOf(DocumentLimitError);
    expect((error as DocumentLimitError).message).toMatch(/300 pages have no text layer.*at most 100/);
    expect((error as DocumentLimitError).pagesRead).toBe(300);
  });

  it('stops at the time budget between pages', async () => {
    const bytes = pdfWithPages(50, { text: (n) => `Page ${n} of the report` });
    const error = await refusal(readDocument({ bytes }, { deadline: Date.now() - 1 }));
    expect(error).toBeInstanceOf(DocumentLimitError);
    expect((error as Error).message).toMatch(/longer than its 300 s budget/);
    const read = await readDocument({ bytes });
    expect(read.pages).toHaveLength(50);
    expect(read.pages[49].lines[0].text).toBe('Page 50 of the report');
  });

  it('refuses a DOCX whose pages, once read, are over the page limit, charging them', async () => {
    const error = await refusal(
      readDocument(
        { bytes: docxBomb(30_000), mimeType: DOCX },
        { limits: { ...limits, maxPages: 10, maxCompressionRatio: 1e9 } },
      ),
    );
    expect(error).toBeInstanceOf(DocumentLimitError);
    expect((error as DocumentLimitError).pagesRead).toBeGreaterThan(10);
  });
});
