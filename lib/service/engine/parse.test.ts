import { describe, expect, it } from 'vitest';
import {
  detectConventions,
  parseBoolean,
  parseDate,
  parseEnum,
  parseMoney,
  parseNumber,
  parseString,
} from './parse';

describe('parseMoney', () => {
  it.each([
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1 234,56', 1234.56],
    ['1\u202f234,56', 1234.56],
    ["1'234.56", 1234.56],
    ['1’234.56', 1234.56],
    // A space after the apostrophe (OCR puts one there, some print it).
    ["36' 183.95", 36183.95],
    ["CHF 1' 234' 567.00", 1234567],
    ['€ 1,903.48', 1903.48],
    ['1.903,48 €', 1903.48],
    ['EUR 12.50', 12.5],
    ['12,50 EUR', 12.5],
    // Its code run into it, its space lost.
    ['42,32EUR', 42.32],
    ['545EUR', 545],
    ['BRL8,00', 8],
    ['$1,000,000.00', 1_000_000],
    ["CHF 1'250.00", 1250],
    ['US$ 99', 99],
    ['-42.10', -42.1],
    ['(42.10)', -42.1],
    ['42.10-', -42.1],
    // The minus before the currency symbol, the symbol set apart from the figure.
    ['-€ 454,39', -454.39],
    ['- € 454,39', -454.39],
    ['-$ 12.50', -12.5],
    ['28,05 €-', -28.05],
    ['0.5', 0.5],
    ['.99', 0.99],
    ['125', 125],
    // A till's tax class after the amount, its space lost or a speck after it.
    ['1,19 A', 1.19],
    ['4,20A.', 4.2],
    ['€ 7,99A', 7.99],
    ['5,99 EURA', 5.99],
    ['7,99 À', 7.99],
  ])('%s → %d', (text, value) => {
    expect(parseMoney(text)?.value).toBe(value);
  });

  it('reads a lone ",ddd" / ".ddd" as thousands, unless the document uses that mark for decimals', () => {
    expect(parseMoney('1,234')?.value).toBe(1234);
    expect(parseMoney('1.234')?.value).toBe(1234);
    expect(parseMoney('1.234', { decimal: '.' })?.value).toBe(1.23);
    expect(parseMoney('1,234', { decimal: '.' })?.value).toBe(1234);
  });

  it('refuses percentages, identifiers and words', () => {
    expect(parseMoney('19%')).toBeNull();
    // OCR read a rate's figure twice ("7 %" as "7 7%"): the rate, not an amount of 7.
    expect(parseMoney('7 7%', { ocr: true })).toBeNull();
    expect(parseMoney('7% 3,65 €', { ocr: true })?.value).toBe(3.65);
    expect(parseMoney('7% 7,00 €', { ocr: true })?.value).toBe(7);
    expect(parseMoney('DE123456789')).toBeNull();
    expect(parseMoney('ART52774')).toBeNull();
    expect(parseMoney('n/a')).toBeNull();
    expect(parseMoney('')).toBeNull();
  });
  it('refuses dates, in figures or in words', () => {
    expect(parseMoney('05.03.2024')).toBeNull();
    expect(parseMoney('4 de abril de 2024')).toBeNull();
    expect(parseMoney('15. März 2024')).toBeNull();
    expect(parseMoney('1 April 2023')).toBeNull();
    expect(parseMoney('August 7, 2024')).toBeNull();
    expect(parseMoney('Aug 7,2024')).toBeNull();
    expect(parseMoney('‘August 7,2024.')).toBeNull();
    // A month and its year, the day cut off into the cell before: still no amount.
    expect(parseMoney('de abril de 2023')).toBeNull();
    expect(parseMoney('März 2024')).toBeNull();
    expect(parseMoney('Invoice 2024')?.value).toBe(2024);
    expect(parseMoney('12 items 2024.50')?.value).toBe(2024.5);
  });
});

describe('parseNumber', () => {
  it('reads quantities in any locale', () => {
    expect(parseNumber('10')?.value).toBe(10);
    expect(parseNumber('2,5')?.value).toBe(2.5);
    expect(parseNumber('2.5')?.value).toBe(2.5);
    expect(parseNumber('1,000')?.value).toBe(1000);
    expect(parseNumber('1.000', { decimal: ',' })?.value).toBe(1000);
  });
});

