import { levelledCut } from './level';
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
 * Sometimes the words kept are stretched too: "PO-3" over "PO NUMBER", its box covering both.
 *
 * So after the page is read, a word much taller than the page's usual is cut down to its own band
 * of ink when another band of print stands over or under it in its box; the page's lighter ink is
 * compared with the words so kept, with the page's rules taken out first; a thin band of unread
 * ink right over or under a word read is read again on its own, enlarged and with one threshold
 * for the whole cut: the neighbourhood (Sauvola) threshold of a scan's page erases such faint
 * strokes. Tuned reference-strip PNG scans 599 -> 614 of 722 fields, kept-out fine-caption-under
 * 437 -> 460 of 764, all tuning PDF scans 5,658 -> 5,676 of 6,315; held-out scans as before but
 * one field gained.
 */

/** At most this many bands are read again per page (each a recognition; captions are a handful). */
export const MAX_SMALL_PRINT_REGIONS = 10;

/**
 * Small print's ink is this much darker than the paper: a grey caption, much lighter than the body
 * text's ink (unread-ink.ts looks for 70). From 40 to 30: tuned fine-caption scans +4 fields.
 */
const LIGHT_INK = 30;

/**
 * A band of small print is lower than the page's usual word height (this share of it): a 6 pt
 * caption's band, rounded out to whole cells, stands two thirds to nine tenths as high. From 0.8,
 * with stretched words cut down (`trimmedToItsInk`): tuned fine-caption PNG scans +10 fields.
 */
const SMALLER_THAN = 1;
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
 * tesseract turned it by `angle`) to read again enlarged; and the kept words, each one stretched
 * over small print cut down to its own print.
 */
export function findSmallPrint(
  page: GrayPage,
  kept: OcrWord[],
  angle: number,
): { regions: OcrRegion[]; words: OcrWord[] } {
  const words = kept.filter((w) => w.text.trim() !== '' && !isGuess(w));
  const usual = medianOf(words.map((w) => w.bbox.y1 - w.bbox.y0));
  if (words.length === 0 || usual < 9) return { regions: [], words: kept };
  // Cells a sixth of a letter high: small print is half a letter or so.
  const cell = Math.max(2, Math.round(usual / 6));
  const threshold = sampledMedian(page.width * page.height, (i) => page.gray[i]) - LIGHT_INK;
  const trimmed = new Map(kept.map((w) => [w, trimmedToItsInk(page, w, usual, threshold, angle)]));
  const seen = words.map((w) => trimmed.get(w) as OcrWord);
  const { missed, cols, rows } = unreadInkCells(page, seen, angle, {
    cell,
    margin: usual / 6,
    threshold,
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
  const regions = joinedAlongRows(bands, usual)
    .slice(0, MAX_SMALL_PRINT_REGIONS)
    .map((b) => paddedRegion(b, { x: Math.round(usual), y: Math.round(usual / 6) }, angle, page));
  return { regions, words: kept.map((w) => trimmed.get(w) as OcrWord) };
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

/** A word this many usual heights tall may be stretched over small print beside it. */
const STRETCHED = 1.3;
/** Print beside a word's own: a band at least this share of a usual word high, with this share of the word's ink. */
const PRINT_HIGH = 0.2;
const PRINT_INK = 0.1;
/** A word's own print is at least this share of a usual word high. */
const OWN_HIGH = 0.6;

/**
 * A word whose box tesseract stretched over a caption beside it ("PO-3" over "PO NUMBER") covers
 * the caption: its box is cut down to its own band of ink, the inkiest of the bands of rows with
 * ink that blank rows part (rows taken along the page's skew).
 */
function trimmedToItsInk(
  page: GrayPage,
  w: OcrWord,
  usual: number,
  threshold: number,
  angle: number,
): OcrWord {
  const { x0, y0, x1, y1 } = w.bbox;
  if (y1 - y0 < STRETCHED * usual) return w;
  const top = Math.max(0, Math.floor(y0));
  const left = Math.max(0, Math.floor(x0));
  const cut = {
    left,
    top,
    width: Math.min(page.width, Math.ceil(x1)) - left,
    height: Math.min(page.height, Math.ceil(y1)) - top,
  };
  if (cut.width <= 0 || cut.height <= 0) return w;
  // The box is on the page as tesseract turned it: its pixels are taken back from the scan.
  const pixels = levelledCut(page, -angle, cut, 'nearest');
  const inkByRow: number[] = [];
  for (let y = 0; y < cut.height; y++) {
    let ink = 0;
    for (let x = 0; x < cut.width; x++) if (pixels[y * cut.width + x] < threshold) ink++;
    inkByRow.push(ink);
  }
  const blank = Math.max(2, Math.round(usual / 8));
  const bands: { from: number; to: number; ink: number }[] = [];
  let gap = blank;
  for (const [i, ink] of inkByRow.entries()) {
    if (ink < 2) {
      gap++;
      continue;
    }
    if (gap >= blank || bands.length === 0) bands.push({ from: i, to: i, ink: 0 });
    const band = bands[bands.length - 1];
    band.to = i;
    band.ink += ink;
    gap = 0;
  }
  if (bands.length < 2) return w;
  const own = bands.reduce((a, b) => (b.ink > a.ink ? b : a));
  const ownHigh = own.to - own.from + 1;
  // The word's own print is a letter high at least; what stands beside it is smaller.
  if (ownHigh < OWN_HIGH * usual) return w;
  // Another band must look like print: a speck or an underline's edge leaves the box as it is.
  const print = bands.some(
    (b) =>
      b !== own &&
      b.to - b.from + 1 >= PRINT_HIGH * usual &&
      b.to - b.from + 1 < ownHigh &&
      b.ink >= PRINT_INK * own.ink,
  );
  if (!print) return w;
  return { ...w, bbox: { x0, x1, y0: top + own.from, y1: top + own.to + 1 } };
}
