import { describe, expect, it } from 'vitest';
import { ocrLine as line } from '@/tests/support/ocr-lines';
import type { OcrRegion, OcrWord } from './ocr-pool';
import { rereadStackedLines, stackedLines } from './stacked-columns';

const word = (text: string, x0: number, y0: number, x1: number, y1: number): OcrWord => ({
  text,
  confidence: 90,
  bbox: { x0, y0, x1, y1 },
});

/** A small table: descriptions on the left, a Qty column read as one tall line, prices on the right. */
const rows = [100, 150, 200, 250].map((y, i) => line(word(`Item${i}`, 50, y, 150, y + 22)));
const prices = [100, 150, 200, 250].map((y, i) => line(word(`${i + 1}.50`, 400, y, 460, y + 22)));
const column = line(word('Ww', 300, 100, 316, 272), word('HF', 300, 110, 316, 272));
const title = line(word('Sales', 50, 20, 150, 80), word('receipt', 170, 20, 300, 80));

describe('stacked columns (tesseract reads a column of lone digits as one line)', () => {
  it('finds the tall line of stacked words, not the big title nor ordinary lines', () => {
    expect(stackedLines([title, ...rows, column, ...prices])).toEqual([column]);
  });

  it('replaces the stacked line by its rows read again, inside the column only', async () => {
    const regions: OcrRegion[] = [];
    const words = await rereadStackedLines(
      [title, ...rows, column, ...prices],
      0.01,
      { width: 600, height: 400 },
      async (region) => {
        regions.push(region);
        return [
          ...[100, 150, 200, 250].map((y, i) => line(word(String(i + 1), 302, y, 314, y + 22))),
          // The margin caught the edge of a price cell: not part of the column.
          line(word('1.5', 380, 100, 400, 122)),
        ];
      },
    );
    expect(regions).toHaveLength(1);
    expect(regions[0].angle).toBe(0.01);
    const r = regions[0].rectangle;
    expect(r.left).toBeLessThan(300);
    expect(r.left + r.width).toBeGreaterThan(316);
    expect(r.top).toBeLessThanOrEqual(100);
    expect(r.top + r.height).toBeGreaterThanOrEqual(272);
    const texts = words.map((w) => w.text);
    expect(texts).toEqual(expect.arrayContaining(['1', '2', '3', '4', 'Item0', '4.50', 'Sales']));
    expect(texts).not.toContain('Ww');
    expect(texts).not.toContain('1.5');
  });

  it('keeps the first reading when reading again finds no more than one row', async () => {
    const words = await rereadStackedLines([...rows, column], 0, { width: 600, height: 400 }, async () => [
      line(word('3', 302, 100, 314, 122)),
    ]);
    expect(words.map((w) => w.text)).toContain('Ww');
  });

  it('reads nothing again when no line is stacked', async () => {
    let calls = 0;
    await rereadStackedLines([title, ...rows, ...prices], 0, { width: 600, height: 400 }, async () => {
      calls++;
      return [];
    });
    expect(calls).toBe(0);
  });
});