describe('parseDate', () => {
  it.each([
    ['2024-03-05', '2024-03-05'],
    ['2024/03/05', '2024-03-05'],
    ['05.03.2024', '2024-03-05'],
    ['5.3.24', '2024-03-05'],
    ['5 March 2024', '2024-03-05'],
    ['5th of March, 2024', '2024-03-05'],
    ['05-Mar-2024', '2024-03-05'],
    ['Mar 5, 2024', '2024-03-05'],
    ['March 5 2024', '2024-03-05'],
    ['Tuesday, 5 March 2024', '2024-03-05'],
    ['5. März 2024', '2024-03-05'],
    ['31/12/2024', '2024-12-31'],
    ['12/31/2024', '2024-12-31'],
  ])('%s → %s', (text, iso) => {
    expect(parseDate(text)?.value).toBe(iso);
  });

  it('reads dates whose spaces OCR lost or read as a quote mark', () => {
    expect(parseDate("18'de abril de 2024.")?.value).toBe('2024-04-18');
    expect(parseDate("21 de'novembro de 2023")?.value).toBe('2023-11-21');
    expect(parseDate('21 de novembro de’2023')?.value).toBe('2023-11-21');
    expect(parseDate('4 de abrilde 2024')?.value).toBe('2024-04-04');
    expect(parseDate('5de abrilde2024.,')?.value).toBe('2024-04-05');
    expect(parseDate('17 deabril de 2023')?.value).toBe('2023-04-17');
    expect(parseDate('—3deabrilde2023')?.value).toBe('2023-04-03');
    expect(parseDate('5 dezembro 2023')?.value).toBe('2023-12-05');
    expect(parseDate('3 de septiembredel 2024')?.value).toBe('2024-09-03');
    expect(parseDate("October'5, 2023")?.value).toBe('2023-10-05');
    expect(parseDate('31/01/2023to 28/02/2023')?.value).toBe('2023-01-31');
    // A separator read as a digit: put back on OCR text only, and less surely.
    const ocr = { ocr: true, dateOrder: { order: 'mdy' as const, certainty: 1 } };
    expect(parseDate('07712/2023', ocr)?.value).toBe('2023-07-12');
    expect(parseDate('07712/2023', ocr)!.clean).toBeLessThan(1);
    expect(parseDate('07712/2023')).toBeNull();
    // A comma for one of the points, a 0 read as 9 where no day can be 94.
    const dayFirst = { ocr: true, dateOrder: { order: 'dmy' as const, certainty: 1 } };
    expect(parseDate('10.03,2024', dayFirst)?.value).toBe('2024-03-10');
    expect(parseDate('94/01/2024', dayFirst)?.value).toBe('2024-01-04');
    expect(parseDate('96/01/2024', dayFirst)!.clean).toBeLessThan(1);
    expect(parseDate('44/01/2024', dayFirst)).toBeNull();
    expect(parseDate('10,03,2024', dayFirst)).toBeNull();
    expect(parseDate('94/01/2024')).toBeNull();
    // A year's or a year-first month's 0 read as 6, 8 or 9.
    expect(parseDate('04/10/2624', dayFirst)?.value).toBe('2024-10-04');
    expect(parseDate('2024-62-12', dayFirst)?.value).toBe('2024-02-12');
    expect(parseDate('2024-62-12')).toBeNull();
    expect(parseDate('2024-13-12', dayFirst)).toBeNull();
    // A month's name misread by a letter or two, the hyphen before a day read as a space, "de" as "dé".
    expect(parseDate('20 Noveniber 2023')?.value).toBe('2023-11-20');
    expect(parseDate('3 Septernber 2024')?.value).toBe('2024-09-03');
    expect(parseDate('5 de setembro dé 2023')?.value).toBe('2023-09-05');
    expect(parseDate('2023-12 01')?.value).toBe('2023-12-01');
    // An accent OCR put on a short month's name, or lost from one ("Marz" for März).
    expect(parseDate('30 de ábril de 2023')?.value).toBe('2023-04-30');
    expect(parseDate('4 Marz 2024')?.value).toBe('2024-03-04');
    // Too short to guess ("Jurio" is as near "junio" as "julio"), or near no month at all.
    expect(parseDate('4 Jurio 2024')).toBeNull();
    expect(parseDate('4 Stunden 2024')).toBeNull();
    // Only a month's name loses its "de": a word that merely ends so is no month.
    expect(parseDate('4 made 2024')).toBeNull();
  });

  it('reads ambiguous slashed dates day first unless the document says month first, and says it guessed', () => {
    expect(parseDate('05/03/2024')?.value).toBe('2024-03-05');
    expect(parseDate('05/03/2024', { dateOrder: { order: 'mdy', certainty: 1 } })?.value).toBe('2024-05-03');
    expect(parseDate('05/03/2024')!.clean).toBeLessThan(1);
    expect(parseDate('2024-03-05')!.clean).toBe(1);
  });

  it('gives a date printed without its year the year of the document around it', () => {
    const ctx = detectConventions('Statement 1 December 2025 to 31 January 2026');
    expect(parseDate('03 Feb', ctx)?.value).toBe('2026-02-03');
    expect(parseDate('28 Dec', ctx)?.value).toBe('2025-12-28');
    expect(parseDate('Jan 5', ctx)?.value).toBe('2026-01-05');
    expect(parseDate('05.01.', ctx)?.value).toBe('2026-01-05');
    // Its closing dot read as a colon or a comma by OCR: the same date, less surely.
    expect(parseDate('05.01:', ctx)?.value).toBe('2026-01-05');
    expect(parseDate('05.01,', ctx)!.clean).toBeLessThan(parseDate('05.01.', ctx)!.clean);
    expect(parseDate('05.01', ctx)).toBeNull();
    expect(parseDate('28 Dec', ctx)!.clean).toBeLessThan(1);
    // Without a full date anywhere there is no year to give.
    expect(parseDate('28 Dec', detectConventions('no dates here'))).toBeNull();
    expect(parseDate('31 Feb', ctx)).toBeNull();
  });

  it('refuses impossible dates and non-dates', () => {
    expect(parseDate('31.02.2024')).toBeNull();
    expect(parseDate('2024-13-01')).toBeNull();
    expect(parseDate('INV-2024-0042')).toBeNull();
    expect(parseDate('hello')).toBeNull();
  });
});

