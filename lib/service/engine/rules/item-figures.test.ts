import { describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { readDocument } from '../read';
import { extractWithRules } from '../rule-extractor';
import { lostLeadingGroup, oneDigitApart, settleItemFigures } from './item-figures';

describe("an item's figure OCR misread by one digit", () => {
  it('tells figures one digit apart from others', () => {
    expect(oneDigitApart(17.8, 17)).toBe(true);
    expect(oneDigitApart(8, 3)).toBe(true);
    expect(oneDigitApart(23, 3)).toBe(false);
    expect(oneDigitApart(12.5, 21.5)).toBe(false);
  });

  it("puts an amount right where count × price and the items' sum both say so", () => {
    const rows = [
      { quantity: 2, unit_price: 3.5, amount: 7 },
      { quantity: 1, unit_price: 17, amount: 17.8 },
    ];
    expect(settleItemFigures(rows, [24])).toEqual([{ index: 1, key: 'amount', value: 17 }]);
    // The sum does not agree: nothing is changed.
    expect(settleItemFigures(rows, [30])).toEqual([]);
    // No sum to check against: nothing is changed.
    expect(settleItemFigures(rows, [])).toEqual([]);
  });

  it('puts a price right once the amounts add up', () => {
    const rows = [
      { quantity: 1, unit_price: 8, amount: 3 },
      { quantity: 2, unit_price: 2.5, amount: 5 },
    ];
    expect(settleItemFigures(rows, [8])).toEqual([{ index: 0, key: 'unit_price', value: 3 }]);
  });

  it('puts back the leading group of thousands OCR lost', () => {
    expect(lostLeadingGroup(2485.24, 485.24)).toBe(true);
    expect(lostLeadingGroup(23498.82, 498.82)).toBe(true);
    // A lost digit is no lost group: "12.45" is not "2.45" grouped.
    expect(lostLeadingGroup(12.45, 2.45)).toBe(false);
    expect(lostLeadingGroup(2485.24, 485.25)).toBe(false);
    const priceLost = [
      { quantity: 11, unit_price: 485.24, amount: 27337.64 },
      { quantity: 1, unit_price: 100, amount: 100 },
    ];
    expect(settleItemFigures(priceLost, [27437.64])).toEqual([
      { index: 0, key: 'unit_price', value: 2485.24 },
    ]);
    const amountLost = [
      { quantity: 5, unit_price: 397.31, amount: 986.55 },
      { quantity: 1, unit_price: 100, amount: 100 },
    ];
    expect(settleItemFigures(amountLost, [2086.55])).toEqual([{ index: 0, key: 'amount', value: 1986.55 }]);
    // The sum does not agree: nothing is changed.
    expect(settleItemFigures(amountLost, [5000])).toEqual([]);
  });

  it('puts a whole count right where the amount is its price exactly that many times', () => {
    const rows = [
      { quantity: 3, unit_price: 2751.4, amount: 11005.6 },
      { quantity: 7, unit_price: 4.5, amount: 4.5 },
      { quantity: 2, unit_price: 3, amount: 6 },
    ];
    expect(settleItemFigures(rows, [11016.1])).toEqual([
      { index: 0, key: 'quantity', value: 4 },
      { index: 1, key: 'quantity', value: 1 },
    ]);
    // The amounts do not add up: they may be what OCR misread, so the counts stand.
    expect(settleItemFigures(rows, [11000])).toEqual([]);
    // A count by weight, and an amount that is no whole number of prices, stand.
    expect(settleItemFigures([{ quantity: 0.845, unit_price: 2.49, amount: 2.1 }], [2.1])).toEqual([]);
    expect(settleItemFigures([{ quantity: 2, unit_price: 3.5, amount: 7.7 }], [7.7])).toEqual([]);
  });

  it('changes nothing when two rows could explain the sum', () => {
    const rows = [
      { quantity: 1, unit_price: 5, amount: 6 },
      { quantity: 1, unit_price: 5, amount: 6 },
    ];
    expect(settleItemFigures(rows, [11])).toEqual([]);
  });

  it('leaves rows without a count or an amount alone', () => {
    expect(settleItemFigures([{ unit_price: 8, amount: 3 }], [3])).toEqual([]);
    expect(settleItemFigures([{ quantity: 1, unit_price: 8 }], [8])).toEqual([]);
  });
});

describe('on a whole receipt', () => {
  const text = `Café Linde
Datum: 14.03.2026
Cappuccino  2 x 3,50    7,00
Croissant   1 x 2,00    2,80
SUMME EUR               9,00
`;
  const items = async (ocr: boolean) => {
    const doc = { ...(await readDocument({ text })), ocr };
    const result = extractWithRules([doc], seedDefinition('receipt'));
    return { rows: result.data.line_items as Record<string, unknown>[], confidence: result.confidence };
  };

  it('mends a scanned amount and flags it for the reviewer', async () => {
    const { rows, confidence } = await items(true);
    expect(rows[1]).toMatchObject({ description: 'Croissant', amount: 2 });
    expect(confidence['/line_items/1/amount']).toBeLessThan(0.7);
  });

  it("mends a scanned count the row's figures contradict", async () => {
    const doc = {
      ...(await readDocument({ text: 'Café Linde\nCappuccino  3 x 3,50    7,00\nSUMME EUR   7,00\n' })),
      ocr: true,
    };
    const result = extractWithRules([doc], seedDefinition('receipt'));
    expect(result.data.line_items).toEqual([expect.objectContaining({ quantity: 2, amount: 7 })]);
    expect(result.confidence['/line_items/0/quantity']).toBeLessThan(0.7);
  });

  it("keeps a text layer's figure as printed", async () => {
    expect((await items(false)).rows[1]).toMatchObject({ amount: 2.8 });
  });
});

describe("an item's amount and count both misread", () => {
  it('takes the amount the sum leaves the row where it is the price a count OCR could have misread times', () => {
    const rows = [
      { quantity: 8, unit_price: 62.77, amount: 188.31 },
      { quantity: 1, unit_price: 302.81, amount: 3330.01 },
      { quantity: 12, unit_price: 150.07, amount: 1800.84 },
    ];
    // 11 × 302,81 = 3330,91; the first row's count follows once the amounts add up (3 × 62,77).
    expect(settleItemFigures(rows, [5320.06])).toEqual([
      { index: 1, key: 'amount', value: 3330.91 },
      { index: 1, key: 'quantity', value: 11 },
      { index: 0, key: 'quantity', value: 3 },
    ]);
    // The sum's share is no whole number of prices (3330,95): nothing is changed.
    expect(settleItemFigures(rows, [5320.1])).toEqual([]);
    // A count OCR could not have read as the one it shows (11 read as 5): nothing is changed.
    const far = rows.map((r, i) => (i === 1 ? { ...r, quantity: 5 } : r));
    expect(settleItemFigures(far, [5320.06])).toEqual([]);
  });
});
