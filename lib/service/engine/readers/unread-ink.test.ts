import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { normalizeForOcr } from './image';
import type { OcrLine, OcrWord } from './ocr-pool';
import { MAX_UNREAD_REGIONS, mergeReread, unreadInkRegions } from './unread-ink';

const W = 1200;
const H = 600;

/** A blank page of that paper, ready to write on in that size of type. */
function blank(paper: string, fontPx: number) {
  const ctx = createCanvas(W, H).getContext('2d');
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = '#111';
  ctx.font = `${fontPx}px DejaVu Sans`;
  return ctx;
}

/** A page with three rows of "description … amount"; returns its grey pixels and the words' boxes as drawn. */
function page(opts: { speckles?: number; rule?: boolean } = {}) {
  const ctx = blank('#eeece6', 28);
  const drawn: OcrWord[] = [];
  const put = (text: string, x: number, y: number) => {
    ctx.fillText(text, x, y);
    const width = ctx.measureText(text).width;
    drawn.push({ text, confidence: 95, bbox: { x0: x, y0: y - 22, x1: x + width, y1: y + 6 } });
  };
  ['Direct debit', 'Account fee', 'Interest credit'].forEach((d, i) => {
    put(d, 60, 150 + i * 60);
    put(`${i + 1}0.25`, 900, 150 + i * 60);
  });
  if (opts.rule) ctx.fillRect(40, 100, W - 80, 2);
  for (let i = 0; i < (opts.speckles ?? 0); i++) ctx.fillRect((i * 397) % W, (i * 211) % H, 2, 2);
  const rgba = ctx.getImageData(0, 0, W, H).data;
  return { gray: { gray: normalizeForOcr(rgba, W, H), width: W, height: H }, drawn };
}

const asLine = (words: OcrWord[]): OcrLine => ({
  words,
  bbox: {
    x0: Math.min(...words.map((w) => w.bbox.x0)),
    y0: Math.min(...words.map((w) => w.bbox.y0)),
    x1: Math.max(...words.map((w) => w.bbox.x1)),
    y1: Math.max(...words.map((w) => w.bbox.y1)),
  },
});

describe('unreadInkRegions', () => {
  it('finds nothing to read again when every word on the page was read, rules and specks aside', () => {
    const { gray, drawn } = page({ speckles: 80, rule: true });
    expect(unreadInkRegions(gray, [asLine(drawn)], 0)).toEqual([]);
  });

  it('finds the column tesseract dropped, as one block covering its rows', () => {
    const { gray, drawn } = page();
    const read = drawn.filter((w) => w.bbox.x0 < 500);
    const regions = unreadInkRegions(gray, [asLine(read)], 0);
    expect(regions).toHaveLength(1);
    const r = regions[0].rectangle;
    for (const amount of drawn.filter((w) => w.bbox.x0 >= 500)) {
      expect(r.left).toBeLessThanOrEqual(amount.bbox.x0);
      expect(r.left + r.width).toBeGreaterThanOrEqual(amount.bbox.x1);
      expect(r.top).toBeLessThanOrEqual(amount.bbox.y0);
      expect(r.top + r.height).toBeGreaterThanOrEqual(amount.bbox.y1);
    }
    // Only that column: the descriptions, read already, stay out of it.
    expect(r.left).toBeGreaterThan(500);
  });

  it('reads a cut-off value again with the part that was read ("10." beside the unread "25")', () => {
    const { gray, drawn } = page();
    const amount = drawn[1];
    const cut: OcrWord = { ...amount, text: '10.', bbox: { ...amount.bbox, x1: amount.bbox.x0 + 40 } };
    const read = [...drawn.filter((w) => w !== amount), cut];
    const regions = unreadInkRegions(gray, [asLine(read)], 0);
    expect(regions).toHaveLength(1);
    expect(regions[0].rectangle.left).toBeLessThanOrEqual(cut.bbox.x0);
    expect(regions[0].rectangle.left + regions[0].rectangle.width).toBeGreaterThanOrEqual(amount.bbox.x1);
  });

  it('reads a lone digit again where tesseract only guessed at it ("5}" at 16 % for a "1")', () => {
    const ctx = blank('#eeece6', 28);
    ctx.fillText('Montage', 60, 150);
    ctx.fillText('1', 700, 150);
    const gray = { gray: normalizeForOcr(ctx.getImageData(0, 0, W, H).data, W, H), width: W, height: H };
    const montage: OcrWord = { text: 'Montage', confidence: 95, bbox: { x0: 60, y0: 128, x1: 180, y1: 156 } };
    const guess: OcrWord = { text: '5}', confidence: 16, bbox: { x0: 698, y0: 126, x1: 720, y1: 158 } };
    const regions = unreadInkRegions(gray, [asLine([montage, guess])], 0);
    expect(regions).toHaveLength(1);
    expect(regions[0].rectangle.left).toBeLessThanOrEqual(700);
    expect(regions[0].rectangle.left + regions[0].rectangle.width).toBeGreaterThan(710);
    // Believed, the same word covers its ink.
    expect(unreadInkRegions(gray, [asLine([montage, { ...guess, confidence: 80 }])], 0)).toEqual([]);
  });

  it('reads at most MAX_UNREAD_REGIONS blocks however much ink was missed', () => {
    const ctx = blank('#fff', 20);
    // A scattered page: 60 short words, one of them read.
    for (let i = 0; i < 60; i++) ctx.fillText('ab12', 20 + (i % 10) * 115, 40 + Math.floor(i / 10) * 90);
    const gray = { gray: normalizeForOcr(ctx.getImageData(0, 0, W, H).data, W, H), width: W, height: H };
    const one: OcrWord = { text: 'ab12', confidence: 90, bbox: { x0: 20, y0: 24, x1: 66, y1: 44 } };
    const regions = unreadInkRegions(gray, [asLine([one])], 0);
    expect(regions.length).toBe(MAX_UNREAD_REGIONS);
  });
});

describe('mergeReread', () => {
  const word = (text: string, x0: number, x1: number, confidence = 90): OcrWord => ({
    text,
    confidence,
    bbox: { x0, y0: 100, x1, y1: 120 },
  });

  it('adds new words, replaces a partial word by the whole one and drops repeats and noise', () => {
    const known = [word('Fee', 10, 60), word('296.', 200, 250)];
    const merged = mergeReread(known, [
      word('Fee', 11, 59),
      word('296.14', 200, 290),
      word('EUR', 300, 340),
      word('~', 400, 410, 12),
    ]);
    expect(merged.map((w) => w.text).sort()).toEqual(['296.14', 'EUR', 'Fee']);
  });

  it('keeps a lone figure read with less confidence than a word needs, but not a guess', () => {
    const merged = mergeReread(
      [word('Assembly', 10, 120)],
      [word('3', 300, 312, 38), word('xl', 400, 420, 38), word('7', 500, 512, 22)],
    );
    expect(merged.map((w) => w.text).sort()).toEqual(['3', 'Assembly']);
  });

  it('replaces a guess by what the second reading is sure of, however short', () => {
    const merged = mergeReread([word('Montage', 10, 120), word('5}', 300, 322, 16)], [word('1', 302, 318)]);
    expect(merged.map((w) => w.text).sort()).toEqual(['1', 'Montage']);
  });
});
