import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReaderDiedError, ReaderFailedError, ReaderPool } from '@/lib/isolation/reader-pool';
import { DEFAULT_DOCUMENT_LIMITS } from '@/lib/service/engine/limits';
import { readDocument } from '@/lib/service/engine/read';
import { pdfWithPages, zeroZip } from '../../tests/support/hostile-files';

const invoice = new Uint8Array(
  fs.readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/documents/invoice-basic.pdf')),
);
const scanned = new Uint8Array(
  fs.readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/documents/invoice-scanned.pdf')),
);
const limits = DEFAULT_DOCUMENT_LIMITS;

describe('ReaderPool', () => {
  const pool = new ReaderPool({ processes: 1, memoryMb: 400 });
  afterAll(() => pool.close());

  it('reads in a reader process exactly as in the server', async () => {
    const isolated = await pool.run({ op: 'read', input: { bytes: invoice }, options: { limits } }, 60_000);
    expect(isolated).toEqual(await readDocument({ bytes: invoice }));
  });

  it('brings a refusal back with its kind and the pages already read', async () => {
    const error = await pool
      .run({ op: 'read', input: { bytes: pdfWithPages(300) }, options: { limits } }, 60_000)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ReaderFailedError);
    expect((error as ReaderFailedError).failure).toMatchObject({ kind: 'limit', pagesRead: 300 });
  });

  it('renders scanned pages at the OCR scale the job carries (a reader reads no settings of its own)', async () => {
    // A one-pixel limit refuses the page once its render size is known, before any OCR: the
    // refusal names that size, which follows the scale sent with the job.
    const renderSize = async (pdfScale: number) => {
      const options = { limits: { ...limits, maxPixels: 1 }, ocrSettings: { pdfScale } };
      const error = await pool
        .run({ op: 'read', input: { bytes: scanned }, options }, 60_000)
        .catch((e) => e);
      expect(error).toBeInstanceOf(ReaderFailedError);
      const size = /is (\d+)×(\d+) pixels/.exec((error as ReaderFailedError).failure.message);
      return size ? [Number(size[1]), Number(size[2])] : null;
    };
    const [small, large] = [await renderSize(1), await renderSize(3)];
    expect(small).not.toBeNull();
    expect(large![0] / small![0]).toBeCloseTo(3, 1);
    expect(large![1] / small![1]).toBeCloseTo(3, 1);
  });

  it('kills a reader that runs out of time; the next job gets a fresh one', async () => {
    const input = { bytes: pdfWithPages(400, { text: (n) => `Page ${n}` }) };
    const error = await pool.run({ op: 'read', input, options: { limits } }, 1).catch((e) => e);
    expect(error).toBeInstanceOf(ReaderDiedError);
    expect((error as ReaderDiedError).reason).toBe('time');
    const again = await pool.run({ op: 'inspect', input: { bytes: invoice }, limits }, 60_000);
    expect(again).toMatchObject({ kind: 'pdf', pages: 1 });
  });

  it('kills a reader whose memory passes the cap; the server is untouched', async () => {
    // 600 MB of zeros in a small ZIP, with the archive limits lifted: only the memory cap is left.
    const zip = zeroZip(600 * 1024 * 1024);
    expect(zip.byteLength).toBeLessThan(8 * 1024 * 1024);
    const lifted = { ...limits, maxInflatedBytes: 2 ** 31, maxCompressionRatio: 1e9 };
    const before = process.memoryUsage().rss;
    const error = await pool
      .run({ op: 'unzip', zip, budgetBytes: 2 ** 31, maxFileBytes: 2 ** 31, limits: lifted }, 60_000)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ReaderDiedError);
    expect((error as ReaderDiedError).reason).toBe('memory');
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
    const again = await pool.run({ op: 'inspect', input: { bytes: invoice }, limits }, 60_000);
    expect(again).toMatchObject({ kind: 'pdf' });
  });
});
