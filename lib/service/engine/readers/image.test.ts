import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { readImage, shutdownOcr } from './image';

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

/**
 * A scanned-looking table page: a wide table (so a skewed row drifts more than a line height from
 * one edge to the other), turned by `degrees` about the page centre, with a few specks of dust.
 */
function tablePage(degrees: number): Uint8Array {
  const width = 1600;
  const height = 900;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f0eee8';
  ctx.fillRect(0, 0, width, height);
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
