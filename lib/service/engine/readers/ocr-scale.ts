/**
 * How much to enlarge an image before OCR. Tesseract reads best with letters ~20–30 px high, so
 * small images are enlarged to `MIN_OCR_WIDTH`. Scans and photos (paper that is not white: grey
 * or yellowish, with blur and specks) are enlarged further, to `MIN_SCAN_OCR_WIDTH`: their soft,
 * noisy letters lose decimal points and lone digits at the smaller size. Measured on the training
 * corpus (receipts and invoices): scanned PNGs 82.8 → 88.3 % of fields at 2,200 px; clean renders
 * instead lose digits when enlarged (93.0 → 90.8 %), so they are left at 1,500 px.
 */
export const MIN_OCR_WIDTH = 1500;
export const MIN_SCAN_OCR_WIDTH = 2200;

/** Paper brighter than this (0–255) is a clean render; a scanner or camera leaves it darker. */
const WHITE_PAPER = 245;

/** Is this paper level (see `paperLevel`) a scan's or a photo's, not a clean render's? */
export const scannedPaper = (paper: number) => paper < WHITE_PAPER;

/** The page's paper brightness: the median luminance of a sample of its pixels (text is a minority). */
export function paperLevel(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): number {
  return sampledMedian(width * height, (i) => {
    const j = i * 4;
    return (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
  });
}

/** The middle value (the upper one of an even count), 0 for none. */
export function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The median of `level(i)` (0–255) over a sample of about 40,000 of the `n` pixels: plenty for a median. */
export function sampledMedian(n: number, level: (i: number) => number): number {
  const hist = new Uint32Array(256);
  // An odd stride spreads the sample over the columns.
  const stride = Math.max(1, Math.floor(n / 40_000)) | 1;
  let count = 0;
  for (let i = 0; i < n; i += stride) {
    hist[level(i)]++;
    count++;
  }
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc * 2 >= count) return v;
  }
  return 255;
}

/**
 * The factor to enlarge an image of this size by before OCR (at most 3; 1 = as it is), keeping the
 * enlarged page within `MAX_ENLARGED_PIXELS`.
 */
export function ocrScale(width: number, paper: number, height = width): number {
  const target = scannedPaper(paper) ? MIN_SCAN_OCR_WIDTH : MIN_OCR_WIDTH;
  const wanted = width < target ? Math.min(3, target / width) : 1;
  const room = Math.min(
    Math.sqrt(MAX_ENLARGED_PIXELS / (width * height)),
    MAX_OCR_SIDE / Math.max(width, height),
  );
  return Math.max(1, Math.min(wanted, room));
}

/** The longest side tesseract reads (pixels): a page any longer is refused by it (`Aborted()`). */
export const MAX_OCR_SIDE = 32_767;

/**
 * Pixels an image may be enlarged to for OCR: a long till roll 2,200 px wide and 18,000 high. The
 * image's own pixels are bounded by the service's limit (EMEND_MAX_IMAGE_PIXELS); enlarging a
 * narrow one three times over made nine times as many, each held several times while it is read.
 * A 700 × 10,000 roll: 1.0 GB and 6.8 s before, 0.76 GB and 4.9 s now, the same 25 lines read; a
 * 700 × 40,000 one took 3.2 GB before tesseract refused it (now refused up front, see `MAX_OCR_SIDE`).
 */
export const MAX_ENLARGED_PIXELS = 40_000_000;
