import { describe, expect, it } from 'vitest';
import type { OcrWord } from './ocr-pool';
import { numberParted, withoutBorders } from './ocr-words';

const word = (text: string, x0 = 100, x1 = 100 + 10 * text.length): OcrWord => ({
  text,
  confidence: 90,
  bbox: { x0, y0: 10, x1, y1: 30 },
});

describe('withoutBorders', () => {
  it('cuts a border off either end of a word, and its share of the box', () => {
    expect(withoutBorders(word('|Saco'))).toMatchObject({ text: 'Saco', bbox: { x0: 110, x1: 150 } });
    expect(withoutBorders(word('1|'))).toMatchObject({ text: '1', bbox: { x0: 100, x1: 110 } });
    expect(withoutBorders(word('[Date')).text).toBe('Date');
  });

  it('leaves brackets that close, and a word that is only a bar (dropped as a speck later)', () => {
    expect(withoutBorders(word('[1]')).text).toBe('[1]');
    expect(withoutBorders(word('(A)')).text).toBe('(A)');
    expect(withoutBorders(word('|')).text).toBe('|');
  });
});

describe('numberParted', () => {
  it('parts a word and the number it ran into', () => {
    expect(numberParted(word('Hauptstraße12')).text).toBe('Hauptstraße 12');
    expect(numberParted(word('Till2')).text).toBe('Till 2');
    expect(numberParted(word('Roggenbrot750g')).text).toBe('Roggenbrot 750g');
    expect(numberParted(word('TVA20%')).text).toBe('TVA 20%');
    expect(numberParted(word('MwSt7,5%')).text).toBe('MwSt 7,5%');
  });

  it('leaves codes, units and addresses of the web alone', () => {
    for (const code of [
      'ER32',
      '5x50',
      'A4',
      'shop24.de',
      'info2@firma.de',
      'HD5',
      'm2',
      'INV2024',
      'X100%',
    ]) {
      expect(numberParted(word(code)).text).toBe(code);
    }
  });
});
