import { describe, expect, it } from 'vitest';
import { eraseVerticalRules, estimateTextHeight, findVerticalRules, turnRules } from './vertical-rules';

/** A white page with dark rectangles drawn on it (x, y, width, height). */
function page(width: number, height: number, boxes: [number, number, number, number][]) {
  const gray = new Uint8Array(width * height).fill(250);
  for (const [x, y, w, h] of boxes) {
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) gray[yy * width + xx] = 20;
  }
  return { gray, width, height };
}

describe('findVerticalRules', () => {
  it("finds a thin line several text lines long, and neither a letter's stroke nor a thick bar", () => {
    const { rules } = findVerticalRules(
      page(400, 300, [
        [100, 50, 2, 120], // a table border: 6 lines of 20 px
        [200, 50, 2, 30], // a letter's stroke
        [300, 50, 14, 120], // a bar of a logo, no line
      ]),
      20,
    );
    expect(rules).toHaveLength(1);
    expect(rules[0].x).toBeCloseTo(100.5, 0);
    expect(rules[0].top).toBeCloseTo(50, -1);
    expect(rules[0].bottom).toBeCloseTo(169, -1);
  });

  it('follows a line leaning with a scanned page, as runs side by side', () => {
    const boxes: [number, number, number, number][] = [];
    for (let y = 40; y < 240; y++) boxes.push([Math.round(150 + (y - 40) * Math.tan(0.035)), y, 2, 1]);
    const { rules, runs } = findVerticalRules(page(400, 300, boxes), 20);
    expect(rules).toHaveLength(1);
    expect(rules[0].bottom - rules[0].top).toBeGreaterThan(150);
    expect(runs.length).toBeGreaterThan(1);
  });

  it('gives nothing on a page of hatching', () => {
    const boxes: [number, number, number, number][] = [];
    for (let x = 0; x < 8000; x += 5) boxes.push([x, 0, 1, 200]);
    expect(findVerticalRules(page(8000, 200, boxes), 20).rules).toEqual([]);
  });
});

describe('eraseVerticalRules', () => {
  it('paints the border over with paper and leaves the letters beside it', () => {
    const letters: [number, number, number, number][] = [];
    // Lines of "text": strokes 16 px tall and their crossbars, 20 px apart.
    for (let y = 20; y < 280; y += 30) {
      for (let x = 20; x < 90; x += 9) letters.push([x, y, 2, 16], [x, y + 7, 6, 2]);
    }
    const p = page(400, 300, [...letters, [100, 10, 2, 280]]);
    const { rules } = eraseVerticalRules(p);
    expect(rules).toHaveLength(1);
    expect(p.gray[150 * 400 + 100]).toBe(250);
    expect(p.gray[150 * 400 + 101]).toBe(250);
    expect(p.gray[20 * 400 + 20]).toBe(20);
  });
});

describe('estimateTextHeight', () => {
  it('reads the height of words from the tall strokes of their letters', () => {
    const letters: [number, number, number, number][] = [];
    for (let y = 20; y < 280; y += 30) {
      for (let x = 20; x < 380; x += 9) letters.push([x, y, 2, 15], [x, y + 7, 6, 2]);
    }
    expect(estimateTextHeight(page(400, 300, letters))).toBeCloseTo(15, 0);
  });
});

describe('turnRules', () => {
  it('turns the rules the way tesseract turned the page', () => {
    const rule = { x: 100, top: 50, bottom: 150 };
    expect(turnRules([rule], 0, 400, 300)).toEqual([rule]);
    const [turned] = turnRules([rule], 0.02, 400, 300);
    expect(turned.x).not.toBeCloseTo(100, 0);
    expect(turned.bottom - turned.top).toBeCloseTo(100, 0);
  });
});
