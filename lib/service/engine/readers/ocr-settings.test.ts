import { availableParallelism } from 'node:os';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coreLoad } from './core-load';
import { ocrPdfPages } from './image';
import { recognizeWords, shutdownOcr } from './ocr-pool';
import type { PdfDocumentProxy } from './pdf';

/**
 * The OCR settings are arguments, not environment: these tests pass them in and watch what the pool
 * and the PDF renderer do with them. Tesseract is replaced by a stub that records how its workers
 * were started and holds each recognition until the test lets it go.
 */
const tesseract = vi.hoisted(() => {
  const started: { lang: string; parameters: Record<string, string> }[] = [];
  const terminated: string[] = [];
  /** The languages warm workers were switched to, in order. */
  const switched: string[] = [];
  const pending: (() => void)[] = [];
  /** The language of each recognition, in order, and the height of its image (a PGM's; 0 for another). */
  const recognized: string[] = [];
  const heights: number[] = [];
  /** The most recognitions pending at once. */
  const load = { most: 0 };
  /** What every recognition reads: nothing, unless a test sets words. */
  const page = { words: [] as string[] };
  const blocks = () =>
    page.words.length === 0
      ? []
      : [
          {
            paragraphs: [
              {
                lines: [
                  {
                    bbox: { x0: 10, y0: 10, x1: 400, y1: 30 },
                    words: page.words.map((text, i) => ({
                      text,
                      confidence: 90,
                      bbox: { x0: 10 + i * 60, y0: 10, x1: 60 + i * 60, y1: 30 },
                    })),
                  },
                ],
              },
            ],
          },
        ];
  const createWorker = async (firstLang: string) => {
    let lang = firstLang;
    const record = { lang, parameters: {} as Record<string, string> };
    started.push(record);
    return {
      setParameters: async (parameters: Record<string, string>) => {
        Object.assign(record.parameters, parameters);
      },
      // Starting the engine again in another language resets its parameters.
      reinitialize: async (to: string) => {
        switched.push(to);
        record.parameters = {};
        lang = to;
      },
      recognize: (image: Buffer) => {
        recognized.push(lang);
        const pgm = /^P5\s+\d+\s+(\d+)/.exec(image.subarray(0, 32).toString('latin1'));
        heights.push(pgm ? Number(pgm[1]) : 0);
        return new Promise<{ data: { blocks: ReturnType<typeof blocks> } }>((resolve) =>
          pending.push(() => resolve({ data: { blocks: blocks() } })),
        );
      },
      terminate: async () => {
        terminated.push(lang);
      },
    };
  };
  return { started, terminated, switched, pending, recognized, heights, load, page, createWorker };
});
vi.mock('tesseract.js', () => ({ createWorker: tesseract.createWorker }));

/** Lets every recognition waiting so far finish, until none is left. */
async function finishAll(running: Promise<unknown>[]): Promise<void> {
  const all = Promise.all(running);
  let settled = false;
  void all.finally(() => {
    settled = true;
  });
  while (!settled) {
    tesseract.load.most = Math.max(tesseract.load.most, tesseract.pending.length);
    for (const resolve of tesseract.pending.splice(0)) resolve();
    await new Promise((r) => setTimeout(r, 5));
  }
  await all;
}

// Other test files load the machine at the same time: the pool is told no other process does.
beforeEach(() => {
  vi.spyOn(coreLoad, 'othersBusyCores').mockReturnValue(0);
});

afterEach(async () => {
  await shutdownOcr();
  tesseract.started.length = 0;
  tesseract.terminated.length = 0;
  tesseract.switched.length = 0;
  tesseract.pending.length = 0;
  tesseract.recognized.length = 0;
  tesseract.heights.length = 0;
  tesseract.load.most = 0;
  tesseract.page.words = [];
});

/** A PDF of blank pages of the given sizes (points), page numbers from 1. */
const blankPdf = (size: (n: number) => { width: number; height: number }) =>
  ({
    getPage: async (n: number) => ({
      getViewport: ({ scale }: { scale: number }) => ({
        width: size(n).width * scale,
        height: size(n).height * scale,
      }),
      render: () => ({ promise: Promise.resolve() }),
      cleanup: () => {},
    }),
  }) as unknown as PdfDocumentProxy;

