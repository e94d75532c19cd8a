import { type OcrRegion, type OcrWord, paddedRegion } from './ocr-pool';
import { medianOf, sampledMedian } from './ocr-scale';
import { isGuess } from './ocr-words';
import { type Box, type GrayPage, inkBlobs, inPixels, mergedBoxes, unreadInkCells } from './unread-ink';

/**
 * Fine print beside a value — a 6 pt grey caption over or under a boxed reference ("DATE DE
 * FACTURE" over "12/03/2026") — is what a scan's OCR drops first. Tesseract's whole-page pass
 * merges the caption into the value's line (one word stretched over both, at confidence 0), the
 * large-print reading of that line then reads the value cleanly and the caption is gone; the ink
 * check (unread-ink.ts) does not see it, because the first pass's stretched words cover it, the box
 * borders join it into rule-like blocks, and its grey is lighter than the ink it looks for.
 *
 * So after the page is read, its lighter ink is compared with the words finally kept, with the
 * page's rules taken out first; a thin band of unread ink (lower than the page's usual letters)
 * right over or under a word read is read again on its own, enlarged and with one threshold for
 * the whole cut: the neighbourhood (Sauvola) threshold of a scan's page erases such faint strokes.
 */

/** At most this many bands are read again per page (each a recognition; captions are a handful). */
export const MAX_SMALL_PRINT_REGIONS = 10;

/**
 * Small print's ink is this much darker than the paper: a grey caption, much lighter than the body
 * text's ink (unread-ink.ts looks for 70). From 40 to 30: tuned fine-caption scans +4 fields.
 */
const LIGHT_INK = 30;

/** A band of small print is lower than this share of the page's usual word height… */
const SMALLER_THAN = 0.8;
/** …higher than this share (a dotted rule, specks, a letter's stray serif)… */
const TALLER_THAN = 0.3;
/** …at least this wide (a caption word, not a speck) … */
const WIDER_THAN = 1.2;
/** …and at most this far (in usual word heights) over or under a word read. */
const NEAR = 1.2;

/** A dark run along a row or column at least this many usual word heights long is a rule or a border, not a letter. */
const RULE_ACROSS = 2;
const RULE_DOWN = 1.5;

/**
 * A cell of ink with fewer marked neighbours than this (of eight) is a stroke of a faint, broken
 * border or a speck: a scanned 0.5 pt border breaks into runs too short to be seen as a rule, and
 * would join the caption inside its box into a block too tall to be small print.
 */
const NEIGHBOURS = 3;

/**
 * The bands of small print that no kept word covers, as regions (in the coordinates of the page as
 * tesseract turned it by `angle`) to read again enlarged.
 */
export function smallPrintRegions(page: GrayPage, kept: OcrWord[], angle: number): OcrRegion[] {
  const words = kept.filter((w) => w.text.trim() !== '' && !isGuess(w));
  const usual = medianOf(words.map((w) => w.bbox.y1 - w.bbox.y0));
  if (words.length === 0 || usual < 9) return [];
  // Cells a sixth of a letter high: small print is half a letter or so.
  const cell = Math.max(2, Math.round(usual / 6));
  const threshold = sampledMedian(page.width * page.height, (i) => page.gray[i]) - LIGHT_INK;
  const { missed, cols, rows } = unreadInkCells(page, words, angle, {
    cell,
    margin: usual / 6,
    contrast: LIGHT_INK,
    minInk: Math.max(2, Math.round((cell * cell) / 8)),
    ignored: ruleMask(page, threshold, Math.round(RULE_ACROSS * usual), Math.round(RULE_DOWN * usual)),
  });
  const letters = withoutLoneStrokes(missed, cols, rows);
  const bands = inkBlobs(letters, cols, rows, Math.max(1, Math.round((0.6 * usual) / cell)))
    .map((b) => inPixels(b, cell))
    .filter((b) => {
      const h = b.y1 - b.y0;
      const w = b.x1 - b.x0;
      return (
        h > TALLER_THAN * usual &&
        h < SMALLER_THAN * usual &&
        w >= WIDER_THAN * usual &&
        besideAWord(b, words, usual)
      );
    });
  return joinedAlongRows(bands, usual)
    .slice(0, MAX_SMALL_PRINT_REGIONS)
    .map((b) => paddedRegion(b, { x: Math.round(usual), y: Math.round(usual / 6) }, angle, page));
}

/** The marked cells with at least `NEIGHBOURS` marked cells around them. */
function withoutLoneStrokes(marked: Uint8Array, cols: number, rows: number): Uint8Array {
  const out = new Uint8Array(marked.length);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      if (!marked[y * cols + x]) continue;
      let around = 0;
      for (let ny = Math.max(0, y - 1); ny <= Math.min(rows - 1, y + 1); ny++)
        for (let nx = Math.max(0, x - 1); nx <= Math.min(cols - 1, x + 1); nx++)
          if ((nx !== x || ny !== y) && marked[ny * cols + nx]) around++;
      if (around >= NEIGHBOURS) out[y * cols + x] = 1;
    }
  }
  return out;
}

/** Is the band right over or under a word read (sharing some of its width)? */
function besideAWord(b: { x0: number; y0: number; x1: number; y1: number }, words: OcrWord[], usual: number) {
  return words.some((w) => {
    if (Math.min(b.x1, w.bbox.x1) <= Math.max(b.x0, w.bbox.x0)) return false;
    const gap = w.bbox.y0 >= b.y1 ? w.bbox.y0 - b.y1 : b.y0 >= w.bbox.y1 ? b.y0 - w.bbox.y1 : 0;
    return gap <= NEAR * usual;
  });
}

/** The pixels of dark runs along a row (`across` long or more) or a column (`down`), gaps of a few pixels bridged. */
function ruleMask(page: GrayPage, threshold: number, across: number, down: number): Uint8Array {
  const { gray, width, height } = page;
  const mask = new Uint8Array(width * height);
  const GAP = 3;
  const runs = (count: number, length: number, at: (i: number, j: number) => number, least: number) => {
    for (let i = 0; i < count; i++) {
      let start = -1;
      let last = -1;
      const close = () => {
        if (start >= 0 && last - start + 1 >= least) for (let j = start; j <= last; j++) mask[at(i, j)] = 1;
      };
      for (let j = 0; j < length; j++) {
        if (gray[at(i, j)] >= threshold) continue;
        if (start < 0 || j - last > GAP) {
          close();
          start = j;
        }
        last = j;
      }
      close();
    }
  };
  runs(height, width, (y, x) => y * width + x, across);
  runs(width, height, (x, y) => y * width + x, down);
  return mask;
}

/** Pieces of small print this close (in usual word heights) along a row are one band. */
const JOIN = 1.5;

/**
 * Pieces of one caption side by side ("N. FAT" and "TURA", parted where a letter's grey faded)
 * become one band, read once: a caption read in halves comes back as fragments.
 */
function joinedAlongRows(bands: Box[], usual: number): Box[] {
  return mergedBoxes(
    bands,
    (a, b) => a.x0 - b.x0,
    (row, b) => Math.min(row.y1, b.y1) - Math.max(row.y0, b.y0) > 0 && b.x0 - row.x1 <= JOIN * usual,
  );
}
