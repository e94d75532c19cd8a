import { UnreadableDocumentError } from '../errors';
import { type Fragment, fragmentsToLines, type VerticalRule } from '../layout';
import type { Line, Page } from '../types';
import { invertDarkBands } from './dark-bands';
import { flattenedPaper } from './flat-paper';
import { rereadLargePrint } from './large-print';
import { levelledCut } from './level';
import { captionColumns, tableColumns } from './ocr-columns';
import {
  type Binarization,
  type OcrRegion,
  type OcrWord,
  type PageOcrSettings,
  poolSize,
  recognizeLines,
  spareCoreFree,
} from './ocr-pool';
import { MAX_OCR_SIDE, medianOf, ocrScale, paperLevel, scannedPaper } from './ocr-scale';
import { DEFAULT_OCR_PDF_SCALE, type OcrLanguage, type OcrSettings } from './ocr-settings';
import {
  dashesBetweenWords,
  isGuess,
  numberParted,
  sharpSRepaired,
  withoutBorders,
  wordsRepaired,
} from './ocr-words';
import { enlarged, readInPageLanguage, shrunk } from './page-language';
import type { PdfDocumentProxy } from './pdf';
import { toPgm } from './pgm';
import { findSmallPrint } from './small-print';
import { rereadStackedLines } from './stacked-columns';
import { type GrayPage, mergeReread, unreadInkRegions } from './unread-ink';
import { eraseVerticalRules, turnRules } from './vertical-rules';

export { shutdownOcr } from './ocr-pool';

function wordsToLines(words: OcrWord[], page: OcrPage): Line[] {
  const { width, height } = page;
  const median = medianOf(words.map((w) => w.bbox.y1 - w.bbox.y0));
  const repaired = wordsRepaired(words);
  // Dashes between words are kept (see dashesBetweenWords); every other lone mark is a speck.
  // Their words pass the repairs below as they are (none touches a lone dash), so they are known
  // by identity to the end.
  const dashes = dashesBetweenWords(repaired, median);
  const fragments: Fragment[] = repaired
    // Dust read as a letter: far smaller than the text around it.
    .filter((w) => dashes.has(w) || w.bbox.y1 - w.bbox.y0 >= 0.35 * median || w.text.trim().length > 2)
    .map((w) => withoutBorders(w, median))
    .map(sharpSRepaired)
    .map(numberParted)
    // Specks, rules and dust come back as short "words" without a letter or digit.
    .filter((w) => {
      if (dashes.has(w)) return true;
      const t = w.text.trim();
      if (t === '') return false;
      if (!/[\p{L}\p{N}$€£¥₹%&@#№]/u.test(t) && t.length <= 3) return false;
      return !isGuess(w);
    })
    .map((w) => ({
      text: dashes.get(w) ?? w.text,
      x: w.bbox.x0,
      y: w.bbox.y0,
      w: w.bbox.x1 - w.bbox.x0,
      h: w.bbox.y1 - w.bbox.y0,
    }));
  const rules = turnRules(page.rules, page.angle, width, height);
  const lines = fragmentsToLines(fragments, width, height, { spanGap: 1.4, rules, wordFragments: true });
  // Columns seen in the rows that came out as table rows split the rows where two cells ran together.
  const columns = tableColumns(lines, width, height, median);
  // So do the gaps between values under a row of captions.
  columns.starts.push(...captionColumns(lines, fragments, width, height, median));
  if (columns.starts.length + columns.ends.length === 0) return lines;
  return fragmentsToLines(fragments, width, height, { spanGap: 1.4, columns, rules, wordFragments: true });
}

/** A page as read: its size, its table borders, and the skew tesseract corrected (radians). */
interface OcrPage {
  width: number;
  height: number;
  rules: VerticalRule[];
  angle: number;
}

/** Width and height from the header of PNG, JPEG, WebP, TIFF, GIF or BMP bytes. */
export function imageSize(b: Uint8Array): { width: number; height: number } | null {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length > 24 && b[0] === 0x89 && b[1] === 0x50)
    return { width: dv.getUint32(16), height: dv.getUint32(20) };
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1];
      const len = dv.getUint16(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: dv.getUint16(i + 7), height: dv.getUint16(i + 5) };
      }
      i += 2 + len;
    }
    return null;
  }
  if (b.length > 30 && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP') {
    const chunk = String.fromCharCode(...b.subarray(12, 16));
    if (chunk === 'VP8X')
      return {
        width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)),
        height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)),
      };
    if (chunk === 'VP8L') {
      const bits = dv.getUint32(21, true);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
    if (chunk === 'VP8 ')
      return { width: dv.getUint16(26, true) & 0x3fff, height: dv.getUint16(28, true) & 0x3fff };
    return null;
  }
  if (b.length > 8 && ((b[0] === 0x49 && b[1] === 0x49) || (b[0] === 0x4d && b[1] === 0x4d))) {
    const le = b[0] === 0x49;
    const ifd = dv.getUint32(4, le);
    if (ifd + 2 > b.length) return null;
    const n = dv.getUint16(ifd, le);
    let width = 0;
    let height = 0;
    for (let k = 0; k < n; k++) {
      const e = ifd + 2 + k * 12;
      if (e + 12 > b.length) break;
      const tag = dv.getUint16(e, le);
      const type = dv.getUint16(e + 2, le);
      const value = type === 3 ? dv.getUint16(e + 8, le) : dv.getUint32(e + 8, le);
      if (tag === 256) width = value;
      if (tag === 257) height = value;
    }
    return width && height ? { width, height } : null;
  }
  if (b.length > 10 && b[0] === 0x47 && b[1] === 0x49)
    return { width: dv.getUint16(6, true), height: dv.getUint16(8, true) };
  if (b.length > 26 && b[0] === 0x42 && b[1] === 0x4d)
    return { width: dv.getInt32(18, true), height: Math.abs(dv.getInt32(22, true)) };
  return null;
}

