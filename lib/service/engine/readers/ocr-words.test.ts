import { describe, expect, it } from 'vitest';
import type { OcrWord } from './ocr-pool';
import {
  dashesBetweenWords,
  eircodesRepaired,
  legalFormsRepaired,
  numberParted,
  ordinalsRepaired,
  postcodesParted,
  postcodesRepaired,
  sharpSRepaired,
  withoutBorders,
  withoutStraySpeck,
} from './ocr-words';

const word = (text: string, x0 = 100, x1 = 100 + 10 * text.length): OcrWord => ({
  text,
  confidence: 90,
  bbox: { x0, y0: 10, x1, y1: 30 },
});

/** Words of lines laid out left to right, one line under the other. */
const page = (...lines: string[]) =>
  lines.flatMap((line, l) =>
    line.split(' ').map((t, i) => ({
      text: t,
      confidence: 80,
      bbox: { x0: 100 * i, y0: 40 * l, x1: 100 * i + 90, y1: 40 * l + 20 },
    })),
  );

/** The words of `lines` after a repair, as one string. */
const textsAfter =
  (repair: (words: OcrWord[]) => OcrWord[]) =>
  (...lines: string[]) =>
    repair(page(...lines))
      .map((w) => w.text)
      .join(' ');

describe('withoutBorders', () => {
  it('cuts a border off either end of a word, and its share of the box', () => {
    expect(withoutBorders(word('|Saco'))).toMatchObject({ text: 'Saco', bbox: { x0: 110, x1: 150 } });
    expect(withoutBorders(word('1|'))).toMatchObject({ text: '1', bbox: { x0: 100, x1: 110 } });
    expect(withoutBorders(word('[Date')).text).toBe('Date');
  });

  it("reads a bar no taller than the page's words as the letter it is: an l after a measure's decimal, an I before capitals", () => {
    // Words 20 px high on a page whose words are 18 px high at the median: letters, not a cell's border.
    expect(withoutBorders(word('0.5]'), 18).text).toBe('0.5l');
    expect(withoutBorders(word('Milk'), 18).text).toBe('Milk');
    expect(withoutBorders(word('Bage|'), 18).text).toBe('Bagel');
    expect(withoutBorders(word('[BAN'), 18).text).toBe('IBAN');
    // After a count or a price, a bracket before a word in small letters, or any bar standing
    // taller than the words: a border still.
    expect(withoutBorders(word('1|'), 18).text).toBe('1');
    expect(withoutBorders(word('£100|'), 18).text).toBe('£100');
    expect(withoutBorders(word('[Papel'), 18).text).toBe('Papel');
    expect(withoutBorders(word('0.5]'), 10).text).toBe('0.5');
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

describe('postcodesRepaired', () => {
  const texts = textsAfter(postcodesRepaired);
  it("reads the O opening a British postcode's inward part as 0", () => {
    expect(texts('Huddersfield HD5 ORE')).toBe('Huddersfield HD5 0RE');
    expect(texts('London WC2B OAA,')).toBe('London WC2B 0AA,');
  });

  it('reads S, I, l and Z opening an inward part that ends its line as 5, 1 and 2', () => {
    expect(texts('Bath BA1 SAW')).toBe('Bath BA1 5AW');
    expect(texts('Leeds LS1 IAB')).toBe('Leeds LS1 1AB');
    expect(texts('York YO10 ZQD,')).toBe('York YO10 2QD,');
    // Not before more words of the line: "Paper A4 SET 10" is paper.
    expect(texts('Paper A4 SET 10')).toBe('Paper A4 SET 10');
  });

  it('leaves words that cannot be an inward code, or follow no outward code', () => {
    expect(texts('Page 2 ORE')).toBe('Page 2 ORE');
    expect(texts('A4 OIL')).toBe('A4 OIL');
    expect(texts('HD5 0RE')).toBe('HD5 0RE');
  });
});

describe('legalFormsRepaired', () => {
  const texts = textsAfter(legalFormsRepaired);

  it("reads a misread legal form ending a company's line as the form", () => {
    expect(texts('Calder Builders Lid', 'Unit 4')).toBe('Calder Builders Ltd Unit 4');
    expect(texts('Fabrikam Retail pl¢')).toBe('Fabrikam Retail plc');
    expect(texts('Northwind Traders Lud.')).toBe('Northwind Traders Ltd.');
  });

  it('leaves the word inside a line, after a small word, or on its own', () => {
    expect(texts('Pot Lid 2 4.50')).toBe('Pot Lid 2 4.50');
    expect(texts('with lid Lid')).toBe('with lid Lid');
    expect(texts('Lid')).toBe('Lid');
  });
});

describe('ordinalsRepaired', () => {
  const texts = textsAfter(ordinalsRepaired);

  it("puts back a floor's º or ª that OCR read as * or ?", () => {
    expect(texts('Calle de Alcalá 120, 3* izq.', '28009 Madrid')).toBe(
      'Calle de Alcalá 120, 3º izq. 28009 Madrid',
    );
    expect(texts('Gran Vía 45, 5* planta,')).toBe('Gran Vía 45, 5ª planta,');
    expect(texts('Rua Augusta 12, 2? andar')).toBe('Rua Augusta 12, 2º andar');
  });

  it('leaves a star or question mark elsewhere as read', () => {
    expect(texts('Total* 12,00')).toBe('Total* 12,00');
    expect(texts('Qty 3* 4.50')).toBe('Qty 3* 4.50');
    expect(texts('Item 120* plant')).toBe('Item 120* plant');
    expect(texts('Note 3*', 'izq.')).toBe('Note 3* izq.');
  });
});

describe('postcodesParted', () => {
  const texts = textsAfter(postcodesParted);

  it('parts a British postcode OCR ran together, and from its town', () => {
    expect(texts('BathBA15AW')).toBe('Bath BA1 5AW');
    expect(texts('Mill Lane, HalifaxHX12AB')).toBe('Mill Lane, Halifax HX1 2AB');
    expect(texts('LondonSW1A1AA,')).toBe('London SW1A 1AA,');
    expect(texts('21 High Street, Bath BA15AW', 'Tel 01225')).toBe('21 High Street, Bath BA1 5AW Tel 01225');
  });

  it('leaves codes and words that are no town and postcode as read', () => {
    expect(texts('Ref BA15AW')).toBe('Ref BA15AW');
    expect(texts('Bath BA15AW 12.00')).toBe('Bath BA15AW 12.00');
    expect(texts('McDonald ProductAB12 Invoice2024AB')).toBe('McDonald ProductAB12 Invoice2024AB');
  });
});

describe('withoutStraySpeck', () => {
  const letter = (text: string, x0: number, x1: number, y0 = 237, y1 = 266) => ({
    text,
    bbox: { x0, y0, x1, y1 },
  });

  it('drops a full stop standing off the last letter: a speck of dust', () => {
    const loco = [letter('l', 0, 8), letter('o', 10, 30), letter('c', 32, 50), letter('o', 52, 72)];
    expect(withoutStraySpeck('loco.', [...loco, letter('.', 130, 132, 260, 262)])).toBe('loco');
  });

  it('keeps a printed full stop, close to its letter, and a stop whose box tells nothing', () => {
    const std = [letter('S', 0, 18), letter('t', 20, 30), letter('d', 32, 50)];
    expect(withoutStraySpeck('Std.', [...std, letter('.', 55, 59, 261, 266)])).toBe('Std.');
    // A fixed-pitch font sets its full stop in the middle of a letter's cell: 10 px after 20 px letters.
    const lda = [letter('L', 0, 14, 40, 60), letter('d', 24, 38, 40, 60), letter('a', 48, 62, 46, 60)];
    expect(withoutStraySpeck('Lda.', [...lda, letter('.', 72, 77, 54, 60)])).toBe('Lda.');
    // The LSTM's boxes are sometimes a whole letter wide: no evidence either way.
    expect(withoutStraySpeck('200.', [...std, letter('.', 70, 94, 241, 266)])).toBe('200.');
    expect(withoutStraySpeck('a.', [letter('a', 0, 10), letter('.', 60, 62, 260, 262)])).toBe('a.');
  });
});

describe('dashesBetweenWords', () => {
  // Words 30 px high (y 10–40); a dash is a stroke 3 px high level with their middle.
  const at = (text: string, x0: number, x1: number, y0 = 10, y1 = 40): OcrWord => ({
    text,
    confidence: 90,
    bbox: { x0, y0, x1, y1 },
  });
  const dashed = (dash: OcrWord, right = at('Lager', 230, 330)) => {
    const words = [at('GmbH', 100, 200), dash, right];
    return dashesBetweenWords(words, 30).get(dash);
  };

  it('keeps a dash between two words, as the dash its width against the words says', () => {
    expect(dashed(at('-', 206, 217, 24, 27))).toBe('-');
    expect(dashed(at('-', 206, 222, 24, 27))).toBe('–');
    expect(dashed(at('—', 206, 242, 24, 27), at('Dock', 250, 330))).toBe('—');
  });

  it('drops a dash before a figure (it may be a minus sign), at a line end, or far from the words', () => {
    expect(dashed(at('-', 206, 222, 24, 27), at('5,00', 230, 300))).toBeUndefined();
    expect(dashesBetweenWords([at('GmbH', 100, 200), at('-', 206, 222, 24, 27)], 30).size).toBe(0);
    expect(dashed(at('-', 206, 222, 24, 27), at('Lager', 300, 400))).toBeUndefined();
  });

  it('drops a speck or a rule that is not a thin stroke level with the middle of the words', () => {
    expect(dashed(at('-', 206, 222, 20, 32))).toBeUndefined(); // a blot, not a stroke
    expect(dashed(at('-', 206, 222, 38, 41))).toBeUndefined(); // on the baseline: an underscore or a rule
  });
});

describe('sharpSRepaired', () => {
  it('gives a German street its ß where the English model read a B or an R', () => {
    expect(sharpSRepaired(word('HauptstraBe')).text).toBe('Hauptstraße');
    expect(sharpSRepaired(word('HauptstraRe,')).text).toBe('Hauptstraße,');
    expect(sharpSRepaired(word('StraBe')).text).toBe('Straße');
  });

  it('leaves every other word as read', () => {
    for (const text of [
      'Strasse',
      'Hauptstrasse',
      'Industriestraße',
      'ABE',
      'straBe',
      'Stratford',
      'MOLTKESTRABE',
    ]) {
      expect(sharpSRepaired(word(text)).text).toBe(text);
    }
  });
});

describe('eircodesRepaired', () => {
  const texts = textsAfter(eircodesRepaired);
  it("reads the O of an Eircode's routing key as 0", () => {
    expect(texts('Dublin DO2 XY45')).toBe('Dublin D02 XY45');
    expect(texts('Dublin DO8 W6K2,')).toBe('Dublin D08 W6K2,');
    expect(texts('Cork T1O F2C3')).toBe('Cork T10 F2C3');
  });

  it('leaves a word that no unique identifier follows, or that is no routing key', () => {
    expect(texts('Item DO2 1234 5')).toBe('Item DO2 1234 5');
    expect(texts('Item DO2 ABCD')).toBe('Item DO2 ABCD');
    expect(texts('BO2 XY45')).toBe('BO2 XY45');
    expect(texts('D02 XY45')).toBe('D02 XY45');
    expect(texts('ME TOO 4U2B')).toBe('ME TOO 4U2B');
    // Its identifier on the next line: the word ends its line, as no routing key does.
    expect(texts('Dublin DO2', 'XY45')).toBe('Dublin DO2 XY45');
  });
});
