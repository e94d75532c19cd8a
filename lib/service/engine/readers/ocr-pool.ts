import { existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { coreLoad } from './core-load';
import {
  DEFAULT_OCR_PAGE_SEG_MODE,
  MAX_OCR_WORKERS,
  OCR_LANGUAGES,
  type OcrLanguage,
  type OcrSettings,
} from './ocr-settings';
import { withoutStraySpeck } from './ocr-words';

type Tesseract = typeof import('tesseract.js');
type TesseractWorker = Awaited<ReturnType<Tesseract['createWorker']>>;

/**
 * OCR with tesseract.js, fully offline: the LSTM models come from @tesseract.js-data/{eng,deu,fra,
 * spa,ita,nld,por} (never the CDN; linked into one folder, nothing downloaded or cached). Workers
 * are created lazily, run at most a pool size's recognitions at once (from the cores, or the
 * caller's `workers`), are reused per language and page segmentation (one idle worker of another
 * language is kept warm, and an idle one is switched to a new language rather than replaced), and
 * are terminated after a minute of idleness or by `shutdownOcr()`. How it runs comes from the caller
 * (`OcrSettings`), never from the environment: the service reads it from its validated settings
 * (lib/env.ts) and sends it with each read job.
 */
const IDLE_MS = 60_000;

/** OCR workers this process may run for a caller's settings. */
export function poolSize(settings: OcrSettings = {}): number {
  if (settings.workers !== undefined) return Math.max(1, Math.min(settings.workers, MAX_OCR_WORKERS));
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** The folder of one language's model, as its package installs it. */
function packageModelFolder(lang: OcrLanguage): string {
  const require = createRequire(import.meta.url);
  try {
    return path.join(
      path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)),
      '4.0.0_best_int',
    );
  } catch {
    return path.join(process.cwd(), 'node_modules', '@tesseract.js-data', lang, '4.0.0_best_int');
  }
}

/**
 * One folder holding every language's model (relative links to the packages' files, in
 * node_modules/.cache/emend, beside the packages): tesseract.js fetches `<langPath>/<lang>.traineddata.gz`
 * from one folder per worker, and a worker that can fetch any language can be switched to it (see
 * `switchTo`) instead of being replaced. Made once per process; processes sharing it may make it
 * at once (a link already there is theirs, and the same).
 */
let sharedModelFolder: string | undefined;
function modelFolder(): string {
  if (sharedModelFolder) return sharedModelFolder;
  const nodeModules = path.resolve(packageModelFolder('eng'), '..', '..', '..');
  try {
    sharedModelFolder = linkModels(path.join(nodeModules, '.cache', 'emend', 'ocr-models'));
  } catch {
    // node_modules is read-only here: a folder of this process's own.
    sharedModelFolder = linkModels(mkdtempSync(path.join(tmpdir(), 'emend-ocr-models-')));
  }
  return sharedModelFolder;
}

