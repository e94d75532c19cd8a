import { describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { readDocument } from '../read';
import { extractWithRules } from '../rule-extractor';
import { settledCodes } from './code-column';

describe('settledCodes', () => {
  it("reads a code back to its column's shape: look-alikes the other way, or one of two read for one glyph", () => {
    const column = [
      'B30999',
      '830999',
      'B12255',
      'B40871',
      undefined,
      'B55100',
      'B91057',
      'B38579',
      'B4O871',
    ];
    expect([...settledCodes(column)]).toEqual([
      [1, 'B30999'],
      [8, 'B40871'],
    ]);
    const articles = [
      'ART52774',
      'ART13021',
      'ART60125',
      'ART41102',
      'ART22907',
      'ART33015',
      'ARTS52774',
      'ARTB0280',
    ];
    expect([...settledCodes(articles)]).toEqual([
      [6, 'ART52774'],
      [7, 'ART80280'],
    ]);
    expect([...settledCodes(['SKU80703', 'SKU11270', 'SKU31112', 'SKU8B0703'])]).toEqual([[3, 'SKU80703']]);
  });

  it('leaves codes alone without a shape three in four of them share, or with no look-alike to read', () => {
    // Four codes of two shapes: no shape is the column's.
    expect(settledCodes(['B30999', '830999', 'B12255', '840871']).size).toBe(0);
    expect(settledCodes(['B30999', 'B12255']).size).toBe(0);
    // A letter where every code has a figure, and no figure it stands for; a code too long to mend.
    expect(settledCodes(['A-64029', 'A-11111', 'A-22222', 'A-6X029', 'A-640299']).size).toBe(0);
    // A letter only some codes have there is no letter of the column's: the figure stays a figure.
    expect(settledCodes(['A12345', 'B23456', 'C34567', '812345']).size).toBe(0);
  });
});

describe("a purchase order's SKU column read by OCR", () => {
  const order = `PURCHASE ORDER
PO number: PO-2024-118

SKU        Description              Qty   Unit price    Amount
B30999     Office chair              2       120.00     240.00
830999     Office chair              1       120.00     120.00
B12255     Desk lamp                 4        25.00     100.00
B40871     Monitor arm               1        80.00      80.00

Total                                                   540.00
`;
  const skus = async (ocr: boolean) => {
    const doc = { ...(await readDocument({ text: order })), ocr };
    const { data, confidence } = extractWithRules([doc], seedDefinition('purchase_order'));
    const items = data.line_items as { sku: string }[];
    return { skus: items.map((i) => i.sku), flagged: confidence['/line_items/1/sku'] };
  };

  it("puts back the code's letter, flagged for the reviewer", async () => {
    expect(await skus(true)).toEqual({ skus: ['B30999', 'B30999', 'B12255', 'B40871'], flagged: 0.5 });
  });
  it('keeps a text layer as it prints', async () => {
    expect((await skus(false)).skus[1]).toBe('830999');
  });
});
