import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { rng } from '@/scripts/corpus/random';
import { wornScan, wornScanParams } from '@/scripts/corpus/worn-scan';
import { readDocument, ruleExtractor, shutdownOcr, UnreadableDocumentError } from './index';

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/documents');
const fixture = async (name: string) => new Uint8Array(await readFile(path.join(FIXTURES, name)));
const invoice = seedDefinition('invoice');

const headerFields = {
  invoice_number: 'INV-2024-0042',
  issue_date: '2024-03-05',
  due_date: '2024-04-04',
  currency: 'EUR',
  subtotal: 1599.56,
  tax: 303.92,
  total: 1903.48,
};
const lineItems = [
  { description: 'Widget, large (blue)', quantity: 10, unit_price: 12.5, amount: 125 },
  { description: 'Assembly service', quantity: 3, unit_price: 80, amount: 240 },
  { description: 'Shipping and handling', quantity: 1, unit_price: 1234.56, amount: 1234.56 },
];

afterAll(async () => {
  await shutdownOcr();
});

describe('OCR (tesseract.js, offline English model)', () => {
  it('reads a PNG screenshot of an invoice', async () => {
    const doc = await readDocument({
      bytes: await fixture('invoice-basic.png'),
      filename: 'invoice-basic.png',
    });
    expect(doc.kind).toBe('image');
    expect(doc.mimeType).toBe('image/png');
    expect(doc.pages).toHaveLength(1);
    const { data, sources, confidence } = await ruleExtractor.extract([doc], invoice);
    expect(data).toMatchObject({ ...headerFields, line_items: lineItems });
    expect(data.buyer).toEqual({
      name: 'Globex Corporation',
      address: '742 Evergreen Terrace, Springfield, OR 97403',
    });
    const [x, y, w, h] = sources['/total'].bbox!;
    expect(x).toBeGreaterThan(0.6);
    expect(x + w).toBeLessThanOrEqual(1);
    expect(y + h).toBeLessThanOrEqual(1);
    expect(confidence['/total']).toBeGreaterThan(0.5);
  });

  it('OCRs a scanned PDF page (no text layer, slightly rotated, noisy)', async () => {
    const doc = await readDocument({ bytes: await fixture('invoice-scanned.pdf') });
    expect(doc.kind).toBe('pdf');
    const { data, sources } = await ruleExtractor.extract([doc], invoice);
    expect(data).toMatchObject({ ...headerFields, line_items: lineItems });
    expect(sources['/invoice_number'].page).toBe(1);
  });

  it('reads with another installed language model when asked, and marks the document as OCR', async () => {
    for (const language of ['deu', 'fra', 'auto'] as const) {
      const doc = await readDocument(
        { bytes: await fixture('invoice-scanned.pdf') },
        { ocrSettings: { language } },
      );
      expect(doc.ocr).toBe(true);
      const { data } = await ruleExtractor.extract([doc], invoice);
      expect(data.invoice_number, language).toBe(headerFields.invoice_number);
    }
  });

  it('reports a blank or damaged image as unreadable, without crashing', async () => {
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(400, 200);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 400, 200);
    const blank = new Uint8Array(canvas.toBuffer('image/png'));
    await expect(readDocument({ bytes: blank })).rejects.toThrow(UnreadableDocumentError);
    const truncated = (await fixture('invoice-basic.png')).subarray(0, 2000);
    await expect(readDocument({ bytes: truncated })).rejects.toThrow(/could not be|No text/);
    // Grain alone is no text, flattened or not.
    const grainy = createCanvas(1200, 1600);
    const gctx = grainy.getContext('2d');
    const pixels = gctx.getImageData(0, 0, 1200, 1600);
    const random = rng(5);
    for (let i = 0; i < pixels.data.length; i += 4) {
      pixels.data[i] = pixels.data[i + 1] = pixels.data[i + 2] = 215 + (random.next() - 0.5) * 50;
      pixels.data[i + 3] = 255;
    }
    gctx.putImageData(pixels, 0, 0);
    const noise = new Uint8Array(await grainy.encode('jpeg', 60));
    await expect(readDocument({ bytes: noise })).rejects.toThrow(/No text/);
  });

  it('reads a worn, grainy photo that tesseract alone takes for a picture', async () => {
    // Seed 7 of the worn-scan model: tesseract's layout analysis finds no text on this page at all.
    const worn = await wornScan(await fixture('invoice-basic.png'), wornScanParams(7));
    const doc = await readDocument({ bytes: worn, filename: 'invoice-photo.jpg' });
    const { data } = await ruleExtractor.extract([doc], invoice);
    // Worn as it is, most of it comes back (before, the page was refused as "No text").
    expect(data).toMatchObject({
      currency: 'EUR',
      total: headerFields.total,
      seller: { name: 'Acme Widgets GmbH' },
    });
    expect((data.line_items as { description: string }[]).map((i) => i.description)).toContain(
      'Assembly service',
    );
  });

  it('reads a worn photo again when tesseract left much of it unread', async () => {
    // Seed 14: tesseract reads parts of the page and leaves nine blocks of ink (7 % of it) unread;
    // its buyer and issue date were lost before the flattened copy was read.
    const worn = await wornScan(await fixture('invoice-basic.png'), wornScanParams(14));
    const doc = await readDocument({ bytes: worn, filename: 'invoice-photo.jpg' });
    const { data } = await ruleExtractor.extract([doc], invoice);
    expect(data).toMatchObject({
      ...headerFields,
      buyer: { name: 'Globex Corporation' },
    });
  });
});
