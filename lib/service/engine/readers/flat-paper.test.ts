import { describe, expect, it } from 'vitest';
import { rng } from '@/scripts/corpus/random';
import { flattenedPaper } from './flat-paper';

describe('flattenedPaper', () => {
  it('makes grainy, shaded paper white and keeps the ink dark', () => {
    const width = 400;
    const height = 300;
    const gray = new Uint8Array(width * height);
    const random = rng(3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // Light fading from 220 on the left to 180 on the right, grain ±20, a stroke of ink.
        const paper = 220 - (40 * x) / width + (random.next() - 0.5) * 40;
        const ink = y >= 140 && y < 146 && x >= 50 && x < 350;
        gray[y * width + x] = Math.round(ink ? paper * 0.3 : paper);
      }
    }
    const flat = flattenedPaper({ gray, width, height });
    const at = (x: number, y: number) => flat.gray[y * width + x];
    let whitePaper = 0;
    let paperPixels = 0;
    for (let y = 0; y < 100; y++) {
      for (let x = 0; x < width; x++) {
        paperPixels++;
        if (at(x, y) === 255) whitePaper++;
      }
    }
    expect(whitePaper / paperPixels).toBeGreaterThan(0.97);
    for (const x of [60, 200, 340]) expect(at(x, 143)).toBeLessThan(110);
    expect(flat).toMatchObject({ width, height });
  });
});
