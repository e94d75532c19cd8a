import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { rng } from '@/scripts/corpus/random';
import { normalizeForOcr, readImage, shutdownOcr } from './image';

afterAll(async () => {
  await shutdownOcr();
});

const ROWS = [
  ['Steel bracket', '3', '12.50'],
  ['Copper wire', '1', '7.25'],
  ['Network switch', '4', '189.00'],
  ['Laptop stand', '2', '45.90'],
  ['Toner cartridge', '5', '63.10'],
  ['Design workshop', '1', '950.00'],
];

/** A blank page of `paper` colour to draw on. */
function blankPage(width: number, height: number, paper: string) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, width, height);
  return { canvas, ctx };
}

/** A scanner's grain over the whole page: the sum of three uniforms, about ±12 grey levels (seeded, the same every run). */
function withGrain(ctx: ReturnType<typeof blankPage>['ctx'], width: number, height: number) {
  const image = ctx.getImageData(0, 0, width, height);
  const { next } = rng(7);
  for (let i = 0; i < image.data.length; i += 4) {
    const v = Math.max(0, Math.min(255, image.data[i] + (next() + next() + next() - 1.5) * 24));
    image.data[i] = v;
    image.data[i + 1] = v;
    image.data[i + 2] = v;
  }
  ctx.putImageData(image, 0, 0);
}

/**
 * A scanned-looking table page: a wide table (so a skewed row drifts more than a line height from
 * one edge to the other), turned by `degrees` about the page centre, with a few specks of dust.
 */
function tablePage(degrees: number): Uint8Array {
  const width = 1600;
  const height = 900;
  const { canvas, ctx } = blankPage(width, height, '#f0eee8');
  ctx.translate(width / 2, height / 2);
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.fillStyle = '#111';
  ctx.font = '26px DejaVu Sans';
  ctx.fillText('Description', 80, 150);
  ctx.fillText('Qty', 1000, 150);
  ctx.fillText('Price', 1380, 150);
  ROWS.forEach(([description, qty, price], i) => {
    const y = 220 + i * 48;
    ctx.fillText(description, 80, y);
    ctx.fillText(qty, 1020, y);
    ctx.fillText(price, 1380, y);
  });
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  for (let i = 0; i < 60; i++) ctx.fillRect((i * 397) % width, (i * 211) % height, 2, 2);
  return new Uint8Array(canvas.toBuffer('image/png'));
}

describe('readImage on a skewed scan', () => {
  it('keeps each table row on one line when the page is turned by 1.2°', async () => {
    const [page] = await readImage(tablePage(1.2), 'image/png');
    for (const [description, qty, price] of ROWS) {
      const row = page.lines.find((l) => l.text.includes(description));
      expect(row, description).toBeDefined();
      // The row is whole: description, quantity and price side by side (the price's digits are
      // OCR's business, its place in the row is the layout's).
      expect(row!.spans.map((s) => s.text)).toEqual([description, qty, expect.stringMatching(/\d/)]);
      expect(price).toMatch(/\d/);
    }
  }, 60_000);
});

/**
 * A scanner's copy of a table whose header row is shaded: grey paper, a grey band a little darker
 * under bold captions, and grain over all of it (seeded, the same every run).
 */
function shadedHeaderScan(): Uint8Array {
  const width = 1240;
  const height = 700;
  const { canvas, ctx } = blankPage(width, height, '#ebebeb');
  const edges = [90, 190, 560, 760, 900, 1040, 1160];
  const top = 200;
  const rowHeight = 34;
  ctx.fillStyle = '#ababab';
  ctx.fillRect(edges[0], top, edges[6] - edges[0], rowHeight);
  ctx.strokeStyle = '#222';
  for (let r = 0; r <= SHADED_TABLE.length; r++) {
    ctx.beginPath();
    ctx.moveTo(edges[0], top + r * rowHeight);
    ctx.lineTo(edges[6], top + r * rowHeight);
    ctx.stroke();
  }
  for (const x of edges) {
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + SHADED_TABLE.length * rowHeight);
    ctx.stroke();
  }
  ctx.fillStyle = '#111';
  SHADED_TABLE.forEach((row, r) => {
    ctx.font = r === 0 ? 'bold 17px DejaVu Serif' : '17px DejaVu Serif';
    for (const [i, text] of row.entries()) ctx.fillText(text, edges[i] + 12, top + r * rowHeight + 23);
  });
  ctx.fillText('Invoice to: Calder Builders Ltd, Mill Lane, Halifax HX1 2AB', 90, 120);
  withGrain(ctx, width, height);
  return new Uint8Array(canvas.toBuffer('image/png'));
}

