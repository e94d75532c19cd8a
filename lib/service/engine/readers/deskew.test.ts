import { describe, expect, it } from 'vitest';
import { levelled, measureSkew } from './deskew';
import type { GrayPage } from './unread-ink';

const WIDTH = 1400;
const HEIGHT = 1800;
const PAPER = 228;

/**
 * A page of grey paper with rows of "words" (dark blocks of uneven length, like text lines) whose
 * slope is `degrees` (image coordinates, y down).
 */
function page(degrees: number): GrayPage {
  const gray = new Uint8Array(WIDTH * HEIGHT).fill(PAPER);
  const slope = Math.tan((degrees * Math.PI) / 180);
  for (let line = 0; line < 30; line++) {
    const baseline = 200 + line * 48;
    let x = 100 + ((line * 37) % 90);
    while (x < WIDTH - 200) {
      const word = 40 + ((x * 7 + line * 13) % 120);
      for (let dx = 0; dx < word; dx++) {
        const cx = x + dx;
        // The line's height along it follows the slope about the page's centre.
        const y0 = Math.round(baseline + (cx - WIDTH / 2) * slope);
        for (let y = y0; y < y0 + 18; y++) if (y >= 0 && y < HEIGHT) gray[y * WIDTH + cx] = 30;
      }
      x += word + 22;
    }
  }
  return { gray, width: WIDTH, height: HEIGHT };
}

const degrees = (radians: number) => (radians * 180) / Math.PI;

describe('measureSkew', () => {
  it.each([1.2, -0.7, 3.5, -5])('finds lines turned by %s°', (turn) => {
    expect(degrees(measureSkew(page(turn)))).toBeCloseTo(turn, 1);
  });

  it('calls a level page level, and a blank one too', () => {
    expect(measureSkew(page(0))).toBe(0);
    expect(
      measureSkew({ gray: new Uint8Array(WIDTH * HEIGHT).fill(PAPER), width: WIDTH, height: HEIGHT }),
    ).toBe(0);
  });
});

describe('levelled', () => {
  it('turns a leaning page level, its corners filled with the paper', () => {
    const leaning = page(2.4);
    const level = levelled(leaning, measureSkew(leaning));
    expect(level.width).toBe(WIDTH);
    expect(level.height).toBe(HEIGHT);
    expect(measureSkew(level)).toBe(0);
    expect(level.gray[0]).toBe(PAPER);
    expect(level.gray[WIDTH * HEIGHT - 1]).toBe(PAPER);
  });

  it('leaves a level page as it is', () => {
    const flat = page(0);
    expect(levelled(flat, 0)).toBe(flat);
  });
});