/**
 * Greyscale, with light-on-dark regions (coloured header bands, dark table headers) turned into
 * dark-on-light: tesseract's global thresholding loses inverted text. A pixel is inverted when the
 * mean brightness around it is dark at two scales: about a line high (thin header bands) and a few
 * lines high (so that a bold black word on white, dark only up close, stays as it is).
 * Returns one byte per pixel.
 */
export function normalizeForOcr(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  /** How many times the image was enlarged: the windows are measured in its own pixels. */
  enlarged = 1,
): Uint8Array {
  const n = width * height;
  const gray = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    gray[i] = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
  }
  const [near, around] = darkWindows(width, enlarged);
  const small = new BoxSums(gray, width, height, near);
  const large = new BoxSums(gray, width, height, around);
  const out = new Uint8Array(n);
  for (let y = 0; y < height; y++) {
    const near = small.row(y);
    // The wide window is summed along a row only when a pixel of it is dark up close.
    let wide: Float64Array | null = null;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      let dark = false;
      if (small.mean(near, x) < 140) {
        wide ??= large.row(y);
        dark = large.mean(wide, x) < 155;
      }
      out[i] = dark ? 255 - gray[i] : gray[i];
    }
  }
  invertDarkBands(gray, out, width, height);
  return out;
}

/**
 * The radii of `normalizeForOcr`'s two windows, from the page's width, never under a few pixels
 * of the image as it came (`enlarged`: how many times it was enlarged since).
 */
function darkWindows(width: number, enlarged: number): [number, number] {
  const radius = (least: number, share: number) =>
    Math.round(enlarged * Math.max(least, width / enlarged / share));
  return [radius(6, 120), radius(15, 45)];
}

/**
 * Means of a square window (`radius` around the pixel, cut at the page's edges) along one row at
 * a time, rows taken top to bottom: column sums slide down the page with the window, and a running
 * total along the row gives any window's sum in two lookups. The pixels are read in order and
 * memory stays a row's worth (a page-sized summed-area table cost ~0.4 s a scan).
 */
class BoxSums {
  private readonly columns: Float64Array;
  private readonly running: Float64Array;
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private top = 0;
  private bottom = 0;
  private rows = 0;