const SHADED_TABLE = [
  ['Qty', 'Description', 'Unit Price', 'Net', 'VAT', 'Gross'],
  ['2', 'Breaker hire, 1 week', '£85.00', '£170.00', '£34.00', '£204.00'],
  ['1', 'Delivery and collection', '£40.00', '£40.00', '£8.00', '£48.00'],
];

describe('readImage on a scan with a shaded table header', () => {
  it('reads the captions on the shaded band (a threshold per neighbourhood, not one per page)', async () => {
    // With one threshold for the whole page, the band and its captions went black: no caption was read.
    const [page] = await readImage(shadedHeaderScan(), 'image/png');
    const header = page.lines.find((l) => l.text.includes('Description'));
    expect(header?.text).toMatch(/Description Unit Price Net VAT Gross$/);
  }, 60_000);
});

/**
 * A scanner's copy of a strip of boxed references, each value under a tiny grey capital caption
 * (9 px, as a 6 pt caption scans), thin grey borders, grain over all of it. Tesseract's whole-page
 * pass read every value and none of the captions.
 */
function captionStripScan(): Uint8Array {
  const width = 1500;
  const height = 520;
  const { canvas, ctx } = blankPage(width, height, '#ebebeb');
  ctx.fillStyle = '#111';
  ctx.font = '20px DejaVu Sans';
  ctx.fillText('Harbour Supplies Ltd, 14 Quay Street, Bristol BS1 4DJ', 70, 80);
  ctx.font = 'bold 30px DejaVu Sans';
  ctx.fillText('INVOICE', 70, 150);
  CAPTIONED.forEach(([caption, value], i) => {
    const x = 70 + i * 340;
    ctx.strokeStyle = '#999';
    ctx.lineWidth = 1;
    ctx.strokeRect(x, 190, 330, 58);
    ctx.fillStyle = '#7a7a7a';
    ctx.font = '9px DejaVu Sans';
    ctx.fillText(caption, x + 8, 203);
    ctx.fillStyle = '#111';
    ctx.font = '20px DejaVu Sans';
    ctx.fillText(value, x + 8, 236);
  });
  ctx.fillText('Harbour crane hire, 2 days', 70, 360);
  ctx.fillText('1,240.00', 1250, 360);
  withGrain(ctx, width, height);
  return new Uint8Array(canvas.toBuffer('image/png'));
}

const CAPTIONED = [
  ['INVOICE NO.', 'HS-40917'],
  ['INVOICE DATE', '13/03/2024'],
  ['DUE DATE', '12/04/2024'],
  ['CURRENCY', 'GBP'],
];

describe('readImage on a scan with fine captions over boxed values', () => {
  it('reads the captions too, on their own line over the values (small print read again)', async () => {
    const [page] = await readImage(captionStripScan(), 'image/png');
    const values = page.lines.findIndex((l) => l.text.includes('HS-40917'));
    expect(page.lines[values]?.text).toMatch(/HS-40917 13\/03\/2024 12\/04\/2024 GBP/);
    const captions = page.lines[values - 1]?.text;
    expect(captions).toMatch(/^invoice no\./i);
    expect(captions).toMatch(/DUE DATE CURRENCY$/);
  }, 60_000);
});

describe('readImage on dashes between words', () => {
  it('keeps a hyphen, an en dash and an em dash that stand between words, each as itself', async () => {
    const { canvas, ctx } = blankPage(1400, 400, '#eeece6');
    ctx.fillStyle = '#111';
    ctx.font = '26px DejaVu Sans';
    ctx.fillText('Hartmann Logistik GmbH – Lager Nord', 80, 100);
    ctx.fillText('Consulting - March 2024', 80, 170);
    ctx.fillText('Unit 7 — Dock Road', 80, 240);
    const [page] = await readImage(new Uint8Array(canvas.toBuffer('image/png')), 'image/png');
    expect(page.lines.map((l) => l.text)).toEqual([
      'Hartmann Logistik GmbH – Lager Nord',
      'Consulting - March 2024',
      'Unit 7 — Dock Road',
    ]);
  });
});

