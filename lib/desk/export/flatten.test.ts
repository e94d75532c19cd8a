import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';
import { flattenData } from './flatten';

describe('flattenData', () => {
  it('puts scalars under their JSON Pointer and arrays of objects in rows of their own', () => {
    const flat = flattenData({
      invoice_number: 'INV-1',
      seller: { name: 'ACME', 'a/b~c': 1 },
      tags: ['x', 'y'],
      empty: [],
      line_items: [
        { description: 'Bolt', amount: 2, dims: [1, 2] },
        { description: 'Nut', amount: 3, extra: { code: 'N' } },
      ],
      total: 5,
      missing: null,
    });
    expect([...flat.fields]).toEqual([
      ['/invoice_number', 'INV-1'],
      ['/seller/name', 'ACME'],
      ['/seller/a~1b~0c', 1],
      ['/tags', '["x","y"]'],
      ['/total', 5],
      ['/missing', null],
    ]);
    expect(flat.items.map((i) => [i.list, i.index, [...i.fields]])).toEqual([
      [
        '/line_items',
        0,
        [
          ['/description', 'Bolt'],
          ['/amount', 2],
          ['/dims', '[1,2]'],
        ],
      ],
      [
        '/line_items',
        1,
        [
          ['/description', 'Nut'],
          ['/amount', 3],
          ['/extra/code', 'N'],
        ],
      ],
    ]);
  });

  it('gives nothing for data that is not an object', () => {
    expect(flattenData(null)).toEqual({ fields: new Map(), items: [] });
    expect(flattenData([1, 2]).fields.size).toBe(0);
  });
});

describe('CSV cells', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});
