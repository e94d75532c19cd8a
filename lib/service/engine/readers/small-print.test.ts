import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { normalizeForOcr } from './image';
import type { OcrWord } from './ocr-pool';
import { findSmallPrint, MAX_SMALL_PRINT_REGIONS } from './small-print';

const W = 1400;
const H = 500;

/**
 * A strip of boxed references as a scan shows them: each value (28 px, dark) in a cell with a thin
 * grey border and a tiny grey caption over it (11 px capitals, the grey of a 6 pt caption). Returns
 * the page's grey pixels, the values' boxes as a reading would give them, and the captions' boxes.
 */
function strip(opts: { captions?: boolean; speckles?: number; cells?: number; body?: boolean } = {}) {
  const ctx = createCanvas(W, H).getContext('2d');
  ctx.fillStyle = '#eeece6';
  ctx.fillRect(0, 0, W, H);
  const values: OcrWord[] = [];
  const captions: { x0: number; y0: number; x1: number; y1: number }[] = [];
  const labels = ['INVOICE NO.', 'INVOICE DATE', 'DUE DATE', 'CURRENCY'];
  const texts = ['FT-27288', '13/03/2024', '12/04/2024', 'EUR'];
  const cells = opts.cells ?? labels.length;
  for (let i = 0; i < cells; i++) {
    const x = 60 + (i % 4) * 330;
    const y = 200 + Math.floor(i / 4) * 120;
    ctx.strokeStyle = '#9a9a9a';
    ctx.lineWidth = 1;
    ctx.strokeRect(x - 10, y - 62, 310, 86);
    if (opts.captions !== false) {
      ctx.fillStyle = '#8a8a8a';
      ctx.font = '11px DejaVu Sans';
      const label = labels[i % 4];
      ctx.fillText(label, x, y - 40);
      captions.push({ x0: x, y0: y - 49, x1: x + ctx.measureText(label).width, y1: y - 40 });
    }
    ctx.fillStyle = '#111';
    ctx.font = '28px DejaVu Sans';
    const text = texts[i % 4];
    ctx.fillText(text, x, y);
    values.push({
      text,
      confidence: 95,
      bbox: { x0: x, y0: y - 22, x1: x + ctx.measureText(text).width, y1: y + 6 },
    });
  }
  ctx.fillStyle = '#111';
  ctx.font = '28px DejaVu Sans';
  const body: OcrWord[] = [];
  if (opts.body)
    ['Harbour crane hire', 'Delivery and collection', 'Site survey'].forEach((text, i) => {
      const y = 360 + i * 50;
      let x = 60;
      for (const word of text.split(' ')) {
        ctx.fillText(word, x, y);
        const width = ctx.measureText(word).width;
        body.push({ text: word, confidence: 95, bbox: { x0: x, y0: y - 22, x1: x + width, y1: y + 6 } });
        x += width + 14;
      }
    });
  for (let i = 0; i < (opts.speckles ?? 0); i++) ctx.fillRect((i * 397) % W, (i * 211) % H, 2, 2);
  const rgba = ctx.getImageData(0, 0, W, H).data;
  return { page: { gray: normalizeForOcr(rgba, W, H), width: W, height: H }, values, captions, body };
}

const inside = (
  c: { x0: number; y0: number; x1: number; y1: number },
  r: { left: number; top: number; width: number; height: number },
) => c.x0 >= r.left && c.x1 <= r.left + r.width && c.y0 >= r.top && c.y1 <= r.top + r.height;

const smallPrintRegions = (...args: Parameters<typeof findSmallPrint>) => findSmallPrint(...args).regions;

describe('findSmallPrint', () => {
  it('finds each faint caption over a boxed value that was read, borders aside, and nothing else', () => {
    const { page, values, captions } = strip();
    const regions = smallPrintRegions(page, values, 0);
    expect(regions).toHaveLength(captions.length);
    for (const caption of captions) expect(regions.some((r) => inside(caption, r.rectangle))).toBe(true);
    // Tight above and below: the cut holds the caption, not the value under it.
    for (const r of regions) expect(r.rectangle.height).toBeLessThan(28);
  });

  it('finds nothing in boxes without captions, nor in specks', () => {
    const { page, values } = strip({ captions: false, speckles: 120 });
    expect(smallPrintRegions(page, values, 0)).toEqual([]);
  });

  it('finds nothing where the caption was read already', () => {
    const { page, values, captions } = strip();
    const read: OcrWord[] = captions.map((c) => ({ text: 'CAPTION', confidence: 90, bbox: c }));
    expect(smallPrintRegions(page, [...values, ...read], 0)).toEqual([]);
  });

  it('leaves small print far from every word read alone: only the caption over the value read is found', () => {
    const { page, values } = strip();
    expect(smallPrintRegions(page, values.slice(0, 1), 0)).toHaveLength(1);
  });

  it('cuts a value read stretched over its caption down to its own print, and finds the caption', () => {
    const { page, values, captions, body } = strip({ body: true });
    // As tesseract reads it: one word whose box reaches up over the caption.
    const stretched = values.map((v, i) => ({ ...v, bbox: { ...v.bbox, y0: captions[i].y0 - 2 } }));
    const { regions, words } = findSmallPrint(page, [...stretched, ...body], 0);
    expect(regions).toHaveLength(captions.length);
    for (const caption of captions) expect(regions.some((r) => inside(caption, r.rectangle))).toBe(true);
    expect(words.slice(stretched.length)).toEqual(body);
    for (const [i, w] of words.slice(0, stretched.length).entries()) {
      expect(w.bbox.y0).toBeGreaterThan(captions[i].y1);
      expect(w.bbox.y0).toBeLessThanOrEqual(values[i].bbox.y0 + 4);
      expect(w.text).toBe(values[i].text);
    }
  });

  it('leaves a tall word alone when nothing but specks stands beside its own print', () => {
    const { page, values, body } = strip({ captions: false, speckles: 120, body: true });
    const tall = values.map((v) => ({ ...v, bbox: { ...v.bbox, y0: v.bbox.y0 - 20 } }));
    expect(findSmallPrint(page, [...tall, ...body], 0).words).toEqual([...tall, ...body]);
  });

  it('reads at most a bounded number of bands, however many captions a page has', () => {
    const { page, values } = strip({ cells: 12 });
    expect(smallPrintRegions(page, values, 0)).toHaveLength(MAX_SMALL_PRINT_REGIONS);
  });
});
