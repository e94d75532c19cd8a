import { describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { readDocument } from '../read';
import { extractWithRules } from '../rule-extractor';
import { garbledDateReadings, settleGarbledDates } from './garbled-dates';

const ctx = {
  ocr: true,
  dateOrder: { order: 'dmy', certainty: 1 },
  dateSpan: { first: '2024-03-01', last: '2024-03-31' },
} as const;

describe('a statement date OCR garbled', () => {
  it('has every reading its digits allow', () => {
    // The slash read as 7: 12/03, or 1/3 with a seven and a two dropped…
    expect(garbledDateReadings('12703', ctx)).toContain('2024-03-12');
    expect(garbledDateReadings('"077122023', ctx)).toContain('2023-12-07');
    expect(garbledDateReadings('122/08/2024', ctx)).toContain('2024-08-22');
    // A day read as a letter, a month's name a letter off: each month that near.
    expect(garbledDateReadings('S January 2024', ctx)).toEqual(['2024-01-05']);
    expect(garbledDateReadings('17. Mätz 2023', ctx)).toEqual(['2023-03-17']);
    expect(garbledDateReadings('12 Jani 2024', ctx).sort()).toEqual(['2024-01-12', '2024-06-12']);
    expect(garbledDateReadings('31 Jani 2024', ctx)).not.toContain('2024-06-31');
    // Words and amounts are no date.
    expect(garbledDateReadings('Miete', ctx)).toEqual([]);
    expect(garbledDateReadings('1.234,56', ctx)).toEqual([]);
  });

  it('is the one reading between its neighbours’ dates', () => {
    const dates = ['2024-03-05', undefined, '2024-03-14'];
    expect(settleGarbledDates(dates, new Map([[1, '12703']]), ctx)).toEqual(new Map([[1, '2024-03-12']]));
    // Newest first, the same.
    const falling = ['2024-03-14', undefined, '2024-03-05'];
    expect(settleGarbledDates(falling, new Map([[1, '12703']]), ctx)).toEqual(new Map([[1, '2024-03-12']]));
    // Two readings between them ("1203": 12/03 or 1/2 with the 0 dropped…): none is guessed.
    const wide = ['2024-01-01', undefined, '2024-12-31'];
    expect(settleGarbledDates(wide, new Map([[1, '1203']]), ctx).size).toBe(0);
    // No neighbour after it: unbounded, left for the reviewer.
    expect(
      settleGarbledDates(['2024-03-05', '2024-03-06', undefined], new Map([[2, '12703']]), ctx).size,
    ).toBe(0);
    // Rows in no order at all say nothing.
    const mixed = ['2024-03-14', '2024-03-02', undefined, '2024-03-20'];
    expect(settleGarbledDates(mixed, new Map([[2, '16703']]), ctx).size).toBe(0);
  });

  it('is worked out in a scanned statement, flagged for the reviewer, and never in a text layer', async () => {
    // Both slashes read as 7: 12/03/2024 (2/03 after a speck would be before the row above).
    const statement = `Stadtsparkasse Rheinau                          Kontoauszug 3/2024
Zeitraum: 01.03.2024 - 31.03.2024
Buchung      Vorgang                                      Betrag EUR
05.03.2024   Miete März Wohnung Lindenweg                    -850,00
1270372024   Gehalt Februar Muster AG                       2.950,12
14.03.2024   Kartenzahlung REWE Markt                          -64,37
`;
    const read = async (ocr: boolean) => {
      const doc = { ...(await readDocument({ text: statement })), ocr };
      return extractWithRules([doc], seedDefinition('bank_statement'));
    };
    const scanned = await read(true);
    const rows = scanned.data.transactions as { date?: string }[];
    expect(rows.map((r) => r.date)).toEqual(['2024-03-05', '2024-03-12', '2024-03-14']);
    expect(scanned.confidence['/transactions/1/date']).toBe(0.5);
    // A text layer prints what it means: its unreadable date stays unread.
    const printed = (await read(false)).data.transactions as { date?: string }[];
    expect(printed.map((r) => r.date)).toEqual(['2024-03-05', '2024-03-14']);
  });
});