function linkModels(folder: string): string {
  mkdirSync(folder, { recursive: true });
  for (const lang of OCR_LANGUAGES) {
    const file = `${lang}.traineddata.gz`;
    const source = path.join(packageModelFolder(lang), file);
    const link = path.join(folder, file);
    if (!existsSync(source) || existsSync(link)) continue;
    try {
      symlinkSync(path.relative(folder, source), link);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return folder;
}

/** What a recognition needs of its worker: both are fixed when the worker starts. */
interface WorkerKind {
  lang: OcrLanguage;
  pageSegMode: number;
}

interface PoolWorker extends WorkerKind {
  worker: TesseractWorker;
}

const fits = (w: PoolWorker, kind: WorkerKind) => w.lang === kind.lang && w.pageSegMode === kind.pageSegMode;
const all: PoolWorker[] = [];
/** Workers started since the process began (switching one to another language starts none). */
let started = 0;
/** Idle workers, least recently used first. */
const idle: PoolWorker[] = [];
let creating = 0;
let idleTimer: NodeJS.Timeout | null = null;

/**
 * Recognitions run at once are bounded by the pool size (`slots`); an idle worker of another
 * language is kept beyond it: with `auto`, a German page is read in English first and then in
 * German, and the next English page should find its English worker as it was. Each worker holds
 * its models and its largest page's memory (a 3000 × 3000 page of noise: ~200 MB), so there is one
 * spare: a second one took such a reader process past its 1 GB cap (EMEND_READER_MEMORY_MB).
 * Beyond that, the least recently used idle worker is switched to the language asked for.
 */
const WARM_SPARES = 1;
let busy = 0;
const waiting: (() => void)[] = [];

/**
 * A free slot is taken at once (no promise: the caller goes on to pick its worker in the same turn,
 * before a recognition on a spare core can take that worker); else a promise of one.
 */
function takeSlot(size: number): Promise<void> | undefined {
  if (busy < size) {
    busy++;
    return undefined;
  }
  // A slot is handed over by the one who frees it (busy stays counted).
  return new Promise<void>((resolve) => waiting.push(resolve));
}

function freeSlot(): void {
  const next = waiting.shift();
  if (next) {
    next();
    return;
  }
  busy--;
  idleLater();
}

/**
 * Recognitions running beside the slots on a core nothing else uses (`recognizeOnSpareCore`): work
 * that only saves time, started when nothing waits and the recognitions running here, with what
 * other processes keep busy (another reader's pages: `coreLoad`), leave a core free. Under a full
 * load it is not done: the language guess (see page-language.ts) is work the sequence without it
 * would not have done, ~0.3 s of a core a page.
 */
let spare = 0;
/** Whether a core is free now for work beside the pool's own. */
export const spareCoreFree = () =>
  waiting.length === 0 && busy + spare + Math.round(coreLoad.othersBusyCores()) < availableParallelism();

function idleLater(): void {
  if (busy === 0 && spare === 0 && !idleTimer) {
    idleTimer = setTimeout(() => void shutdownOcr(), IDLE_MS);
    idleTimer.unref();
  }
}

function stayAwake(): void {
  if (idleTimer) {
    clearTimeout(idleTimer);
    idleTimer = null;
  }
}

const OEM_LSTM_ONLY = 1;

/** tesseract.js is loaded on the first OCR, once: a process that reads no image never pays for it. */
let loadingCreateWorker: Promise<Tesseract['createWorker']> | undefined;
function loadCreateWorker(): Promise<Tesseract['createWorker']> {
  loadingCreateWorker ??= import('tesseract.js').then((module) => {
    const tesseract = module as Tesseract & { default?: Tesseract };
    return tesseract.createWorker ?? tesseract.default!.createWorker;
  });
  return loadingCreateWorker;
}

/**
 * Read when a model is loaded. The Italian model names a list of extra words (`ita.special-words`)
 * that its package does not ship: tesseract printed "failed to load" on each start. No model here
 * comes with such a list, so none is looked for.
 */
const INIT_CONFIG = { user_words_suffix: '' } as unknown as InitConfig; // typed for a few dawg flags only
type InitConfig = Parameters<Tesseract['createWorker']>[3];

async function createOcrWorker(kind: WorkerKind): Promise<PoolWorker> {
  const createWorker = await loadCreateWorker();
  const worker = await createWorker(
    kind.lang,
    OEM_LSTM_ONLY,
    {
      langPath: modelFolder(),
      gzip: true,
      cacheMethod: 'none',
      // A worker that dies takes its job with it; the job's promise rejects and we report the page.
      errorHandler: () => {},
    },
    INIT_CONFIG,
  );
  await configure(worker, kind.pageSegMode);
  return { worker, ...kind };
}

async function configure(worker: TesseractWorker, pageSegMode: number): Promise<void> {
  // A fixed resolution keeps tesseract from guessing it (and printing about it) for every image.
  await worker.setParameters({
    user_defined_dpi: '300',
    preserve_interword_spaces: '0',
    tessedit_pageseg_mode: String(pageSegMode),
    // Diagnostics ("Detected 9 diacritics") would go to the process's output.
    debug_file: '/dev/null',
  } as Record<string, string>);
}

/**
 * A warm worker turned to another kind: a new language is loaded into it (once per worker, then
 * kept in its memory) and its engine started again in it, 0.1–0.4 s, where starting a new worker
 * costs 0.6–1 s. Starting the engine again resets its parameters.
 */
async function switchTo(w: PoolWorker, kind: WorkerKind): Promise<void> {
  if (w.lang !== kind.lang) await w.worker.reinitialize(kind.lang, OEM_LSTM_ONLY, INIT_CONFIG);
  await configure(w.worker, kind.pageSegMode);
  w.lang = kind.lang;
  w.pageSegMode = kind.pageSegMode;
}

/** A worker for `kind`, once one of the `size` slots is free: a warm one, or a new one. */
async function acquire(kind: WorkerKind, size: number): Promise<PoolWorker> {
  const slot = takeSlot(size);
  if (slot) await slot;
  return workerFor(kind, size, freeSlot);
}

/**
 * A worker for `kind` once its slot is held (`free` gives the slot back if none can be had): an
 * idle one of that kind, a new one while there is room for it, else the least recently used idle
 * one turned to this kind.
 */
async function workerFor(kind: WorkerKind, size: number, free: () => void): Promise<PoolWorker> {
  stayAwake();
  const same = idle.findIndex((w) => fits(w, kind));
  if (same >= 0) return idle.splice(same, 1)[0];
  if (idle.length > 0 && all.length + creating >= size + WARM_SPARES) {
    // No room for another worker: the least recently used idle one is turned to this kind.
    const w = idle.shift()!;
    try {
      await switchTo(w, kind);
      return w;
    } catch (error) {
      await discard(w, free);
      throw error;
    }
  }
  creating++;
  try {
    const w = await createOcrWorker(kind);
    all.push(w);
    started++;
    return w;
  } catch (error) {
    free();
    throw error;
  } finally {
    creating--;
  }
}

/**
 * A worker for a recognition on a spare core, or null at once: none while a core is not free, or
 * while every worker is busy and no other may be started. `lang` null takes any idle worker as it
 * is (English first), for a reading whose language does not matter much.
 */
async function acquireSpare(
  lang: OcrLanguage | null,
  settings: OcrSettings,
): Promise<{ worker: PoolWorker; free: () => void } | null> {
  const size = poolSize(settings);
  const roomForAnother = all.length + creating < size + WARM_SPARES;
  if (!spareCoreFree() || (idle.length === 0 && !roomForAnother)) return null;
  spare++;
  spareReadings++;
  const free = () => {
    spare--;
    idleLater();
  };
  const pageSegMode = settings.pageSegMode ?? DEFAULT_OCR_PAGE_SEG_MODE;
  const anyIdle = idle.find((w) => w.pageSegMode === pageSegMode && w.lang === 'eng') ?? idle[0];
  const kind = { lang: lang ?? anyIdle?.lang ?? 'eng', pageSegMode };
  return { worker: await workerFor(kind, size, free), free };
}

function release(w: PoolWorker, free = freeSlot): void {
  idle.push(w);
  free();
}

async function discard(w: PoolWorker, free = freeSlot): Promise<void> {
  const i = all.indexOf(w);
  if (i >= 0) all.splice(i, 1);
  await w.worker.terminate().catch(() => {});
  free();
}

/**
 * How one page's recognitions run: the caller's settings, and `spareCore` for a page read beside
 * the pool's own work (a scanned PDF's next page, see `ocrPdfPages`): each of its recognitions
 * takes a spare core when one is free, else waits for a slot like any other.
 */
export interface PageOcrSettings extends OcrSettings {
  spareCore?: boolean;
}

/** Recognitions run on a spare core since the process began. */
let spareReadings = 0;

/** The workers running now (their languages), how many were ever started, and the spare cores' recognitions. */
export function ocrPoolState(): { languages: OcrLanguage[]; started: number; spareReadings: number } {
  return { languages: all.map((w) => w.lang), started, spareReadings };
}

/** Terminates every OCR worker (call on shutdown; the pool restarts lazily when needed again). */
export async function shutdownOcr(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const workers = all.splice(0);
  idle.splice(0);
  await Promise.all(workers.map((w) => w.worker.terminate().catch(() => {})));
}

export interface OcrWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/** A line as tesseract's layout analysis found it: its box and its words. */
export interface OcrLine {
  bbox: { x0: number; y0: number; x1: number; y1: number };
  words: OcrWord[];
}

/** One recognition: the lines in image pixels and the skew tesseract corrected (radians). */
export interface OcrRead {
  lines: OcrLine[];
  angle: number;
}

/**
 * A part of the image to read again as one uniform block of text (page segmentation 6), turned by
 * the angle of the page's first reading so that its coordinates match that reading's.
 */
export interface OcrRegion {
  rectangle: { left: number; top: number; width: number; height: number };
  angle: number;
}

/**
 * The region of `box` (image pixels of the turned page) with white margins, kept on the page:
 * tesseract misreads characters that touch the rectangle's edge.
 */
export function paddedRegion(
  box: { x0: number; y0: number; x1: number; y1: number },
  pad: { x: number; y: number },
  angle: number,
  page: { width: number; height: number },
): OcrRegion {
  const left = Math.max(0, Math.floor(box.x0 - pad.x));
  const top = Math.max(0, Math.floor(box.y0 - pad.y));
  return {
    rectangle: {
      left,
      top,
      width: Math.min(page.width, Math.ceil(box.x1 + pad.x)) - left,
      height: Math.min(page.height, Math.ceil(box.y1 + pad.y)) - top,
    },
    angle,
  };
}

/**
 * How tesseract turns the page black and white: one threshold for the whole page (Otsu), or one
 * per neighbourhood (Sauvola), which a scan needs: a shaded table header under a scanner's grey
 * paper falls on the dark side of one page-wide threshold and its captions are lost in it.
 */
export type Binarization = 'global' | 'local';

/**
 * Tesseract parameters per binarisation. Tesseract reads a line it doubts a second time with black
 * and white swapped and keeps whichever reading it trusts more. Which lines that changes looks like
 * chance, line by line; in sum it helps clean renders and harms scans. Measured both ways:
 * held-out PNGs lose 7 of 759 fields without it; without it held-out PNG scans gain 11 of 1,614
 * (1,302 → 1,313), scanned PDFs 1 of 884, the tuning scans 4 of 5,575, the worn photos lose 1.
 */
const BINARIZATION_PARAMETERS: Record<Binarization, Record<string, string>> = {
  global: { thresholding_method: '0', tessedit_do_invert: '1' },
  local: { thresholding_method: '2', tessedit_do_invert: '0' },
};

/**
 * Recognizes one image (or one region of it) in one language; words come back in image pixels.
 * The whole page is deskewed by tesseract: by the angle given, or by the text lines' gradient it
 * measures itself (`rotateAuto`: it turns the image when that is 0.3° or more). Lines come back
 * level and coordinates are those of the turned image.
 */
export async function recognizeLines(
  image: Buffer,
  lang: OcrLanguage,
  settings: PageOcrSettings = {},
  /**
   * A region to read (page segmentation 6), or the whole page at the skew an earlier reading
   * measured (measuring it costs tesseract a layout analysis of its own).
   */
  region?: OcrRegion | { angle: number },
  binarization: Binarization = 'global',
): Promise<OcrRead> {
  const { worker, free } = await acquireFor(lang, settings);
  return recognizeOn(worker, free, image, region, binarization);
}

/** A worker for one recognition of a page: on a spare core where the page asks for one and one is free, else in a slot. */
async function acquireFor(
  lang: OcrLanguage,
  settings: PageOcrSettings,
): Promise<{ worker: PoolWorker; free: () => void }> {
  const spared = settings.spareCore ? await acquireSpare(lang, settings) : null;
  if (spared) return spared;
  const kind = { lang, pageSegMode: settings.pageSegMode ?? DEFAULT_OCR_PAGE_SEG_MODE };
  return { worker: await acquire(kind, poolSize(settings)), free: freeSlot };
}

/**
 * A whole page recognized on a core nothing else uses, beside the pool's own recognitions (which
 * it never holds up), in `lang` or (null) in whatever language an idle worker has; null at once
 * when no core or worker is free. For work that only saves time.
 */
export async function recognizeOnSpareCore(
  image: Buffer,
  lang: OcrLanguage | null,
  settings: OcrSettings,
  binarization: Binarization,
  /** The skew to turn the page by; left out, tesseract measures it. */
  skew?: { angle: number },
): Promise<OcrRead | null> {
  const taken = await acquireSpare(lang, settings);
  return taken && recognizeOn(taken.worker, taken.free, image, skew, binarization);
}

/**
 * The skew tesseract would turn a page by (radians; 0 under the 0.3° it leaves as it is), from its
 * layout analysis alone, nothing read: readings of the page in several languages given it share
 * one measurement, and each is the one it would have measured itself (the model plays no part).
 */
export async function pageSkew(
  image: Buffer,
  settings: PageOcrSettings,
  binarization: Binarization,
): Promise<number> {
  const { worker, free } = await acquireFor('eng', settings);
  const options = { rotateAuto: true, ...BINARIZATION_PARAMETERS[binarization] };
  const result = await runOn(worker, free, (w) =>
    w.recognize(image, options, { text: false, blocks: false }),
  );
  return (result.data as { rotateRadians?: number }).rotateRadians ?? 0;
}

/** One job on a worker taken from the pool: back to the idle ones after it, discarded if it fails. */
async function runOn<T>(
  pooled: PoolWorker,
  free: () => void,
  job: (worker: TesseractWorker) => Promise<T>,
): Promise<T> {
  try {
    const result = await job(pooled.worker);
    release(pooled, free);
    return result;
  } catch (error) {
    await discard(pooled, free);
    throw error;
  }
}

async function recognizeOn(
  pooled: PoolWorker,
  free: () => void,
  image: Buffer,
  region: OcrRegion | { angle: number } | undefined,
  binarization: Binarization,
): Promise<OcrRead> {
  const placement = !region
    ? { rotateAuto: true }
    : 'rectangle' in region
      ? { rectangle: region.rectangle, rotateRadians: region.angle, tessedit_pageseg_mode: '6' }
      : { rotateRadians: region.angle };
  // Tesseract parameters given with one recognition hold for it only.
  const options = { ...placement, ...BINARIZATION_PARAMETERS[binarization] };
  const result = await runOn(pooled, free, (w) => w.recognize(image, options, { blocks: true, text: false }));
  const lines: OcrLine[] = [];
  for (const block of result.data.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        lines.push({
          bbox: line.bbox,
          words: line.words.map((w) => ({
            text: withoutStraySpeck(w.text, w.symbols ?? []),
            confidence: w.confidence,
            bbox: w.bbox,
          })),
        });
      }
    }
  }
  const angle = (result.data as { rotateRadians?: number }).rotateRadians ?? region?.angle ?? 0;
  return { lines, angle };
}

/** Recognizes one image in one language and returns its words in image pixels. */
export async function recognizeWords(
  image: Buffer,
  lang: OcrLanguage,
  settings: OcrSettings = {},
): Promise<OcrWord[]> {
  const { lines } = await recognizeLines(image, lang, settings);
  return lines.flatMap((l) => l.words);
}
