import { describe, expect, it } from 'vitest';
import { binarize, paperGrain } from './binarize';

/** A page whose light falls from 235 on the left to 110 on the right, with grain of ±`grain`. */
function shadowedPage(width: number, height: number, grain: number) {
  const gray = new Uint8Array(width * height);
  let seed = 7;
  const noise = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed / 2147483647 - 0.5) * 2 * grain;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) gray[y * width + x] = 235 - (125 * x) / width + noise();
  return gray;
}

/** A dark bar ("ink") at 55 % of the paper's brightness under it, in columns x0…x1 of rows y0…y1. */
function ink(gray: Uint8Array, width: number, [x0, x1]: number[], [y0, y1]: number[]) {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) gray[y * width + x] *= 0.55;
}

const share = (gray: Uint8Array, width: number, [x0, x1]: number[], [y0, y1]: number[], value: number) => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) n += gray[y * width + x] === value ? 1 : 0;
  return n / ((x1 - x0) * (y1 - y0));
};

describe('binarize', () => {
  it('keeps ink black and paper white in the light and in the shadow, which one global level cannot', () => {
    const width = 800;
    const height = 200;
    const gray = shadowedPage(width, height, 4);
    // Faded ink in the light is brighter than paper in the shadow.
    ink(gray, width, [60, 70], [80, 120]);
    ink(gray, width, [700, 710], [80, 120]);
    expect(gray[100 * width + 65]).toBeGreaterThan(gray[20 * width + 780]);

    const out = binarize(gray, width, height, 20);
    expect(share(out, width, [61, 69], [82, 118], 0)).toBeGreaterThan(0.95);
    expect(share(out, width, [701, 709], [82, 118], 0)).toBeGreaterThan(0.95);
    expect(share(out, width, [100, 600], [0, 60], 255)).toBeGreaterThan(0.99);
    expect(share(out, width, [720, 800], [0, 200], 255)).toBeGreaterThan(0.99);
  });

  it('does not turn grain on empty paper into specks', () => {
    const width = 400;
    const height = 300;
    const out = binarize(shadowedPage(width, height, 25), width, height, 20);
    expect(share(out, width, [0, width], [0, height], 255)).toBeGreaterThan(0.995);
  });
});

describe('paperGrain', () => {
  it('is about 0 on smooth paper with text and shadow, and tells grainy paper apart', () => {
    const width = 1200;
    const height = 300;
    const smooth = shadowedPage(width, height, 0);
    for (let y = 40; y < 260; y += 30) ink(smooth, width, [20, 1180], [y, y + 12]);
    expect(paperGrain(smooth, width, height)).toBeLessThan(1);
    expect(paperGrain(shadowedPage(width, height, 10), width, height)).toBeGreaterThan(2.5);
  });
});