  constructor(
    private readonly gray: Uint8Array,
    private readonly width: number,
    private readonly height: number,
    private readonly radius: number,
  ) {
    this.columns = new Float64Array(width);
    this.running = new Float64Array(width + 1);
    this.lo = new Int32Array(width);
    this.hi = new Int32Array(width);
    for (let x = 0; x < width; x++) {
      this.lo[x] = Math.max(0, x - radius);
      this.hi[x] = Math.min(width, x + radius + 1);
    }
  }

  /** Moves the window down to row `y` (rows only ever go down) and sums along it. */
  row(y: number): Float64Array {
    const from = Math.max(0, y - this.radius);
    const to = Math.min(this.height, y + this.radius + 1);
    const { gray, columns, running, width } = this;
    for (; this.bottom < to; this.bottom++) {
      const row = this.bottom * width;
      for (let x = 0; x < width; x++) columns[x] += gray[row + x];
    }
    for (; this.top < from; this.top++) {
      const row = this.top * width;
      for (let x = 0; x < width; x++) columns[x] -= gray[row + x];
    }
    this.rows = to - from;
    for (let x = 0; x < width; x++) running[x + 1] = running[x] + columns[x];
    return running;
  }

  /** The window's mean around column `x`, from the totals `row` returned for the current row. */
  mean(running: Float64Array, x: number): number {
    const lo = this.lo[x];
    const hi = this.hi[x];
    return (running[hi] - running[lo]) / (this.rows * (hi - lo));
  }
}

/** Formats handed to the native canvas decoder; anything else (TIFF: it crashes the process) goes to tesseract as is. */
const CANVAS_SAFE = new Set(['image/png', 'image/jpeg', 'image/webp']);

async function prepareImage(bytes: Uint8Array, size: { width: number; height: number }, mimeType: string) {
  const asIs = { image: Buffer.from(bytes), gray: null, rules: [], binarization: 'global' as const, ...size };
  if (!CANVAS_SAFE.has(mimeType)) return asIs;
  let canvasModule: typeof import('@napi-rs/canvas');
  try {
    canvasModule = await import('@napi-rs/canvas');
  } catch {
    // Without the canvas package tesseract reads the original (no enlarging, no inversion).
    return asIs;
  }
  let img: Awaited<ReturnType<typeof canvasModule.loadImage>>;
  try {
    img = await canvasModule.loadImage(Buffer.from(bytes));
  } catch (error) {
    throw new UnreadableDocumentError(
      `The image (${mimeType}) could not be decoded: it is damaged or truncated.`,
      {
        cause: error,
      },
    );
  }
  // The paper's tone decides how much to enlarge (scans more than clean renders): read it at size.
  const probe = canvasModule.createCanvas(size.width, size.height).getContext('2d');
  probe.fillStyle = '#fff';
  probe.fillRect(0, 0, size.width, size.height);
  probe.drawImage(img, 0, 0);
  const paper = paperLevel(probe.getImageData(0, 0, size.width, size.height).data, size.width, size.height);
  const scale = ocrScale(size.width, paper, size.height);
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);
  const canvas = canvasModule.createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(img, 0, 0, width, height);
  return pageForOcr(ctx.getImageData(0, 0, width, height).data, width, height, paper, scale);
}

/**
 * A rendered or decoded page as tesseract is given it: greyscale with dark bands turned, its
 * vertical rules found and painted over; a scan's to be binarised locally (see `Binarization`).
 */
function pageForOcr(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  /** The paper's level, when already measured (an image's, before it was enlarged by it). */
  paper = paperLevel(rgba, width, height),
  /** How many times an image was enlarged for OCR (see `ocrScale`). */
  enlarged = 1,
) {
  const binarization: Binarization = scannedPaper(paper) ? 'local' : 'global';
  const gray = normalizeForOcr(rgba, width, height);
  const { rules } = eraseVerticalRules({ gray, width, height });
  // An enlarged narrow page's windows, measured on its enlarged pixels, fall inside the bold
  // letters of its large print and turn their middles white ("Sumermercaco" for "Supermercado").
  // Its large print is read again from pixels whose windows keep the image's own size; the page
  // itself is read as before: normalised that way too, held-out PNG scans lost 3 fields (a page
  // changed anywhere is grouped into lines differently by tesseract, for better or worse).
  const ownSize = darkWindows(width, enlarged);
  const largePrint =
    ownSize.join() === darkWindows(width, 1).join() ? gray : normalizeForOcr(rgba, width, height, enlarged);
  return { image: toPgm(gray, width, height), gray, largePrint, width, height, rules, binarization };
}