describe('OCR settings passed as arguments', () => {
  it('starts no more workers than `workers`, with the page segmentation asked for', async () => {
    const image = Buffer.from('not an image: the stub never looks');
    const settings = { workers: 2, pageSegMode: 6 };
    await finishAll(Array.from({ length: 5 }, () => recognizeWords(image, 'eng', settings)));
    expect(tesseract.started).toHaveLength(2);
    expect(tesseract.started.map((w) => w.parameters.tessedit_pageseg_mode)).toEqual(['6', '6']);
  });

  it('replaces an idle worker started with another page segmentation instead of reusing it', async () => {
    const image = Buffer.from('stub');
    await finishAll([recognizeWords(image, 'eng', { workers: 1, pageSegMode: 6 })]);
    await finishAll([recognizeWords(image, 'eng', { workers: 1, pageSegMode: 11 })]);
    await finishAll([recognizeWords(image, 'eng', { workers: 1, pageSegMode: 11 })]);
    expect(tesseract.started.map((w) => w.parameters.tessedit_pageseg_mode)).toEqual(['6', '11']);
  });

  it('keeps a worker of another language warm: English, German, English starts two workers', async () => {
    const image = Buffer.from('stub');
    for (const lang of ['eng', 'deu', 'eng', 'deu'] as const)
      await finishAll([recognizeWords(image, lang, { workers: 1 })]);
    expect(tesseract.started.map((w) => w.lang)).toEqual(['eng', 'deu']);
  });

  it('keeps at most one idle worker beyond `workers`, switching the least recently used', async () => {
    const image = Buffer.from('stub');
    for (const lang of ['eng', 'deu', 'fra', 'deu', 'eng'] as const)
      await finishAll([recognizeWords(image, lang, { workers: 1 })]);
    // eng, deu fill the pool; fra takes eng's worker (least recently used), deu is warm, eng takes
    // fra's: no worker started or stopped after the first two, and each reads in its new language.
    expect(tesseract.started).toHaveLength(2);
    expect(tesseract.switched).toEqual(['fra', 'eng']);
    expect(tesseract.terminated).toEqual([]);
    expect(tesseract.recognized).toEqual(['eng', 'deu', 'fra', 'deu', 'eng']);
    // A switched worker gets the pool's parameters again.
    expect(tesseract.started[0].parameters).toMatchObject({
      user_defined_dpi: '300',
      tessedit_pageseg_mode: '3',
    });
  });

  it('runs no more than `workers` recognitions at once, whatever their languages', async () => {
    const image = Buffer.from('stub');
    const running = (['eng', 'deu', 'fra', 'eng'] as const).map((lang) =>
      recognizeWords(image, lang, { workers: 2 }),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(tesseract.pending).toHaveLength(2);
    await finishAll(running);
    expect(tesseract.started.length).toBeLessThanOrEqual(4);
  });

  it('defaults to automatic layout analysis (3) when no page segmentation is given', async () => {
    await finishAll([recognizeWords(Buffer.from('stub'), 'deu')]);
    expect(tesseract.started).toEqual([
      { lang: 'deu', parameters: expect.objectContaining({ tessedit_pageseg_mode: '3' }) },
    ]);
  });

  it('reads the later pages of a scanned PDF in the language its first page showed, not twice', async () => {
    tesseract.page.words = 'Rechnung Datum Betrag und MwSt zahlbar Bestellung Menge Summe Kunde'.split(' ');
    // Four blank pages, page n of 100 × (50 + n) points (told apart by height): the stub reads the
    // same German words on each.
    const doc = blankPdf((n) => ({ width: 100, height: 50 + n }));
    await finishAll([ocrPdfPages(doc, [1, 2, 3, 4], { ocr: { language: 'auto', workers: 1 } })]);
    const readings = (n: number) => {
      const height = Math.ceil((50 + n) * 2.5);
      return tesseract.recognized.filter((_, i) => tesseract.heights[i] === height);
    };
    // Page 1: English, then German (page 2 as well where a spare core read it beside page 1).
    expect(readings(1)).toEqual(['eng', 'deu']);
    // The last page, read once page 1 had shown the language: German only.
    expect(readings(4)).toEqual(['deu']);
  });

  it("reads a scanned PDF's next page beside the current one while a core is free", async () => {
    // Enough words that no page is read a second time from a flattened copy.
    tesseract.page.words = 'Invoice number date due seller buyer item quantity price amount tax total'.split(
      ' ',
    );
    await finishAll([
      ocrPdfPages(
        blankPdf(() => ({ width: 100, height: 50 })),
        [1, 2, 3],
        { ocr: { workers: 1 } },
      ),
    ]);
    // One slot (`workers`), and a second page read on the spare core where there is one.
    expect(tesseract.load.most).toBe(Math.min(2, availableParallelism()));
    expect(tesseract.recognized).toHaveLength(3);
  });

  it('starts the lane beside again once another process has left a core free', async () => {
    tesseract.page.words = 'Invoice number date due seller buyer item quantity price amount tax total'.split(
      ' ',
    );
    let othersBusy = true;
    vi.spyOn(coreLoad, 'othersBusyCores').mockImplementation(() => (othersBusy ? availableParallelism() : 0));
    const reading = ocrPdfPages(
      blankPdf(() => ({ width: 100, height: 50 })),
      [1, 2, 3, 4],
      {
        ocr: { workers: 1 },
      },
    );
    // Page 1 alone: every other core is busy elsewhere.
    while (tesseract.pending.length === 0) await new Promise((r) => setTimeout(r, 5));
    expect(tesseract.pending).toHaveLength(1);
    othersBusy = false;
    await finishAll([reading]);
    // After page 1, two pages at once where there is a second core.
    expect(tesseract.load.most).toBe(Math.min(2, availableParallelism()));
    expect(tesseract.recognized).toHaveLength(4);
  });

  it('renders scanned PDF pages at `pdfScale`', async () => {
    const seen: { width: number; height: number }[] = [];
    // A page of 100 × 50 points; beforePage stops the read once it has seen the size to render.
    const doc = {
      getPage: async () => ({
        getViewport: ({ scale }: { scale: number }) => ({ width: 100 * scale, height: 50 * scale }),
        cleanup: () => {},
      }),
    } as unknown as PdfDocumentProxy;
    const stop = new Error('seen');
    for (const pdfScale of [1.5, undefined]) {
      await expect(
        ocrPdfPages(doc, [1], {
          ocr: { pdfScale },
          beforePage: (size) => {
            seen.push(size);
            throw stop;
          },
        }),
      ).rejects.toBe(stop);
    }
    expect(seen).toEqual([
      { width: 150, height: 75 },
      { width: 250, height: 125 },
    ]);
  });
});
