import { type OcrLine, type OcrRegion, type OcrWord, paddedRegion } from './ocr-pool';
import { medianOf } from './ocr-scale';

/**
 * Tesseract's layout analysis (page segmentation 3) takes a narrow table column of lone digits — a
 * Qty column of "3", "1", "3" — for one tall "line" and reads it as nonsense ("Ww HF Ww ww"), so
 * every row loses its quantity. Worst on scans, where blur and specks merge the digits' boxes.
 * Such a line is found by its shape and read again on its own as a block of text, which splits it
 * into its rows.
 */

/** A line this many times the page's usual line height is several rows stacked, not one. */
const TALL = 2.5;

/**
 * The lines that are really columns of stacked rows: far taller than the page's usual line and
 * either narrower than they are tall or made of words stacked on top of each other (a tall title
 * has its words side by side and is left alone).
 */
export function stackedLines(lines: OcrLine[]): OcrLine[] {
  const usual = medianOf(lines.filter((l) => l.words.length > 0).map((l) => l.bbox.y1 - l.bbox.y0));
  if (!usual) return [];
  return lines.filter((l) => {
    const h = l.bbox.y1 - l.bbox.y0;
    if (l.words.length === 0 || h < TALL * usual) return false;
    if (h > 1.5 * (l.bbox.x1 - l.bbox.x0)) return true;
    return l.words.some((a, i) =>
      l.words.some((b, j) => j > i && Math.min(a.bbox.x1, b.bbox.x1) - Math.max(a.bbox.x0, b.bbox.x0) > 0),
    );
  });
}

/** The part of the image to read again for a stacked line: its box with white margins. */
export function regionOf(
  line: OcrLine,
  usual: number,
  angle: number,
  page: { width: number; height: number },
): OcrRegion {
  // Margins of a line height or two.
  return paddedRegion(line.bbox, { x: Math.round(2 * usual), y: Math.round(usual / 2) }, angle, page);
}

/**
 * The page's words with each stacked line replaced by what reading its region again found, when
 * that found more than one row (otherwise the first reading stays). `reread` runs one recognition.
 */
export async function rereadStackedLines(
  lines: OcrLine[],
  angle: number,
  page: { width: number; height: number },
  reread: (region: OcrRegion) => Promise<OcrLine[]>,
): Promise<OcrWord[]> {
  const stacked = new Set(stackedLines(lines));
  if (stacked.size === 0) return lines.flatMap((l) => l.words);
  const usual = medianOf(lines.map((l) => l.bbox.y1 - l.bbox.y0));
  const out: OcrWord[] = [];
  for (const line of lines) {
    if (!stacked.has(line)) {
      out.push(...line.words);
      continue;
    }
    // Only words of the column itself: the margins may catch the edge of a neighbouring cell.
    const inColumn = (w: OcrWord) => {
      const mid = (w.bbox.x0 + w.bbox.x1) / 2;
      return mid >= line.bbox.x0 - usual && mid <= line.bbox.x1 + usual;
    };
    const again = (await reread(regionOf(line, usual, angle, page)))
      .map((l) => l.words.filter(inColumn))
      .filter((words) => words.length > 0);
    out.push(...(again.length > 1 ? again.flat() : line.words));
  }
  return out;
}
