import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrTextLayer } from '@/lib/desk/ocr-text-layer';
import { closeReaders } from '@/lib/isolation/readers';

const fixture = (name: string) =>
  new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/documents', name)));

describe('the OCR text layer of a document the desk keeps', () => {
  afterAll(() => closeReaders());

  it('gives an image its words, positioned on the page, line by line', async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      return { bytes: fixture('invoice-basic.png'), mimeType: 'image/png', filename: 'invoice-basic.png' };
    };
    const layer = await ocrTextLayer('00000000-0000-4000-8000-000000000001', load);
    expect(layer.ocr).toBe(true);
    expect(layer.pages).toHaveLength(1);
    const words = layer.pages[0].lines.flat();
    expect(words.map((w) => w.text).join(' ')).toMatch(/invoice/i);
    for (const { bbox } of words) {
      const [x, y, w, h] = bbox;
      expect(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= 1.0001 && y + h <= 1.0001).toBe(true);
    }
    // Lines run top to bottom.
    const tops = layer.pages[0].lines.map((line) => line[0].bbox[1]);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    // Read once, then answered from memory.
    await ocrTextLayer('00000000-0000-4000-8000-000000000001', load);
    expect(loads).toBe(1);
  }, 60_000);

  it('lays nothing over a PDF with a text layer of its own', async () => {
    const layer = await ocrTextLayer('00000000-0000-4000-8000-000000000002', async () => ({
      bytes: fixture('invoice-basic.pdf'),
      mimeType: 'application/pdf',
      filename: 'invoice-basic.pdf',
    }));
    expect(layer).toEqual({ ocr: false, pages: [] });
  }, 60_000);

  it('fails clearly on a file that is no image, and tries again next time', async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      return { bytes: new TextEncoder().encode('not a picture'), mimeType: 'image/png', filename: 'x.png' };
    };
    await expect(ocrTextLayer('00000000-0000-4000-8000-000000000003', load)).rejects.toThrow();
    await expect(ocrTextLayer('00000000-0000-4000-8000-000000000003', load)).rejects.toThrow();
    expect(loads).toBe(2);
  }, 60_000);
});