/** A page's pixels as OCR reads them (`gray`: null when tesseract decodes the file itself). */
interface PagePixels {
  width: number;
  height: number;
  gray: Uint8Array | null;
  /** The page as its large print is read again (see `pageForOcr`); `gray` when left out. */
  largePrint?: Uint8Array;
  binarization: Binarization;
}

/** Reads one page (see `recognizePage`), a second time from a flattened copy when it gave next to nothing. */
async function recognizeIn(image: Buffer, page: PagePixels, settings: PageOcrSettings): Promise<PageReading> {
  const read = await recognizePage(image, page, settings);
  if (!page.gray) return read;
  const sure = sureWords(read.words);
  // Tesseract may have taken a grainy page, or much of it, for a picture (see flat-paper.ts).
  const nothing = sure < FEW_WORDS;
  const muchMissed = read.unread.blocks >= MISSED_BLOCKS && read.unread.share >= MISSED_SHARE;
  if (!nothing && !muchMissed) return read;
  // The flattened copy's paper is white: one threshold does.
  const flat = {
    ...flattenedPaper({ gray: page.gray, width: page.width, height: page.height }),
    binarization: 'global' as const,
  };
  const again = await recognizePage(toPgm(flat.gray, flat.width, flat.height), flat, settings);
  return sureWords(again.words) > sure * (nothing ? 1 : CLEARLY_MORE) ? again : read;
}

interface PageReading {
  words: OcrWord[];
  lang: OcrLanguage;
  angle: number;
  /** The blocks of ink the whole-page reading missed (read again one by one), and their share of the page. */
  unread: { blocks: number; share: number };
}

/**
 * A page read to fewer words than this (tesseract's confidence 50 or more), or whose reading left
 * this many blocks of ink covering this share of the page unread, is read once more from its
 * flattened copy; a partly read page keeps the copy's reading only when it gives clearly more words.
 * On the worn training photos such pages gained a third to twice their words; on the `world` scans
 * no page left that much ink unread.
 */
const FEW_WORDS = 10;
const MISSED_BLOCKS = 5;
const MISSED_SHARE = 0.025;
const CLEARLY_MORE = 1.15;
const sureWords = (words: OcrWord[]) => words.filter((w) => w.confidence >= 50 && w.text.trim()).length;

/** Small print is read this many times larger: tesseract reads 6 pt capitals best at twice their scanned size. */
const SMALL_PRINT_ENLARGED = 2;
/** A word of small print read again is kept from this confidence: a faint band's noise reads as letters below it. */
const SMALL_PRINT_SURE = 60;

/**
 * Reads one page: the whole page (in the page's language when `auto`), then again the parts
 * tesseract's layout analysis got wrong — stacked columns, ink it did not read at all, and faint
 * small print beside what it read (the last two when the page's pixels, `gray`, are at hand).
 */
