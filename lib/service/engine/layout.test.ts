import { describe, expect, it } from 'vitest';
import { fragmentsToLines } from './layout';

describe('fragmentsToLines with rules', () => {
  const words = [
    { text: '2', x: 110, y: 100, w: 8, h: 16 },
    { text: 'Breaker', x: 128, y: 100, w: 60, h: 16 },
    { text: 'hire', x: 194, y: 100, w: 30, h: 16 },
  ];

  it('parts the words a border runs between, however near', () => {
    const rule = { x: 123, top: 80, bottom: 140 };
    const [line] = fragmentsToLines(words, 600, 800, { spanGap: 1.4, rules: [rule] });
    expect(line.spans.map((s) => s.text)).toEqual(['2', 'Breaker hire']);
  });

  it('keeps them together without one, or with one no taller than the letters', () => {
    expect(fragmentsToLines(words, 600, 800, { spanGap: 1.4 })[0].spans.map((s) => s.text)).toEqual([
      '2 Breaker hire',
    ]);
    const stroke = { x: 123, top: 98, bottom: 118 };
    const [line] = fragmentsToLines(words, 600, 800, { spanGap: 1.4, rules: [stroke] });
    expect(line.spans).toHaveLength(1);
  });
});

describe('fragmentsToLines with OCR words', () => {
  type Word = { text: string; x: number; y: number; w: number; h: number };
  /** The first line OCR words on a page of 1,500 × 2,000 px make. */
  const firstLine = (words: Word[]) => fragmentsToLines(words, 1500, 2000, { wordFragments: true })[0];

  it('keeps a space between a word and the number after it where their boxes overlap', () => {
    const words = [
      { text: 'Hauptstraße', x: 655, y: 100, w: 189, h: 30 },
      { text: '12', x: 817, y: 100, w: 30, h: 30 },
    ];
    expect(firstLine(words).text).toBe('Hauptstraße 12');
    // Pieces of one number still join as they touch.
    const amount = [
      { text: '986', x: 100, y: 100, w: 45, h: 30 },
      { text: '.40', x: 146, y: 100, w: 40, h: 30 },
    ];
    expect(firstLine(amount).text).toBe('986.40');
  });

  it('keeps a town and the parts of its British postcode apart where OCR boxes touch or overlap', () => {
    const words = [
      { text: 'Bath', x: 487, y: 219, w: 140, h: 41 },
      { text: 'BA1', x: 624, y: 215, w: 85, h: 42 },
      { text: '5AW', x: 710, y: 216, w: 90, h: 42 },
    ];
    expect(firstLine(words).text).toBe('Bath BA1 5AW');
    // A code's digits that touch stay one.
    const code = [
      { text: 'A', x: 300, y: 100, w: 20, h: 30 },
      { text: '4', x: 321, y: 100, w: 20, h: 30 },
    ];
    expect(firstLine(code).text).toBe('A 4');
  });

  it("keeps two words apart where a scan's blur closed the gap between them to a pixel", () => {
    // A till roll's "Green tea": tesseract read two words, 2 px apart at 25 px letters.
    const words = [
      { text: 'Green', x: 100, y: 100, w: 80, h: 25 },
      { text: 'tea', x: 182, y: 104, w: 40, h: 21 },
      { text: '1', x: 400, y: 100, w: 12, h: 25 },
    ];
    expect(firstLine(words).spans[0].text).toBe('Green tea');
    // Not so for a text layer's pieces, which are parts of words.
    expect(fragmentsToLines(words, 1500, 2000)[0].spans[0].text).toBe('Greentea');
  });
});

describe('fragmentsToLines with a sidebar half a line off', () => {
  it("keeps the sidebar's row apart from the column's two rows it lies between", () => {
    // A scanned order: the supplier block on the left, the order's facts at the right, offset.
    const word = (text: string, x: number, y: number, h: number) => ({ text, x, y, w: 18 * text.length, h });
    const words = [
      word('Hofmann', 127, 418, 29),
      word('Logistik', 304, 417, 36),
      word('AG', 451, 418, 28),
      word('Währung', 704, 436, 40),
      word('CHF', 1001, 436, 28),
      word('Am', 124, 460, 27),
      word('Hafen', 199, 459, 29),
      word('22', 316, 459, 28),
      word('20095', 126, 501, 28),
      word('Hamburg', 254, 500, 36),
    ];
    const lines = fragmentsToLines(words, 2200, 3100, { spanGap: 1.4, wordFragments: true });
    expect(lines.map((l) => l.text)).toEqual([
      'Hofmann Logistik AG',
      'Währung CHF',
      'Am Hafen 22',
      '20095 Hamburg',
    ]);
  });
});
