import { availableParallelism } from 'node:os';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { coreLoad } from './core-load';
import { modelFor } from './language';
import { ocrPoolState, recognizeLines, shutdownOcr } from './ocr-pool';
import { readInPageLanguage, shrunk } from './page-language';
import { toPgm } from './pgm';
import type { GrayPage } from './unread-ink';

// Other test files load the machine at the same time: the pool is told no other process does.
beforeEach(() => {
  vi.spyOn(coreLoad, 'othersBusyCores').mockReturnValue(0);
});

afterAll(async () => {
  await shutdownOcr();
});

/** A German invoice on greyish paper, turned by one degree as a scanner leaves it. */
async function germanScan(): Promise<GrayPage> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const width = 1500;
  const height = 1100;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#e4e4e4';
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  ctx.rotate((1 * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.fillStyle = '#111';
  ctx.font = '26px DejaVu Sans';
  const lines = [
    'Müller & Söhne GmbH, Hauptstraße 12, 80331 München',
    'Rechnung Nr. 2026-0412',
    'Rechnungsdatum: 14. März 2026',
    'Zahlbar bis zum 13. April 2026 ohne Abzug',
    'Bezeichnung                Menge      Einzelpreis      Gesamtpreis',
    'Beratung vor Ort               3          120,00          360,00',
    'Fahrtkosten pauschal           1           45,00           45,00',
    'Zwischensumme netto                                      405,00',
    'zzgl. MwSt. 19 %                                          76,95',
    'Rechnungsbetrag                                          481,95',
    'Vielen Dank für Ihren Auftrag. Bitte überweisen Sie den Betrag.',
  ];
  for (const [i, text] of lines.entries()) ctx.fillText(text, 90, 110 + i * 80);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const gray = new Uint8Array(width * height);
  for (let i = 0; i < gray.length; i++) gray[i] = rgba[i * 4];
  return { gray, width, height };
}

describe('shrunk', () => {
  it('makes each square of pixels one pixel, their mean, dropping a last partial square', () => {
    // 5 × 4 pixels by 2: 2 × 2, the fifth column left out.
    const gray = Uint8Array.from([
      0, 10, 100, 100, 7, 20, 30, 200, 200, 7, 255, 255, 0, 0, 7, 255, 255, 0, 1, 7,
    ]);
    expect(shrunk({ gray, width: 5, height: 4 }, 2)).toEqual({
      gray: Uint8Array.from([15, 150, 255, 0]),
      width: 2,
      height: 2,
    });
  });
});

describe('readInPageLanguage', () => {
  it('reads a page in its language exactly as the English reading followed by the language one does', async () => {
    const page = await germanScan();
    const image = toPgm(page.gray, page.width, page.height);
    // The way it was read before: English with tesseract measuring the skew, then German at that skew.
    const english = await recognizeLines(image, 'eng', {}, undefined, 'local');
    const words = english.lines.flatMap((l) => l.words.map((w) => w.text));
    expect(modelFor(words)).toBe('deu');
    expect(Math.abs(english.angle)).toBeGreaterThan(0.01);
    const expected = await recognizeLines(image, 'deu', {}, { angle: english.angle }, 'local');

    const before = ocrPoolState().spareReadings;
    const { read, lang } = await readInPageLanguage(image, page, {}, 'local');
    expect(lang).toBe('deu');
    expect(read).toEqual(expected);
    // With a second core the language was guessed and the German reading done beside the English one.
    if (availableParallelism() > 1) expect(ocrPoolState().spareReadings - before).toBe(2);
  }, 60_000);
});