async function recognizePage(
  image: Buffer,
  page: PagePixels,
  settings: PageOcrSettings,
): Promise<PageReading> {
  const language = settings.language ?? 'eng';
  const { binarization } = page;
  const pixels: GrayPage | null = page.gray && { gray: page.gray, width: page.width, height: page.height };
  const { read, lang } =
    language === 'auto'
      ? await readInPageLanguage(image, pixels, settings, binarization)
      : { read: await recognizeLines(image, language, settings, undefined, binarization), lang: language };
  // Regions are read from cuts of the page turned here as tesseract turned it (by the skew it
  // measured), so that tesseract decodes a few lines' worth of pixels, not the whole page again.
  const reread = async (region: OcrRegion) => {
    if (!pixels) return (await recognizeLines(image, lang, settings, region, binarization)).lines;
    return readCut(pixels, region, lang, settings, binarization);
  };
  const largePrint = pixels && { ...pixels, gray: page.largePrint ?? pixels.gray };
  const lines = largePrint
    ? await rereadLargePrint(read.lines, read.angle, page, (region, shrink) =>
        readCut(largePrint, region, lang, settings, binarization, { shrink }),
      )
    : read.lines;
  let words = await rereadStackedLines(lines, read.angle, page, reread);
  const unread = { blocks: 0, share: 0 };
  if (!pixels) return { words, lang, angle: read.angle, unread };
  for (const region of unreadInkRegions(pixels, read.lines, read.angle)) {
    unread.blocks += 1;
    unread.share += (region.rectangle.width * region.rectangle.height) / (page.width * page.height);
    words = mergeReread(
      words,
      (await reread(region)).flatMap((l) => l.words),
    );
  }
  // Fine print beside the words kept (a caption over a boxed value), faint and small: read
  // enlarged, one threshold for the cut (see small-print.ts); only sure words with letters count.
  // Words stretched over a caption beside them come back cut down to their own print.
  const smallPrint = findSmallPrint(pixels, words, read.angle);
  words = smallPrint.words;
  for (const region of smallPrint.regions) {
    const found = await readCut(pixels, region, lang, settings, 'global', {
      enlarge: SMALL_PRINT_ENLARGED,
    });
    words = mergeReread(
      words,
      found.flatMap((l) => l.words).filter((w) => w.confidence >= SMALL_PRINT_SURE && /\p{L}/u.test(w.text)),
    );
  }
  return { words, lang, angle: read.angle, unread };
}

/**
 * A region of the page, read from a cut of its pixels turned level: tesseract decodes a few lines'
 * worth instead of the whole page again. `shrink` times smaller (large print, see large-print.ts)
 * or `enlarge` times larger (small print, see small-print.ts) when asked. Coordinates come back in
 * the page's pixels.
 */
async function readCut(
  page: GrayPage,
  region: OcrRegion,
  lang: OcrLanguage,
  settings: PageOcrSettings,
  binarization: Binarization,
  size: { shrink?: number; enlarge?: number } = {},
) {
  const { left, top } = region.rectangle;
  const levelCut = {
    gray: levelledCut(page, -region.angle, region.rectangle),
    width: region.rectangle.width,
    height: region.rectangle.height,
  };
  const { shrink = 1, enlarge = 1 } = size;
  const { gray, width, height } =
    shrink > 1 ? shrunk(levelCut, shrink) : enlarge > 1 ? enlarged(levelCut, enlarge) : levelCut;
  // Page pixels per pixel of the cut read.
  const scale = shrink / enlarge;
  const read = await recognizeLines(
    toPgm(gray, width, height),
    lang,
    settings,
    { rectangle: { left: 0, top: 0, width, height }, angle: 0 },
    binarization,
  );
  const shift = (b: OcrWord['bbox']) => ({
    x0: b.x0 * scale + left,
    y0: b.y0 * scale + top,
    x1: b.x1 * scale + left,
    y1: b.y1 * scale + top,
  });
  return read.lines.map((line) => ({
    bbox: shift(line.bbox),
    words: line.words.map((w) => ({ ...w, bbox: shift(w.bbox) })),
  }));
}