/**
 * A narrow till receipt as a 150 dpi scanner leaves it (grey paper, grain): a bold heading over
 * small print. The page is enlarged three times for OCR.
 */
function receiptScan(): Uint8Array {
  const { canvas, ctx } = blankPage(520, 420, '#e9e7e1');
  ctx.fillStyle = '#151515';
  ctx.font = 'bold 30px DejaVu Sans';
  ctx.fillText('Supermercado El Sol', 40, 70);
  ctx.font = '15px DejaVu Sans';
  ctx.fillText('Calle Alcalá 120, 28009 Madrid', 40, 120);
  ctx.fillText('Ticket 2/8247   22/02/2024 21:47', 40, 160);
  ctx.fillText('Pan de barra          1,20 €', 40, 220);
  ctx.fillText('Agua mineral 50cl     0,99 €', 40, 260);
  ctx.fillText('Total                 2,19 €', 40, 320);
  const image = ctx.getImageData(0, 0, 520, 420);
  const { next } = rng(11);
  for (let i = 0; i < image.data.length; i += 4) {
    const v = Math.max(0, Math.min(255, image.data[i] + (next() + next() + next() - 1.5) * 24));
    image.data[i] = image.data[i + 1] = image.data[i + 2] = v;
  }
  ctx.putImageData(image, 0, 0);
  return new Uint8Array(canvas.toBuffer('image/png'));
}

describe('readImage on a narrow scan with a bold heading', () => {
  it("reads the heading's letters whole once the page is enlarged", async () => {
    // The dark-band windows, measured on the enlarged pixels, fall inside the heading's bold
    // letters and turn their middles white: "Suparmarcazo Zl Sal" came back. The heading is read
    // again on its own, from pixels whose windows keep the image's own size.
    const [page] = await readImage(receiptScan(), 'image/png');
    expect(page.lines[0]?.text).toBe('Supermercado El Sol');
  }, 60_000);
});

describe('readImage on a page too long for OCR', () => {
  it('refuses it up front, saying why, instead of failing inside tesseract', async () => {
    const { canvas } = blankPage(40, 40_000, '#eeece6');
    await expect(readImage(new Uint8Array(canvas.toBuffer('image/png')), 'image/png')).rejects.toThrow(
      /40×40000 pixels; OCR reads pages at most 32,767 pixels on a side/,
    );
  });
});

describe('normalizeForOcr', () => {
  it('inverts exactly where the mean around a pixel is dark at both scales, up to the page edges', () => {
    const width = 300;
    const height = 160;
    const { ctx } = blankPage(width, height, '#f4f2ee');
    // Dark patches of several sizes, two touching the edges (taller than the bands that
    // invertDarkBands turns afterwards), and black text on paper.
    ctx.fillStyle = '#202a60';
    ctx.fillRect(0, 0, 60, 160);
    ctx.fillRect(220, 0, 80, 160);
    ctx.fillStyle = '#555';
    ctx.fillRect(140, 50, 30, 12);
    ctx.fillStyle = '#000';
    ctx.font = '14px DejaVu Sans';
    ctx.fillText('Total 1,234.56', 20, 90);
    const { next: random } = rng(7);
    for (let k = 0; k < 200; k++) ctx.fillRect(random() * width, random() * height, 2, 2);
    const rgba = ctx.getImageData(0, 0, width, height).data;
    // The rule, pixel by pixel: the mean of the window `r` around it, cut at the edges.
    const gray = Array.from({ length: width * height }, (_, i) => {
      const j = i * 4;
      return (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
    });
    const mean = (x: number, y: number, r: number) => {
      let sum = 0;
      let count = 0;
      for (let v = Math.max(0, y - r); v <= Math.min(height - 1, y + r); v++)
        for (let u = Math.max(0, x - r); u <= Math.min(width - 1, x + r); u++) {
          sum += gray[v * width + u];
          count++;
        }
      return sum / count;
    };
    const out = normalizeForOcr(rgba, width, height);
    let inverted = 0;
    let differing = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const g = gray[y * width + x];
        const expected = mean(x, y, 6) < 140 && mean(x, y, 15) < 155 ? 255 - g : g;
        if (expected !== g) inverted++;
        if (out[y * width + x] !== expected) differing++;
      }
    expect(inverted).toBeGreaterThan(5000);
    expect(differing).toBe(0);
  });
});
