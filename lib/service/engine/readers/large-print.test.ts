import { describe, expect, it } from 'vitest';
import { ocrLine as line } from '@/tests/support/ocr-lines';
import { rereadLargePrint, shrinkFor, surer } from './large-print';
import type { OcrRegion, OcrWord } from './ocr-pool';

const word = (text: string, confidence: number, x0: number, y0: number, height: number): OcrWord => ({
  text,
  confidence,
  bbox: { x0, y0, x1: x0 + 20 * text.length, y1: y0 + height },
});

/** A receipt enlarged three times: a heading 105 px high over body lines 55 px high. */
const heading = line(word('Sumermercaco', 15, 230, 170, 105), word('El', 97, 500, 185, 75));
const body = [0, 1, 2, 3].map((i) =>
  line(word('Calle', 96, 230, 330 + 70 * i, 55), word('Alcalá', 95, 350, 330 + 70 * i, 55)),
);
const page = { width: 1600, height: 3300 };

describe('shrinkFor', () => {
  it('shrinks a line printed large towards tesseract’s line height, and leaves body lines be', () => {
    expect(shrinkFor(heading, 55)).toBe(3);
    expect(shrinkFor(body[0], 55)).toBe(1);
    // Tall as a heading, but no taller than the page's usual line: nothing to shrink.
    expect(shrinkFor(heading, 100)).toBe(1);
  });
});

describe('surer', () => {
  it('keeps a reading again only when it is clearly surer and says about as much', () => {
    const first = [word('Sumermercaco', 15, 0, 0, 30), word('El', 97, 300, 0, 30)];
    expect(surer([word('Supermercado', 96, 0, 0, 30), word('El', 96, 300, 0, 30)], first)).toBe(true);
    // Surer, but most of the line is gone.
    expect(surer([word('El', 96, 300, 0, 30)], first)).toBe(false);
    // As unsure as the first reading.
    expect(surer([word('Sugermercado', 20, 0, 0, 30), word('El', 96, 300, 0, 30)], first)).toBe(false);
  });
});

describe('rereadLargePrint', () => {
  it('reads a doubted heading again at its shrink and keeps the surer words; other lines as read', async () => {
    const asked: [OcrRegion, number][] = [];
    const reread = async (region: OcrRegion, shrink: number) => {
      asked.push([region, shrink]);
      // The cut's reading, in page pixels, with a word of the line under it caught in the margin.
      return [line(word('Supermercado', 96, 232, 172, 100), word('El', 96, 500, 186, 74)), body[0]];
    };
    const lines = await rereadLargePrint([heading, ...body], 0, page, reread);
    expect(asked).toHaveLength(1);
    expect(asked[0][1]).toBe(3);
    // The region holds the heading with margins, within the page.
    const { left, top, width, height } = asked[0][0].rectangle;
    expect(left).toBeLessThan(230);
    expect(top).toBeLessThan(170);
    expect(left + width).toBeGreaterThan(heading.bbox.x1);
    expect(top + height).toBeGreaterThan(heading.bbox.y1);
    expect(lines[0].words.map((w) => w.text)).toEqual(['Supermercado', 'El']);
    expect(lines.slice(1)).toEqual(body);
  });

  it('leaves a heading tesseract was sure of, and one whose reading again is no surer', async () => {
    const sure = line(word('Supermercado', 96, 230, 170, 105), word('El', 97, 500, 185, 75));
    let asked = 0;
    const noSurer = async () => {
      asked++;
      return [line(word('Sugermercado', 20, 232, 172, 100), word('El', 96, 500, 186, 74))];
    };
    expect(await rereadLargePrint([sure, ...body], 0, page, noSurer)).toEqual([sure, ...body]);
    expect(asked).toBe(0);
    expect(await rereadLargePrint([heading, ...body], 0, page, noSurer)).toEqual([heading, ...body]);
    expect(asked).toBe(1);
  });

  it("keeps out another line's words caught in the cut of a line made tall by one word", async () => {
    // A party's name over "Lindenallee 3a", whose "3a" came back with specks reaching up into it.
    const name = line(word('Hofmann', 96, 148, 445, 28), word('AG', 96, 474, 445, 28));
    const tall = line(
      word('Lindenallee', 30, 147, 485, 28),
      word('3a', 62, 366, 410, 103),
      word('Datum', 96, 600, 461, 27),
      word('01', 96, 760, 485, 28),
    );
    // A speck another line read where "Datum" stands is no word that could be read twice.
    const speck = line(word(');', 20, 600, 455, 30));
    const reread = async () => [
      line(word('Hofmann', 96, 148, 445, 28), word('AG', 96, 474, 445, 28)),
      line(
        word('Lindenallee', 92, 146, 485, 28),
        word('3a', 96, 366, 487, 26),
        word('Datum', 95, 600, 461, 26),
        word('01', 96, 760, 485, 28),
      ),
    ];
    const lines = await rereadLargePrint([name, tall, speck, ...body], 0, page, reread);
    // Read again (surer), without the name over it, with its own words.
    expect(lines[1].words.map((w) => [w.text, w.confidence])).toEqual([
      ['Lindenallee', 92],
      ['3a', 96],
      ['Datum', 95],
      ['01', 96],
    ]);
    expect(lines.flatMap((l) => l.words).filter((w) => w.text === 'Hofmann')).toHaveLength(1);
  });
});
