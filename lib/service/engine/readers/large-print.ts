import { type OcrLine, type OcrRegion, type OcrWord, paddedRegion } from './ocr-pool';
import { medianOf } from './ocr-scale';
import { isGuess } from './ocr-words';
import { stackedLines } from './stacked-columns';
import { overlaps } from './unread-ink';

/**
 * A page's large print — a receipt's shop name over it, a title — comes back misread more than its
 * body text ("Sumermercaco" at confidence 15 for a clear "Supermercado", "Monogrix Bastide" for
 * "Monoprix Bastille"): the page is prepared and enlarged for its small print (see `ocrScale`,
 * `pageForOcr`). Each such line tesseract doubted is read again on its own, from a cut shrunk
 * towards tesseract's own line height, and the reading the engine is surer of is kept. Held-out
 * PNG scans 1,356 → 1,363 fields (8 gained, 1 lost, over 6 documents), tuning PNG scans +19, tuning
 * PDF scans +8; held-out PDF scans and PNGs as before.
 */

/**
 * A line at least this many times the page's usual line height is large print: a receipt's shop
 * name stands 1.3–1.5 times as high as its items, whose boxes are tall with the scan's specks.
 * From 1.5 down to 1.25: tuning PNG scans +7, held-out scans unchanged.
 */
const LARGE = 1.25;

/** The line height (pixels) a large line's cut is shrunk towards: about tesseract's own. */
const TARGET_HEIGHT = 36;

/** A line whose every word tesseract is this sure of is left as it was read. */
const SURE = 85;

/**
 * A reading again is kept when its words' mean confidence beats the first reading's by this much
 * and it says about as much (this share of the characters at least).
 */
const SURER_BY = 10;
const AS_MUCH = 0.7;

/** How many times smaller a large line is read again (1: it is not large). */
export function shrinkFor(line: OcrLine, usual: number): number {
  const height = line.bbox.y1 - line.bbox.y0;
  if (height < LARGE * usual) return 1;
  return Math.max(1, Math.round(height / TARGET_HEIGHT));
}

/**
 * The page's lines with each line of large print that tesseract doubted read again, shrunk by
 * `shrinkFor`, where that reading is clearly surer. `reread` reads a region of the page at the
 * given shrink and returns its lines in page pixels. Columns of stacked rows (tall for another
 * reason) are left to `rereadStackedLines`.
 */
export async function rereadLargePrint(
  lines: OcrLine[],
  angle: number,
  page: { width: number; height: number },
  reread: (region: OcrRegion, shrink: number) => Promise<OcrLine[]>,
): Promise<OcrLine[]> {
  const usual = medianOf(lines.filter((l) => l.words.length > 0).map((l) => l.bbox.y1 - l.bbox.y0));
  if (!usual) return lines;
  const stacked = new Set(stackedLines(lines));
  const out: OcrLine[] = [];
  for (const line of lines) {
    const shrink = shrinkFor(line, usual);
    const doubted = line.words.some((w) => w.text.trim() && w.confidence < SURE);
    if (shrink < 2 || !doubted || stacked.has(line)) {
      out.push(line);
      continue;
    }
    const height = line.bbox.y1 - line.bbox.y0;
    const region = paddedRegion(line.bbox, { x: height / 2, y: height / 4 }, angle, page);
    // Only the line's own words: the margins may catch the edge of the lines above and below,
    // and a line made tall by one word's specks reaches into them (the name over "Lindenallee 3a"
    // came back with it, and stood on the page twice): a word nearer another line's word over
    // the same place than this line's middle is that line's.
    const middle = (w: OcrWord) => (w.bbox.y0 + w.bbox.y1) / 2;
    const own = medianOf(line.words.map(middle));
    const others = lines
      .filter((l) => l !== line)
      .flatMap((l) => l.words)
      .filter((w) => /[\p{L}\p{N}]/u.test(w.text) && !isGuess(w));
    const anothers = (w: OcrWord) =>
      others.some((o) => overlaps(o, w) && Math.abs(middle(w) - middle(o)) < Math.abs(middle(w) - own));
    const again = (await reread(region, shrink))
      .flatMap((l) => l.words)
      .filter((w) => middle(w) >= line.bbox.y0 && middle(w) <= line.bbox.y1 && !anothers(w));
    out.push(surer(again, line.words) ? { ...line, words: again } : line);
  }
  return out;
}

/** Is `again` a clearly surer reading of the same print than `first`? */
export function surer(again: OcrWord[], first: OcrWord[]): boolean {
  const said = (words: OcrWord[]) => words.reduce((n, w) => n + w.text.trim().length, 0);
  const sureness = (words: OcrWord[]) =>
    words.reduce((n, w) => n + w.confidence * w.text.trim().length, 0) / Math.max(1, said(words));
  return said(again) >= AS_MUCH * said(first) && sureness(again) >= sureness(first) + SURER_BY;
}
