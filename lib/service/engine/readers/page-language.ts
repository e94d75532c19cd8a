import { modelFor } from './language';
import {
  type Binarization,
  type OcrRead,
  type PageOcrSettings,
  pageSkew,
  recognizeLines,
  recognizeOnSpareCore,
} from './ocr-pool';
import type { OcrLanguage } from './ocr-settings';
import { toPgm } from './pgm';
import type { GrayPage } from './unread-ink';

/**
 * With `auto` a page is read in English, whose words tell its language (`modelFor`), and a page in
 * another language is read once more in it, at the skew the English reading measured: a scan took
 * ~1.2 s and then ~0.8 s on two cores, one core idle all the while. Two things spare that time:
 * - Where a core is free (`recognizeOnSpareCore`), the language is guessed meanwhile from a
 *   reading of the page shrunk by `GUESS_SHRINK` (0.3–0.8 s; a third still names the English
 *   reading's language for nearly every page), and the page is read in the guessed language beside
 *   the English reading. When the English reading names the same language, that reading is the one
 *   it would have asked for next; otherwise the page is read as before, and the guess cost only
 *   the spare core's time.
 * - A scan is turned, and each reading measuring its skew costs it a second layout analysis: the
 *   skew is measured once (`pageSkew`) for both readings. A clean render is seldom turned, and
 *   unturned tesseract reads on from the analysis that measured it: each reading measures its own.
 * Tesseract's layout analysis does not depend on the model, so the reading is always the one the
 * English-then-language sequence gives: on 55 tuning and 78 held-out scans and 15 clean renders,
 * the same words in the same places. Reading times, p50 (same process, one way then the other):
 * tuning scans 1.97 → 1.55 s, held-out scans 1.86 → 1.77 s, clean renders 1.34 → 1.14 s.
 * English pages pay a little (the guess shares the machine): 40 of the 78 held-out scans read
 * ~0.1 s slower, the others up to 0.9 s faster.
 */
const GUESS_SHRINK = 3;

export async function readInPageLanguage(
  image: Buffer,
  /** The page's pixels, when at hand (without them nothing is guessed). */
  page: GrayPage | null,
  settings: PageOcrSettings,
  binarization: Binarization,
): Promise<{ read: OcrRead; lang: OcrLanguage }> {
  let englishRead = false;
  const skew = binarization === 'local' ? pageSkew(image, settings, binarization) : null;
  const english = (
    skew
      ? skew.then((angle) => recognizeLines(image, 'eng', settings, { angle }, binarization))
      : recognizeLines(image, 'eng', settings, undefined, binarization)
  ).finally(() => {
    englishRead = true;
  });
  const guessing = page ? readGuessed() : Promise.resolve(null);
  // Never left rejected: a failed guess is no guess.
  guessing.catch(() => {});
  async function readGuessed() {
    const small = shrunk(page!, GUESS_SHRINK);
    const quick = await recognizeOnSpareCore(
      toPgm(small.gray, small.width, small.height),
      null,
      settings,
      binarization,
    );
    if (!quick || englishRead) return null;
    const lang = modelFor(wordsOf(quick));
    if (lang === 'eng') return null;
    const angle = skew ? { angle: await skew } : undefined;
    if (englishRead) return null;
    return { lang, read: recognizeOnSpareCore(image, lang, settings, binarization, angle).catch(() => null) };
  }
  const first = await english;
  const lang = modelFor(wordsOf(first));
  if (lang === 'eng') return { read: first, lang };
  const guessed = await guessing.catch(() => null);
  const ahead = guessed?.lang === lang ? await guessed.read : null;
  return {
    read: ahead ?? (await recognizeLines(image, lang, settings, { angle: first.angle }, binarization)),
    lang,
  };
}

const wordsOf = (read: OcrRead) => read.lines.flatMap((l) => l.words.map((w) => w.text));

/** The page made `factor` times larger each way, each pixel repeated (the strokes' edges kept as sharp as scanned). */
export function enlarged(page: GrayPage, factor: number): GrayPage {
  const width = page.width * factor;
  const height = page.height * factor;
  const gray = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = Math.floor(y / factor) * page.width;
    for (let x = 0; x < width; x++) gray[y * width + x] = page.gray[from + Math.floor(x / factor)];
  }
  return { gray, width, height };
}

/** The page made `factor` times smaller each way, each pixel the mean of the square it stands for. */
export function shrunk(page: GrayPage, factor: number): GrayPage {
  const width = Math.floor(page.width / factor);
  const height = Math.floor(page.height / factor);
  const gray = new Uint8Array(width * height);
  const sums = new Uint32Array(width);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      const row = (y * factor + dy) * page.width;
      for (let x = 0, from = row; x < width; x++) {
        for (let dx = 0; dx < factor; dx++) sums[x] += page.gray[from++];
      }
    }
    for (let x = 0; x < width; x++) gray[y * width + x] = Math.round(sums[x] / area);
  }
  return { gray, width, height };
}
