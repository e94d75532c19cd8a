import { describe, expect, it } from 'vitest';
import { invertDarkBands } from './dark-bands';
import { normalizeForOcr } from './image';

const W = 600;
const H = 400;

/** A page of "text" (strokes 15 px tall with crossbars) on paper, with more drawn on it. */
function page(draw: (set: (x: number, y: number, v: number) => void) => void) {
  const gray = new Uint8Array(W * H).fill(250);
  const set = (x: number, y: number, v: number) => {
    if (x >= 0 && x < W && y >= 0 && y < H) gray[y * W + x] = v;
  };
  for (let y = 200; y < 380; y += 30) {
    for (let x = 20; x < 580; x += 9) {
      for (let dy = 0; dy < 15; dy++) set(x, y + dy, 20);
      for (let dx = 0; dx < 6; dx++) set(x + dx, y + 7, 20);
    }
  }
  draw(set);
  return gray;
}

/** The page through `normalizeForOcr` (which calls `invertDarkBands` last). */
function normalized(gray: Uint8Array): Uint8Array {
  const rgba = new Uint8ClampedArray(W * H * 4);
  for (let i = 0; i < W * H; i++) rgba.fill(gray[i], 4 * i, 4 * i + 3);
  return normalizeForOcr(rgba, W, H);
}

describe('invertDarkBands', () => {
  it('turns a dark band into dark text on white to its very ends, and leaves the paper around it', () => {
    const original = page((set) => {
      for (let y = 50; y < 90; y++) for (let x = 40; x < 540; x++) set(x, y, 40);
      // A light "letter" at the band's very end.
      for (let y = 60; y < 78; y++) for (let x = 536; x < 539; x++) set(x, y, 245);
    });
    const out = normalized(original);
    expect(out[70 * W + 537]).toBeLessThan(20); // the letter, dark now
    expect(out[70 * W + 533]).toBe(255); // the band around it, paper-white
    expect(out[70 * W + 545]).toBe(250); // paper beyond the band's end
    expect(out[45 * W + 300]).toBe(250); // paper above it
  });

  it('follows a band that leans with a scanned page', () => {
    const original = page((set) => {
      for (let x = 40; x < 540; x++) {
        const shift = Math.round((x - 40) * 0.05);
        for (let y = 50 + shift; y < 90 + shift; y++) set(x, y, 40);
      }
    });
    const out = normalized(original);
    expect(out[(50 + 22) * W + 539]).toBe(250); // above the band's right end: paper still
    expect(out[(90 + 20) * W + 539]).toBe(255); // the band's right end, lower down
  });

  it('leaves a grid of thin borders and an underlined title as they are', () => {
    const original = page((set) => {
      for (let y = 20; y < 120; y++) for (const x of [40, 200, 360, 539]) set(x, y, 30);
      for (const y of [20, 60, 119]) for (let x = 40; x < 540; x++) set(x, y, 30);
      for (let x = 40; x < 540; x++) set(x, 170, 30);
      for (let x = 40; x < 540; x += 12) for (let y = 150; y < 170; y++) set(x, y, 30);
    });
    const out = original.slice();
    expect(invertDarkBands(original, out, W, H)).toBe(0);
    expect(out).toEqual(original);
  });
});
