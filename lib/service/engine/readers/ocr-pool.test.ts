import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { coreLoad } from './core-load';
import { ocrPoolState, recognizeLines, recognizeOnSpareCore, recognizeWords, shutdownOcr } from './ocr-pool';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../tests/fixtures/documents');

// Other test files load the machine at the same time: the pool is told no other process does.
beforeEach(() => {
  vi.spyOn(coreLoad, 'othersBusyCores').mockReturnValue(0);
});

afterAll(async () => {
  await shutdownOcr();
});

describe('OCR worker pool', () => {
  it('switches a warm worker to another language, reading as a new worker of that language does', async () => {
    const image = await readFile(path.join(FIXTURES, 'invoice-basic.png'));
    const text = async (lang: 'eng' | 'deu' | 'fra' | 'ita') =>
      (await recognizeWords(image, lang, { workers: 1 })).map((w) => w.text).join(' ');
    await shutdownOcr();
    const before = ocrPoolState().started;
    await text('eng');
    await text('deu');
    await text('fra');
    const switched = await text('ita');
    // One worker and one warm spare; the third and fourth languages switched a warm worker.
    expect(ocrPoolState().started - before).toBe(2);
    expect(ocrPoolState().languages.sort()).toEqual(['fra', 'ita']);
    // A switched worker keeps the pool's parameters (resolution, page segmentation).
    await shutdownOcr();
    expect(await text('ita')).toBe(switched);
    expect(switched).toContain('INV-2024-0042');
  }, 60_000);

  it('reads on a spare core only while the running recognitions leave a core free', async () => {
    const image = await readFile(path.join(FIXTURES, 'invoice-basic.png'));
    const cores = availableParallelism();
    // Every core busy with the pool's own recognitions: nothing runs beside them, nothing waits.
    const busy = Array.from({ length: cores }, () => recognizeLines(image, 'eng', { workers: cores }));
    expect(await recognizeOnSpareCore(image, 'eng', { workers: cores }, 'global')).toBeNull();
    await Promise.all(busy);
    // Nothing runs here, but other processes keep every core busy: nothing either.
    vi.spyOn(coreLoad, 'othersBusyCores').mockReturnValue(cores);
    expect(await recognizeOnSpareCore(image, 'eng', { workers: 1 }, 'global')).toBeNull();
    vi.spyOn(coreLoad, 'othersBusyCores').mockReturnValue(0);
    if (cores === 1) return;
    // One core busy, one free: the spare core reads, as the pool's own recognition would.
    const own = recognizeLines(image, 'eng', { workers: 1 });
    const beside = await recognizeOnSpareCore(image, 'eng', { workers: 1 }, 'global');
    expect(beside).toEqual(await own);
  }, 60_000);
});
