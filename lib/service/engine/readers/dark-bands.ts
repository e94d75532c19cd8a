import { estimateTextHeight } from './vertical-rules';

/**
 * Light-on-dark bands (a table's coloured heading row, a title bar) turned into dark text on white
 * from edge to edge. `normalizeForOcr` inverts where the page is dark around a pixel, which misses
 * a band's ends and edges, where the surroundings are half paper: "Importe" lost its "e" at the
 * band's right end, and the band's left end was read as an "r". Here a band is one connected patch
 * of dark pixels, much wider than a line is high, a line high or more, and mostly dark. Each of its
 * columns is inverted from its top to its bottom (so a band that leans with a scan is followed) and
 * stretched so that the band's colour becomes white.
 *
 * `original` is the page before inversion; `out` the normalised page, changed in place. Returns
 * how many bands were turned.
 */
export function invertDarkBands(
  original: Uint8Array,
  out: Uint8Array,
  width: number,
  height: number,
): number {
  // The text's height on the page as normalised: a band's own columns are no letters' strokes.
  const lineHeight = estimateTextHeight({ gray: out, width, height });
  if (lineHeight < 4) return 0;
  // Runs of dark pixels row by row, joined into patches where they touch the row above.
  const runStart: number[] = [];
  const runEnd: number[] = [];
  const runY: number[] = [];
  const parent: number[] = [];
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  let prevFirst = 0;
  let prevLast = 0;
  for (let y = 0; y < height; y++) {
    const first = runStart.length;
    const row = y * width;
    let scan = prevFirst;
    for (let x = 0; x < width; ) {
      if (original[row + x] >= DARK) {
        x++;
        continue;
      }
      const start = x;
      while (x < width && original[row + x] < DARK) x++;
      const id = runStart.length;
      runStart.push(start);
      runEnd.push(x - 1);
      runY.push(y);
      parent.push(id);
      // Runs of the row above that end before this one starts touch none of the runs after it.
      while (scan < prevLast && runEnd[scan] < start) scan++;
      for (let p = scan; p < prevLast; p++) {
        if (runStart[p] > x - 1) break;
        const a = find(p);
        const b = find(id);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
      if (runStart.length > MAX_RUNS) return 0;
    }
    prevFirst = first;
    prevLast = runStart.length;
  }
  // Each patch's extent and dark area.
  const patches = new Map<number, { x0: number; x1: number; y0: number; y1: number; area: number }>();
  for (let i = 0; i < runStart.length; i++) {
    const root = find(i);
    const p = patches.get(root);
    const len = runEnd[i] - runStart[i] + 1;
    if (!p) patches.set(root, { x0: runStart[i], x1: runEnd[i], y0: runY[i], y1: runY[i], area: len });
    else {
      p.x0 = Math.min(p.x0, runStart[i]);
      p.x1 = Math.max(p.x1, runEnd[i]);
      p.y1 = runY[i];
      p.area += len;
    }
  }
  // Candidates by their extent; then each column's top and bottom, to measure how dark they are
  // (arrays as wide as the patch, not the page: a page of many small patches stays cheap).
  const columns = new Map<number, { top: Int32Array; bottom: Int32Array }>();
  for (const [root, p] of patches) {
    const w = p.x1 - p.x0 + 1;
    const h = p.y1 - p.y0 + 1;
    if (w < 4 * lineHeight || h < lineHeight || h > 8 * lineHeight) continue;
    columns.set(root, { top: new Int32Array(w).fill(height), bottom: new Int32Array(w).fill(-1) });
  }
  if (columns.size === 0) return 0;
  for (let i = 0; i < runStart.length; i++) {
    const root = find(i);
    const c = columns.get(root);
    if (!c) continue;
    const x0 = patches.get(root)!.x0;
    for (let x = runStart[i]; x <= runEnd[i]; x++) {
      if (runY[i] < c.top[x - x0]) c.top[x - x0] = runY[i];
      if (runY[i] > c.bottom[x - x0]) c.bottom[x - x0] = runY[i];
    }
  }
  let inverted = 0;
  for (const [root, { top: t, bottom: b }] of columns) {
    const p = patches.get(root)!;
    const w = p.x1 - p.x0 + 1;
    let span = 0;
    for (let c = 0; c < w; c++) if (b[c] >= t[c]) span += b[c] - t[c] + 1;
    // Mostly dark between its edges (a grid of thin borders is not), a line high or more in its
    // columns (an underlined title's are not: the underline's columns are a pixel or two) and a few
    // lines at most, even when it leans.
    if (p.area < 0.6 * span || span < 0.8 * lineHeight * w || span > 5 * lineHeight * w) continue;
    // Inverted and stretched so that the band's own colour becomes white paper (a mid-grey or
    // coloured band would otherwise stay grey behind the text).
    const level = bandLevel(original, width, t, b, p.x0);
    const stretch = 255 / Math.max(1, 255 - level);
    for (let c = 0; c < w; c++) {
      for (let y = t[c]; y <= b[c]; y++) {
        const i = y * width + p.x0 + c;
        out[i] = Math.min(255, Math.round((255 - original[i]) * stretch));
      }
    }
    inverted++;
  }
  return inverted;
}

/** The band's colour: the median grey of its columns (its text is a minority of it). */
function bandLevel(gray: Uint8Array, width: number, top: Int32Array, bottom: Int32Array, x0: number): number {
  const hist = new Uint32Array(256);
  let count = 0;
  for (let c = 0; c < top.length; c += 2) {
    for (let y = top[c]; y <= bottom[c]; y += 2) {
      hist[gray[y * width + x0 + c]]++;
      count++;
    }
  }
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v];
    if (2 * seen >= count) return v;
  }
  return 0;
}

/** A band's background is darker than this (0–255): the mid-grey of a printed heading row or darker. */
const DARK = 140;

/** A page with more dark runs than this is a photo or noise: its bands are left to `normalizeForOcr`. */
const MAX_RUNS = 600_000;
