import { describe, expect, it } from 'vitest';
import { levelled, levelledCut } from './level';
import type { GrayPage } from './unread-ink';

const WIDTH = 1200;
const HEIGHT = 900;
const PAPER = 228;
const INK = 30;

/** Grey paper with one dark line, 6 px thick, through the centre at `degrees` (y down). */
function lineAt(degrees: number): GrayPage {
  const gray = new Uint8Array(WIDTH * HEIGHT).fill(PAPER);
  const slope = Math.tan((degrees * Math.PI) / 180);
  for (let x = 100; x < WIDTH - 100; x++) {
    const y0 = Math.round(HEIGHT / 2 + (x - WIDTH / 2) * slope);
    for (let y = y0; y < y0 + 6; y++) gray[y * WIDTH + x] = INK;
  }
  return { gray, width: WIDTH, height: HEIGHT };
}

/** The rows that hold ink. */
function inkRows(page: GrayPage): number[] {
  const rows: number[] = [];
  for (let y = 0; y < page.height; y++) {
    const row = page.gray.subarray(y * page.width, (y + 1) * page.width);
    if (row.some((v) => v < 128)) rows.push(y);
  }
  return rows;
}

describe('levelled', () => {
  it.each([1.5, -2.2, 0.4])('turns a line at %s° level, about the page centre', (degrees) => {
    const leaning = lineAt(degrees);
    // Leaning, the line crosses many rows; levelled, only its own thickness.
    expect(inkRows(leaning).length).toBeGreaterThan(10);
    const rows = inkRows(levelled(leaning, (degrees * Math.PI) / 180));
    expect(rows.length).toBeLessThanOrEqual(8);
    // The centre stays where it was.
    expect(Math.abs(rows[0] - HEIGHT / 2)).toBeLessThanOrEqual(2);
  });

  it('fills the corners it brings in with the paper, and keeps the size', () => {
    const level = levelled(lineAt(3), (3 * Math.PI) / 180);
    expect([level.width, level.height]).toEqual([WIDTH, HEIGHT]);
    expect(level.gray[0]).toBe(PAPER);
    expect(level.gray[WIDTH * HEIGHT - 1]).toBe(PAPER);
  });

  it('leaves a level page as it is', () => {
    const flat = lineAt(0);
    expect(levelled(flat, 0)).toBe(flat);
  });

  it.each([0, 2.5])('cuts a rectangle (turned %s°) exactly as it is on the whole page turned', (degrees) => {
    const page = lineAt(2.5);
    const angle = (degrees * Math.PI) / 180;
    const whole = levelled(page, angle);
    const rect = { left: 150, top: 380, width: 700, height: 90 };
    const cut = levelledCut(page, angle, rect);
    expect(cut.length).toBe(rect.width * rect.height);
    for (let y = 0; y < rect.height; y++) {
      const from = (rect.top + y) * WIDTH + rect.left;
      expect(cut.subarray(y * rect.width, (y + 1) * rect.width)).toEqual(
        whole.gray.subarray(from, from + rect.width),
      );
    }
    // The cut holds the line's ink (it is not blank paper).
    expect(cut.some((v) => v < 128)).toBe(true);
  });

  it("takes the pixel each point falls on with nearest sampling: only the page's own shades", () => {
    const page = lineAt(2.5);
    const rect = { left: 150, top: 380, width: 700, height: 90 };
    const angle = (-1.7 * Math.PI) / 180;
    const nearest = levelledCut(page, angle, rect, 'nearest');
    const blended = levelledCut(page, angle, rect);
    expect(new Set(nearest)).toEqual(new Set([PAPER, INK]));
    // Blending makes greys between ink and paper at the line's edges.
    expect(blended.some((v) => v > INK && v < PAPER)).toBe(true);
    // Either way the same line: its ink in the same rows, give or take the blended edge.
    const inkRowsOf = (cut: Uint8Array) =>
      Array.from({ length: rect.height }, (_, y) => y).filter((y) =>
        cut.subarray(y * rect.width, (y + 1) * rect.width).some((v) => v < 128),
      );
    expect(Math.abs(inkRowsOf(nearest)[0] - inkRowsOf(blended)[0])).toBeLessThanOrEqual(1);
  });
});