/** One image (PNG, JPEG, TIFF, WebP) → one page of OCR'd lines. */
export async function readImage(
  bytes: Uint8Array,
  mimeType: string,
  settings: OcrSettings = {},
): Promise<Page[]> {
  const size = imageSize(bytes);
  if (!size || size.width < 8 || size.height < 8) {
    throw new UnreadableDocumentError(`The image (${mimeType}) could not be decoded.`);
  }
  if (Math.max(size.width, size.height) > MAX_OCR_SIDE) {
    throw new UnreadableDocumentError(
      `The image (${mimeType}) is ${size.width}×${size.height} pixels; OCR reads pages at most ${MAX_OCR_SIDE.toLocaleString('en')} pixels on a side.`,
    );
  }
  const prepared = await prepareImage(bytes, size, mimeType);
  let read: Awaited<ReturnType<typeof recognizeIn>>;
  try {
    read = await recognizeIn(prepared.image, prepared, settings);
  } catch (error) {
    throw new UnreadableDocumentError(`The image (${mimeType}) could not be read: ${errorText(error)}`, {
      cause: error,
    });
  }
  const lines = wordsToLines(read.words, { ...prepared, angle: read.angle });
  if (lines.length === 0) {
    throw new UnreadableDocumentError(
      `No text could be read from the image (${mimeType}): it is blank, damaged or too blurred.`,
    );
  }
  return [{ number: 1, lines }];
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Renders the given pages of a PDF (no text layer) and OCRs them, one page at a time per OCR
 * worker, and one more while a core is free for it: a page is rendered only when its lane is free
 * to take it, so memory holds at most one rendered page per lane whatever the page count.
 * `beforePage` sees each page's render size first and may throw (pixel limit, time budget) to stop
 * before it is rendered. With `auto`, once a page showed a language other than English, the next
 * pages are read in it directly.
 */
export async function ocrPdfPages(
  doc: PdfDocumentProxy,
  pages: number[],
  options: {
    beforePage?: (size: { width: number; height: number }, done: number) => void;
    ocr?: OcrSettings;
  } = {},
): Promise<Map<number, Line[]>> {
  let canvasModule: typeof import('@napi-rs/canvas');
  try {
    canvasModule = await import('@napi-rs/canvas');
  } catch {
    throw new UnreadableDocumentError(
      'The PDF has no text layer and cannot be rendered for OCR (@napi-rs/canvas is missing).',
    );
  }
  const out = new Map<number, Line[]>();
  let next = 0;
  let done = 0;
  const settings = options.ocr ?? {};
  const scale = settings.pdfScale ?? DEFAULT_OCR_PDF_SCALE;
  let documentLanguage: OcrLanguage | null = null;
  const ocrOne = async (n: number, spareCore: boolean) => {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    try {
      options.beforePage?.({ width, height }, done);
    } catch (error) {
      page.cleanup();
      throw error;
    }
    const canvas = canvasModule.createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: ctx as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    page.cleanup();
    const { image, gray, rules, binarization } = pageForOcr(
      ctx.getImageData(0, 0, width, height).data,
      width,
      height,
    );
    let read: Awaited<ReturnType<typeof recognizeIn>>;
    try {
      // A document is written in one language: once a page showed another one than English, the
      // next pages are read in it straight away (one recognition each instead of two).
      const language =
        settings.language === 'auto' && documentLanguage ? documentLanguage : settings.language;
      const pageSettings: PageOcrSettings = { ...settings, language, spareCore };
      read = await recognizeIn(image, { width, height, gray, binarization }, pageSettings);
      if (settings.language === 'auto' && read.lang !== 'eng') documentLanguage ??= read.lang;
    } catch (error) {
      throw new UnreadableDocumentError(`The scanned PDF could not be read: ${errorText(error)}`, {
        cause: error,
      });
    }
    out.set(n, wordsToLines(read.words, { width, height, rules, angle: read.angle }));
    done += 1;
  };
  // As many lanes as OCR workers; each renders its next page only after the last was recognised.
  // One more lane reads pages beside them while a core is free for it (`spareCoreFree`: no other
  // recognition waits, a core is left, here or in another process); it stops at the first page it
  // finds none for, and is started again after any page of the others while there is one.
  let failure: { error: unknown } | undefined;
  const lane = async (spareCore: boolean) => {
    try {
      while (next < pages.length && (!spareCore || spareCoreFree())) {
        await ocrOne(pages[next++], spareCore);
        if (!spareCore) startSpareLane();
      }
    } catch (error) {
      failure ??= { error };
      next = pages.length; // the other lanes stop after their current page
    }
  };
  const spareLanes: Promise<void>[] = [];
  let spareLaneRunning = false;
  const startSpareLane = () => {
    if (spareLaneRunning || next >= pages.length || !spareCoreFree()) return;
    spareLaneRunning = true;
    spareLanes.push(lane(true).finally(() => (spareLaneRunning = false)));
  };
  const lanes = Array.from({ length: Math.min(poolSize(settings), pages.length) }, () => lane(false));
  startSpareLane();
  await Promise.all(lanes);
  // Lanes are started only from the others: none is added from here on.
  await Promise.all(spareLanes);
  if (failure) throw failure.error;
  return out;
}
