import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  MAX_ENLARGED_PIXELS,
  MAX_OCR_SIDE,
  MIN_OCR_WIDTH,
  MIN_SCAN_OCR_WIDTH,
  ocrScale,
  paperLevel,
} from './ocr-scale';

/** A page of text lines on paper of the given colour. */
function page(paper: string) {
  const canvas = createCanvas(800, 1000);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, 800, 1000);
  ctx.fillStyle = '#000';
  ctx.font = '20px DejaVu Sans';
  for (let y = 40; y < 1000; y += 30) ctx.fillText('Invoice 2024-0042 total 1,903.48 EUR', 20, y);
  return ctx.getImageData(0, 0, 800, 1000).data;
}

describe('OCR enlargement', () => {
  it('reads the paper tone under the text: white for a render, darker for a scan', () => {
    expect(paperLevel(page('#ffffff'), 800, 1000)).toBe(255);
    const scanned = paperLevel(page('#eeebe4'), 800, 1000);
    expect(scanned).toBeGreaterThan(225);
    expect(scanned).toBeLessThan(240);
  });

  it('enlarges scans further than clean renders, never more than 3×, and leaves large images', () => {
    expect(1588 * ocrScale(1588, 255)).toBe(1588);
    expect(1000 * ocrScale(1000, 255)).toBeCloseTo(MIN_OCR_WIDTH);
    expect(1588 * ocrScale(1588, 235)).toBeCloseTo(MIN_SCAN_OCR_WIDTH);
    expect(ocrScale(400, 235)).toBe(3);
    expect(ocrScale(3000, 235)).toBe(1);
  });

  it("enlarges a long narrow strip no further than MAX_ENLARGED_PIXELS nor tesseract's longest side, and never shrinks one", () => {
    // A till roll: three times over, as a short one would be.
    expect(ocrScale(600, 235, 5000)).toBe(3);
    // A roll 1,000 × 20,000 would be 97 million pixels at 2,200 px wide.
    const scale = ocrScale(1000, 235, 20_000);
    expect(1000 * scale * 20_000 * scale).toBeCloseTo(MAX_ENLARGED_PIXELS, -3);
    expect(ocrScale(2000, 235, 30_000)).toBe(1);
    // Tesseract refuses a page longer than 32,767 px: a 700 × 30,000 roll is enlarged only to that.
    expect(Math.round(30_000 * ocrScale(700, 235, 30_000))).toBe(MAX_OCR_SIDE);
  });
});
