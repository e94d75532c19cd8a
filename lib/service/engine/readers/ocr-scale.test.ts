import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { MIN_OCR_WIDTH, MIN_SCAN_OCR_WIDTH, ocrScale, paperLevel } from './ocr-scale';

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
});
