import { type OcrLine, type OcrRegion, type OcrWord, paddedRegion } from './ocr-pool';
import { medianOf, sampledMedian } from './ocr-scale';
import { isGuess } from './ocr-words';

/**
 * Tesseract's layout analysis (page segmentation 3) sometimes drops whole parts of a page: a column
 * of amounts beside a dashed rule, the cents after a decimal point, the right half of a table row.
 * The text is there, on the page, and nothing reports it. So the page's ink is compared with what
 * was read: ink far from every word read is text that was missed, and each such block is read
 * again on its own (page segmentation 6), its words added to the page's.
 */

/** A greyscale page (one byte per pixel, dark-on-light as `normalizeForOcr` leaves it). */
export interface GrayPage {
  gray: Uint8Array;
  width: number;
  height: number;
}

/** At most this many blocks are read again per page: each costs a recognition, and noise could ask for hundreds. */
export const MAX_UNREAD_REGIONS = 12;

/**
 * The narrowest block read again, in letter heights: a lone digit ("1", "3" in a quantity column,
 * which tesseract drops more often than any word) is about a third of a letter height wide.
 */
const NARROWEST = 0.25;

/** Ink is this much darker than the paper. */
const INK_CONTRAST = 70;

/**
 * The blocks of ink that no word read covers, in the coordinates of the turned page tesseract read
 * (it deskews by `angle` radians about the centre), as regions to read again: each a group of
 * missed lines stacked in one column, with white margins. Specks, rules and borders (too small,
 * too thin) are not text and are left out.
 */
export function unreadInkRegions(page: GrayPage, lines: OcrLine[], angle: number): OcrRegion[] {
  // A guess's ink is read again: "5}" where a lone "1" stands.
  const words = lines.flatMap((l) => l.words).filter((w) => w.text.trim() !== '' && !isGuess(w));
  const usual = medianOf(words.map((w) => w.bbox.y1 - w.bbox.y0));
  if (words.length === 0 || usual < 6) return [];
  // Cells a quarter of a letter high: fine enough to follow words, coarse enough to be cheap.
  const cell = Math.max(3, Math.round(usual / 4));
  const { missed, cols, rows } = unreadInkCells(page, words, angle, {
    cell,
    margin: usual / 3,
    threshold: sampledMedian(page.width * page.height, (i) => page.gray[i]) - INK_CONTRAST,
    minInk: Math.max(2, Math.round((cell * cell) / 12)),
  });

  const blobs = inkBlobs(missed, cols, rows, Math.max(1, Math.round((0.7 * usual) / cell)));
  const text = blobs
    // A rule (with specks along it) is about one cell thick all along; letters fill more than that.
    .filter((b) => b.cells >= 1.6 * (b.x1 - b.x0 + 1))
    .map((b) => inPixels(b, cell))
    .filter((b) => {
      const h = b.y1 - b.y0;
      const w = b.x1 - b.x0;
      // A letter or more: not a speck, not a rule (too thin), not a border or a picture (too tall).
      return h >= 0.65 * usual && h <= 2.5 * usual && w >= NARROWEST * usual && b.cells >= 4;
    });
  for (const box of text) widenToTouchingWords(box, words, usual);
  return stackIntoColumns(text, usual)
    .slice(0, MAX_UNREAD_REGIONS)
    .map((b) => paddedRegion(b, { x: Math.round(usual), y: Math.round(usual / 2) }, angle, page));
}

/**
 * The page's ink that no word read covers, on a grid of `cell`-pixel squares of the turned page
 * tesseract read (it deskews by `angle` radians about the centre): a square is marked when the page
 * as scanned has at least `minInk` pixels darker than `threshold` there (`ignored` pixels not
 * counted) and no word's box, grown by `margin`, reaches it.
 */
export function unreadInkCells(
  page: GrayPage,
  words: OcrWord[],
  angle: number,
  grid: { cell: number; margin: number; threshold: number; minInk: number; ignored?: Uint8Array },
): { missed: Uint8Array; cols: number; rows: number } {
  const { width, height, gray } = page;
  const { cell, margin, threshold, minInk, ignored } = grid;
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const covered = new Uint8Array(cols * rows);
  for (const w of words) {
    const x0 = Math.max(0, Math.floor((w.bbox.x0 - margin) / cell));
    const x1 = Math.min(cols - 1, Math.floor((w.bbox.x1 + margin) / cell));
    const y0 = Math.max(0, Math.floor((w.bbox.y0 - margin) / cell));
    const y1 = Math.min(rows - 1, Math.floor((w.bbox.y1 + margin) / cell));
    for (let y = y0; y <= y1; y++) covered.fill(1, y * cols + x0, y * cols + x1 + 1);
  }
  // Tesseract reports the skew it corrected; the turned page has each point turned back by it.
  const cos = Math.cos(angle);
  const sin = -Math.sin(angle);
  const cx = width / 2;
  const cy = height / 2;
  const missed = new Uint8Array(cols * rows);
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < cols; gx++) {
      let ink = 0;
      const yEnd = Math.min(height, (gy + 1) * cell);
      const xEnd = Math.min(width, (gx + 1) * cell);
      for (let y = gy * cell; y < yEnd && ink < minInk; y++) {
        const row = y * width;
        for (let x = gx * cell; x < xEnd; x++) if (gray[row + x] < threshold && !ignored?.[row + x]) ink++;
      }
      if (ink < minInk) continue;
      const dx = (gx + 0.5) * cell - cx;
      const dy = (gy + 0.5) * cell - cy;
      const tx = Math.floor((cx + dx * cos + dy * sin) / cell);
      const ty = Math.floor((cy - dx * sin + dy * cos) / cell);
      if (tx < 0 || ty < 0 || tx >= cols || ty >= rows) continue;
      if (!covered[ty * cols + tx]) missed[ty * cols + tx] = 1;
    }
  }
  return { missed, cols, rows };
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  cells: number;
}