describe('detectConventions', () => {
  it('finds the decimal mark and the date order a document uses', () => {
    const eu = detectConventions('Total 1.234,56 EUR\nDate 05.03.2024');
    expect(eu.decimal).toBe(',');
    expect(eu.dateOrder?.order).toBe('dmy');
    const us = detectConventions('Total $1,234.56\nDate 03/05/2024');
    expect(us.decimal).toBe('.');
    expect(us.dateOrder?.order).toBe('mdy');
    expect(detectConventions('Total £12.00 on 03/05/2024 and 25/05/2024').dateOrder).toEqual({
      order: 'dmy',
      certainty: 1,
    });
  });
});

describe('parseEnum / parseBoolean / parseString', () => {
  const values = { EUR: ['€', 'euro'], USD: ['$', 'US$'], GBP: ['£'] };
  it('matches values and synonyms', () => {
    expect(parseEnum('EUR', values)?.value).toBe('EUR');
    expect(parseEnum('eur', values)?.value).toBe('EUR');
    expect(parseEnum('€', values)?.value).toBe('EUR');
    expect(parseEnum('Euro (EUR)', values)?.value).toBe('EUR');
    expect(parseEnum('US$', values)?.value).toBe('USD');
    expect(parseEnum('Yen', values)).toBeNull();
  });
  it('reads booleans', () => {
    expect(parseBoolean('Yes')?.value).toBe(true);
    expect(parseBoolean('unpaid')?.value).toBe(false);
    expect(parseBoolean('maybe')).toBeNull();
  });
  it('trims strings and applies patterns', () => {
    expect(parseString(' : INV-1 ')?.value).toBe('INV-1');
    expect(parseString('No. 4711 (copy)', '\\d{4}')?.value).toBe('4711');
    expect(parseString('none here', '\\d{4}')).toBeNull();
    expect(parseString('Soylent Foods BV"')?.value).toBe('Soylent Foods BV');
    expect(parseString('"Quoted"')?.value).toBe('"Quoted"');
  });
});
