import { sampledMedian } from './ocr-scale';
import type { GrayPage } from './unread-ink';

/**
 * Scans lean. Tesseract can measure a page's skew itself (`rotateAuto`), but that costs it a layout
 * analysis of its own (about 0.5 s on a 2,200 × 3,100 scan). So the skew is measured here, from the
 * page's ink, and tesseract is told the angle to turn the page by. A region of the page read again
 * (ink the first reading missed) is cut from the page levelled here, so that tesseract decodes a
 * few lines' worth of pixels instead of the whole page once more.
 */

/** Skews up to this are looked for (degrees either way): a page fed crooked, not a photo of a desk. */
const MAX_SKEW_DEGREES = 6;

/** Below this a page is level enough (tesseract turns nothing under 0.3° either). */
const LEVEL_DEGREES = 0.05;

/** Ink is this much darker than the paper. */
const INK_CONTRAST = 70;

/**
 * The page is measured on a grid at most this many cells long either way: text lines stay apart,
 * and the search costs the same on any page, however large (noise included).
 */
const GRID_CELLS = 1000;

/**
 * The slope of the page's text lines as an angle (radians) in image coordinates, y down: positive
 * when they run down the page from left to right. It is the angle at which the ink, summed along
 * parallel lines, falls into the sharpest rows. 0 when the page is level or holds too little ink to
 * tell.
 */
export function measureSkew(page: GrayPage): number {
  const { gray, width, height } = page;
  const cell = Math.max(1, Math.ceil(Math.max(width, height) / GRID_CELLS));
  const cols = Math.floor(width / cell);
  const rows = Math.floor(height / cell);
  if (cols < 32 || rows < 32) return 0;
  const ink = sampledMedian(width * height, (i) => gray[i]) - INK_CONTRAST;
  // Each cell weighs as much as the ink in it.
  const xs: number[] = [];
  const ys: number[] = [];
  const weights: number[] = [];
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < cols; gx++) {
      let dark = 0;
      for (let y = gy * cell; y < (gy + 1) * cell; y++) {
        const row = y * width;
        for (let x = gx * cell; x < (gx + 1) * cell; x++) if (gray[row + x] < ink) dark++;
      }
      if (dark === 0) continue;
      xs.push(gx);
      ys.push(gy);
      weights.push(dark);
    }
  }
  if (xs.length < 100) return 0;
  const profile = new Float64Array(rows + cols + 4);
  /** How sharply the ink falls into rows when summed along lines rising by `angle`. */
  const sharpness = (angle: number) => {
    profile.fill(0);
    const sin = Math.sin(angle);
    const cos = Math.cos(angle);
    // Rows are offset so that every index is positive for angles up to MAX_SKEW_DEGREES.
    const offset = cols * Math.abs(sin) + 1;
    for (let i = 0; i < xs.length; i++) {
      const r = ys[i] * cos - xs[i] * sin + offset;
      const low = Math.floor(r);
      const part = r - low;
      profile[low] += weights[i] * (1 - part);
      profile[low + 1] += weights[i] * part;
    }
    let sum = 0;
    for (let i = 1; i < profile.length; i++) {
      const d = profile[i] - profile[i - 1];
      sum += d * d;
    }
    return sum;
  };
  const best = (from: number, to: number, step: number) => {
    let bestAngle = 0;
    let bestScore = -1;
    for (let degrees = from; degrees <= to + step / 2; degrees += step) {
      const score = sharpness((degrees * Math.PI) / 180);
      if (score > bestScore) {
        bestScore = score;
        bestAngle = degrees;
      }
    }
    return bestAngle;
  };
  const coarse = best(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, 0.25);
  const fine = best(coarse - 0.25, coarse + 0.25, 0.025);
  return Math.abs(fine) < LEVEL_DEGREES ? 0 : (fine * Math.PI) / 180;
}

/**
 * The page turned by `angle` about its centre so that lines of that slope (`measureSkew`) come out level: same
 * size, the corners brought in as the page's paper, each pixel interpolated between its four sources.
 */
export function levelled(page: GrayPage, angle: number): GrayPage {
  const { gray, width, height } = page;
  if (angle === 0) return page;
  const paper = sampledMedian(width * height, (i) => gray[i]);
  const out = new Uint8Array(width * height);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    const dy = y - cy;
    for (let x = 0; x < width; x++) {
      const dx = x - cx;
      const sx = cx + dx * cos - dy * sin;
      const sy = cy + dx * sin + dy * cos;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
        out[y * width + x] = paper;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * width + x0;
      const top = gray[i] + (gray[i + 1] - gray[i]) * fx;
      const bottom = gray[i + width] + (gray[i + width + 1] - gray[i + width]) * fx;
      out[y * width + x] = Math.round(top + (bottom - top) * fy);
    }
  }
  return { gray: out, width, height };
}