/** A box of grid cells as the page's pixels it spans. */
export const inPixels = (b: Box, cell: number): Box => ({
  x0: b.x0 * cell,
  y0: b.y0 * cell,
  x1: (b.x1 + 1) * cell,
  y1: (b.y1 + 1) * cell,
  cells: b.cells,
});

/** Connected groups of marked cells, joined across horizontal gaps up to `reach` cells (letters into words into phrases). */
export function inkBlobs(marked: Uint8Array, cols: number, rows: number, reach: number): Box[] {
  const seen = new Uint8Array(cols * rows);
  const out: Box[] = [];
  const stack: number[] = [];
  for (let start = 0; start < marked.length; start++) {
    if (!marked[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    const box = { x0: cols, y0: rows, x1: 0, y1: 0, cells: 0 };
    while (stack.length > 0) {
      const i = stack.pop() as number;
      const x = i % cols;
      const y = (i - x) / cols;
      box.x0 = Math.min(box.x0, x);
      box.x1 = Math.max(box.x1, x);
      box.y0 = Math.min(box.y0, y);
      box.y1 = Math.max(box.y1, y);
      box.cells++;
      const visit = (nx: number, ny: number) => {
        if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) return;
        const j = ny * cols + nx;
        if (marked[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      };
      visit(x, y - 1);
      visit(x, y + 1);
      for (let d = 1; d <= reach; d++) {
        visit(x - d, y);
        visit(x + d, y);
      }
    }
    out.push(box);
  }
  return out;
}

/**
 * A missed piece often sits right beside a word that was read — the cents after "296." — and only
 * reading both together gives the whole value ("296.14", not "296." and ".14"): the box takes in
 * the words of its row that it (nearly) touches.
 */
function widenToTouchingWords(box: Box, words: OcrWord[], usual: number) {
  const reach = 0.8 * usual;
  for (let grown = true; grown; ) {
    grown = false;
    for (const w of words) {
      const mid = (w.bbox.y0 + w.bbox.y1) / 2;
      if (mid < box.y0 - usual / 3 || mid > box.y1 + usual / 3) continue;
      if (w.bbox.x0 >= box.x0 && w.bbox.x1 <= box.x1) continue;
      if (w.bbox.x1 >= box.x0 - reach && w.bbox.x0 <= box.x1 + reach) {
        box.x0 = Math.min(box.x0, w.bbox.x0);
        box.x1 = Math.max(box.x1, w.bbox.x1);
        grown = true;
      }
    }
  }
}

/** Missed lines one above the other in one column become one block (one recognition, not one per line). */
function stackIntoColumns(boxes: Box[], usual: number): Box[] {
  return mergedBoxes(
    boxes,
    (a, b) => a.y0 - b.y0,
    (g, b) => {
      const overlap = Math.min(g.x1, b.x1) - Math.max(g.x0, b.x0);
      return overlap >= 0.5 * Math.max(g.x1 - g.x0, b.x1 - b.x0) && b.y0 - g.y1 <= 2.5 * usual;
    },
  );
}

/**
 * Boxes taken in `order`, each merged into the first group it `joins` (or starting one); the
 * groups come back with the most ink first: when there are more than may be read, the largest are.
 */
export function mergedBoxes(
  boxes: Box[],
  order: (a: Box, b: Box) => number,
  joins: (group: Box, b: Box) => boolean,
): Box[] {
  const groups: Box[] = [];
  for (const b of [...boxes].sort(order)) {
    const group = groups.find((g) => joins(g, b));
    if (!group) {
      groups.push({ ...b });
      continue;
    }
    group.x0 = Math.min(group.x0, b.x0);
    group.y0 = Math.min(group.y0, b.y0);
    group.x1 = Math.max(group.x1, b.x1);
    group.y1 = Math.max(group.y1, b.y1);
    group.cells += b.cells;
  }
  return groups.sort((a, b) => b.cells - a.cells);
}

/**
 * The page's words with what reading a missed block again found: a word read again replaces the
 * words of the first reading it overlaps when it has more to say ("296.14" over "296."), and is
 * left out when it only repeats them; low-confidence noise is left out. A lone figure has no
 * letters around it to lend it confidence (a clear "3" in a quantity column came back at 38): it
 * is kept from 30, where `isGuess` draws the line.
 */
export function mergeReread(known: OcrWord[], found: OcrWord[]): OcrWord[] {
  let out = known;
  for (const w of found) {
    const text = w.text.trim();
    if (text === '' || w.confidence < (LONE_FIGURE.test(text) ? 30 : 40)) continue;
    const overlapping = out.filter((k) => overlaps(k, w));
    const said = overlapping.filter((k) => !isGuess(k)).reduce((n, k) => n + k.text.trim().length, 0);
    if (overlapping.length > 0 && text.length <= said) continue;
    out = [...out.filter((k) => !overlapping.includes(k)), w];
  }
  return out;
}

const LONE_FIGURE = /^\d{1,3}$/;

/** Two word boxes on the same line that share some width. */
export function overlaps(a: OcrWord, b: OcrWord): boolean {
  const my = (b.bbox.y0 + b.bbox.y1) / 2;
  const sameLine = my >= a.bbox.y0 && my <= a.bbox.y1;
  return sameLine && Math.min(a.bbox.x1, b.bbox.x1) > Math.max(a.bbox.x0, b.bbox.x0);
}
