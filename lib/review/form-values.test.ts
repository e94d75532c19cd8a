import { describe, expect, it } from 'vitest';
import {
  basePointer,
  dataKey,
  fieldName,
  fromFormValues,
  newRow,
  type Row,
  safeKey,
  toFormValues,
} from '@/lib/review/form-values';

const data = {
  invoice_number: 'INV-1',
  'v1.5': { '2024': 10, 'a/b~c': 'x' },
  line_items: [
    { description: 'A', amount: 1 },
    { description: 'B', amount: 2 },
    { description: 'C', amount: 3 },
  ],
  tags: ['x', null, 'z'],
  nested: [[1, 2], []],
  empty: {},
  nothing: null,
};

describe('form values', () => {
  it('round-trips any data, keys with dots, digits, slashes and tildes included', () => {
    expect(fromFormValues(toFormValues(data))).toEqual(data);
    for (const key of ['', '.', '1.5', '2024', '__proto__', 'a b', 'é', '😀', 'k_61_', 'constructor'])
      expect(dataKey(safeKey(key))).toBe(key);
  });

  it('gives safe names a form library cannot mistake for paths or indexes', () => {
    for (const key of ['1.5', '2024', 'a[0]', 'x.y']) expect(safeKey(key)).toMatch(/^k[A-Za-z0-9_]*$/);
    expect(safeKey('2024')).not.toMatch(/^\d+$/);
  });

  it('maps pointers to form names by the data shape', () => {
    const values = toFormValues(data);
    expect(fieldName('/invoice_number', values)).toBe('kinvoice_5f_number');
    expect(fieldName('/v1.5/2024', values)).toBe('kv1_2e_5.k2024');
    expect(fieldName('/v1.5/a~1b~0c', values)).toBe('kv1_2e_5.ka_2f_b_7e_c');
    expect(fieldName('/line_items/1/amount', values)).toBe('kline_5f_items.1.v.kamount');
    expect(fieldName('/tags/2', values)).toBe('ktags.2.v');
    expect(fieldName('/nested/0/1', values)).toBe('knested.0.v.1.v');
  });

  it('finds a row’s base pointer after rows above it were removed or moved, none for added rows', () => {
    const values = toFormValues(data);
    const rows = values.kline_5f_items as Row[];
    // Remove row 2 of 3, then add a row.
    values.kline_5f_items = [rows[0], rows[2], newRow({ description: 'D', amount: 4 })];
    expect(basePointer('/line_items/1/amount', values)).toBe('/line_items/2/amount');
    expect(basePointer('/line_items/2/amount', values)).toBeNull();
    expect(basePointer('/v1.5/2024', values)).toBe('/v1.5/2024');
    expect(fromFormValues(values).line_items).toEqual([
      { description: 'A', amount: 1 },
      { description: 'C', amount: 3 },
      { description: 'D', amount: 4 },
    ]);
  });
});

describe('base and current pointers', () => {
  it('moves errors with their rows and drops those of removed rows', async () => {
    const { currentPointer, nodeName } = await import('@/lib/review/form-values');
    const values = toFormValues(data);
    const rows = values.kline_5f_items as Row[];
    values.kline_5f_items = [rows[2], rows[0]];
    expect(currentPointer('/line_items/2/amount', values)).toBe('/line_items/0/amount');
    expect(currentPointer('/line_items/0', values)).toBe('/line_items/1');
    expect(currentPointer('/line_items/1/amount', values)).toBeNull();
    expect(currentPointer('/v1.5/2024', values)).toBe('/v1.5/2024');
    expect(currentPointer('/missing/3', values)).toBe('/missing/3');
    expect(nodeName('/v1.5/a~1b')).toBe('kv1_2e_5.ka_2f_b');
  });
});
