import { describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { readDocument } from '../read';
import { extractWithRules } from '../rule-extractor';
import { WORKED_OUT_CONFIDENCE } from './page-view';
import { missingFigure } from './printed-sum';

const extract = async (text: string, ocr = true) =>
  extractWithRules([{ ...(await readDocument({ text })), ocr }], seedDefinition('receipt'));

describe('a summary figure found where the document prints what its arithmetic makes', () => {
  it('takes a total whose label OCR misread from the figure subtotal and tax make, flagged', async () => {
    const text = `Corner Deli
Receipt No. 766835
Orange juice            7.50
Croissant               2.00
Subtotal                9.50
VAT 20%                 1.90
Amount pzid GBP        11.40
Payment method          CASH
`;
    const result = await extract(text);
    expect(result.data.total).toBe(11.4);
    expect(result.sources['/total']?.text).toBe('11.40');
    expect(result.confidence['/total']).toBe(WORKED_OUT_CONFIDENCE);
  });

  it('takes a tax printed under its rate’s caption, from total less subtotal', async () => {
    const text = `Corner Deli
Orange juice            7.50
Croissant               2.00
Subtotal                9.50
Rate 20%
1.90
Total                  11.40
`;
    const result = await extract(text);
    expect(result.data.tax).toBe(1.9);
    expect(result.confidence['/tax']).toBe(WORKED_OUT_CONFIDENCE);
  });

  it('takes nothing when the sum is not printed, nor a figure a table cell or another field holds', async () => {
    const notPrinted = await extract(`Corner Deli
Orange juice            7.50
Croissant               2.00
Subtotal                9.50
VAT 20%                 1.90
Amount pzid GBP        11.45
`);
    expect(notPrinted.data.total).toBeUndefined();
    // No subtotal printed: the items' 9.50 is the total's own figure, not a subtotal's as well.
    const taken = await extract(`Corner Deli
Orange juice            7.50
Croissant               2.00
Total                   9.50
`);
    expect(taken.data.total).toBe(9.5);
    expect(taken.data.subtotal).toBeUndefined();
  });

  it('does not take the sum of subtotal and tax for the total where a tip is read beside them', async () => {
    const result = await extract(`Corner Deli
Orange juice            7.50
Croissant               2.00
Subtotal                9.50
VAT 20%                 1.90
Tip                     2.00
Amount pzid USD        13.40
Net      VAT      Incl. VAT
9.50     1.90     11.40
`);
    expect(result.data.tip).toBe(2);
    expect(result.data.total).not.toBe(11.4);
  });
});

describe('missingFigure', () => {
  const add = { kind: 'add' as const, fields: ['/subtotal', '/tax'], equals: '/total', tolerance: 0.01 };
  const sum = {
    kind: 'sum' as const,
    items: '/line_items',
    field: 'amount',
    equals: '/subtotal',
    tolerance: 0.01,
  };
  const at = (values: Record<string, number>) => (p: string) => values[p] ?? null;
  const noItems = () => null;

  it('works out the one figure of an addition that is missing, to the cent', () => {
    expect(missingFigure(add, at({ '/subtotal': 43.45, '/tax': 8.69 }), noItems)).toEqual({
      pointer: '/total',
      value: 52.14,
    });
    expect(missingFigure(add, at({ '/subtotal': 0.1, '/total': 0.3 }), noItems)).toEqual({
      pointer: '/tax',
      value: 0.2,
    });
  });

  it('tells nothing with two figures missing, none, or a figure of nothing or less', () => {
    expect(missingFigure(add, at({ '/total': 10 }), noItems)).toBeNull();
    expect(missingFigure(add, at({ '/subtotal': 10, '/tax': 1, '/total': 11 }), noItems)).toBeNull();
    expect(missingFigure(add, at({ '/subtotal': 10, '/total': 10 }), noItems)).toBeNull();
  });

  it('adds the items up to a missing subtotal only when every item has its figure', () => {
    const items = (rows: unknown[]) => () => rows;
    expect(missingFigure(sum, at({}), items([{ amount: 7.5 }, { amount: 2 }]))).toEqual({
      pointer: '/subtotal',
      value: 9.5,
    });
    expect(missingFigure(sum, at({}), items([{ amount: 7.5 }, { description: 'Croissant' }]))).toBeNull();
    expect(missingFigure(sum, at({ '/subtotal': 9.5 }), items([{ amount: 7.5 }]))).toBeNull();
  });
});

describe('totals whose labels OCR garbled, found by what they add up to', () => {
  const invoice = async (text: string, ocr = true) =>
    extractWithRules([{ ...(await readDocument({ text })), ocr }], seedDefinition('invoice'));
  const items = `Invoice INV-1042
Description            Qty     Price      Amount
Paper A4                 2     10.00       20.00
Toner                    1     35.50       35.50
`;

  it('ends the items at a line that prints their sum beside a label OCR garbled, not one more item', async () => {
    const result = await invoice(`${items}Subtota                                    55.50
VAT 20%                                    11.10
Total                                      66.60
`);
    expect(result.data.line_items).toHaveLength(2);
    expect(result.data.subtotal).toBe(55.5);
    expect(result.data.total).toBe(66.6);
  });

  it('takes a tax and a total whose labels were not read, the subtotal and the page saying which', async () => {
    const result = await invoice(`${items}Subtotal                                   55.50
VAl                                        11.10
Dial gue                                   66.60
`);
    expect(result.data.tax).toBe(11.1);
    expect(result.data.total).toBe(66.6);
    expect(result.confidence['/tax']).toBe(WORKED_OUT_CONFIDENCE);
    expect(result.confidence['/total']).toBe(WORKED_OUT_CONFIDENCE);
  });

  it('puts back the decimal point a tax lost where the total the page prints says so', async () => {
    const result = await invoice(`${items}Subtotal                                   55.50
VAT 20%                                     1110
Dial gue                                   66.60
`);
    expect(result.data.tax).toBe(11.1);
    expect(result.data.total).toBe(66.6);
    expect(result.confidence['/tax']).toBe(WORKED_OUT_CONFIDENCE);
    // A text layer prints what it means: no point is put back.
    expect((await invoice(`${items}Subtotal  55.50\nVAT 20%  1110\nDial gue  66.60\n`, false)).data.tax).toBe(
      1110,
    );
  });

  it('reads three figures printed over garbled captions as subtotal, tax and total', async () => {
    const result = await invoice(`Invoice INV-1042
Description            Qty     Price      Amount
Paper A4                 2     10.00       2O.OO
Toner                    1     35.50       35.50
                     55.50     11.10       66.60
                   Subtota       VAl    Dial gue
`);
    expect(result.data.line_items).toHaveLength(2);
    expect([result.data.subtotal, result.data.tax, result.data.total]).toEqual([55.5, 11.1, 66.6]);
    expect(result.confidence['/total']).toBe(WORKED_OUT_CONFIDENCE);
  });

  it('keeps a total read by its label against a line of figures that add up otherwise (a tip)', async () => {
    const result = await extract(`Corner Deli
Sandwich                 4.35
Bananas                 12.44
Subtotal                16.79
Tip                      1.00
TOTAL                   18.80
Rate     Net      VAT      Incl.
6%       16.79    1.01     17.80
`);
    expect(result.data.total).toBe(18.8);
  });
});
