import { describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { entryStatusFor, validateExtraction } from './validate';

const invoice = seedDefinition('invoice');

const good = () => ({
  invoice_number: 'INV-1',
  issue_date: '2024-03-05',
  due_date: '2024-04-04',
  currency: 'EUR',
  line_items: [
    { description: 'A', quantity: 1, unit_price: 10, amount: 10 },
    { description: 'B', quantity: 2, unit_price: 5.005, amount: 10.01 },
  ],
  subtotal: 20.01,
  tax: 3.8,
  total: 23.81,
});

describe('validateExtraction', () => {
  it('accepts a consistent invoice', () => {
    expect(validateExtraction(good(), invoice)).toEqual([]);
  });

  it('reports a missing required field at its own path', () => {
    const { total: _total, ...data } = good();
    const errors = validateExtraction(data, invoice);
    expect(errors).toContainEqual(
      expect.objectContaining({ path: '/total', code: 'REQUIRED_FIELD', severity: 'error' }),
    );
    expect(errors.find((e) => e.path === '/total')!.message).toMatch(/Total is required/);
  });

  it('reports wrong types, formats and enum values', () => {
    const data = { ...good(), total: '23.81', issue_date: '05/03/2024', currency: 'EURO' };
    const errors = validateExtraction(data, invoice);
    expect(errors).toContainEqual(expect.objectContaining({ path: '/total', code: 'TYPE' }));
    expect(errors).toContainEqual(expect.objectContaining({ path: '/issue_date', code: 'FORMAT' }));
    expect(errors).toContainEqual(expect.objectContaining({ path: '/currency', code: 'ENUM' }));
  });

  it('reports errors inside line items with their index', () => {
    const data = good();
    (data.line_items[1] as Record<string, unknown>).amount = 'ten';
    const errors = validateExtraction(data, invoice);
    expect(errors).toContainEqual(expect.objectContaining({ path: '/line_items/1/amount', code: 'TYPE' }));
  });

  it('checks that line items add up to the subtotal (within 0.01)', () => {
    expect(validateExtraction({ ...good(), subtotal: 20.02, total: 23.82 }, invoice)).toEqual([]);
    const errors = validateExtraction({ ...good(), subtotal: 21, total: 24.8 }, invoice);
    expect(errors).toEqual([
      expect.objectContaining({ path: '/subtotal', code: 'SUM_MISMATCH', severity: 'error' }),
    ]);
    expect(errors[0].message).toContain('20.01');
  });

  it('checks subtotal + tax = total', () => {
    const errors = validateExtraction({ ...good(), total: 30 }, invoice);
    expect(errors).toEqual([expect.objectContaining({ path: '/total', code: 'SUM_MISMATCH' })]);
  });

  it('checks that the due date is not before the issue date', () => {
    const errors = validateExtraction({ ...good(), due_date: '2024-03-01' }, invoice);
    expect(errors).toEqual([expect.objectContaining({ path: '/due_date', code: 'DATE_ORDER' })]);
    expect(validateExtraction({ ...good(), due_date: '2024-03-05' }, invoice)).toEqual([]);
  });

  it('skips rules whose operands are missing (the schema reports those)', () => {
    const { subtotal: _s, tax: _t, ...data } = good();
    expect(validateExtraction(data, invoice)).toEqual([]);
  });

  it('compiles each structure version once and keeps versions apart', () => {
    const strict = { ...invoice, version: 2, schema: { ...invoice.schema, required: ['buyer'] } };
    expect(validateExtraction(good(), strict)).toContainEqual(
      expect.objectContaining({ path: '/buyer', code: 'REQUIRED_FIELD' }),
    );
    expect(validateExtraction(good(), invoice)).toEqual([]);
  });
});

describe('entryStatusFor', () => {
  const err = { path: '/total', code: 'REQUIRED_FIELD', message: 'x', severity: 'error' as const };
  const warn = { ...err, severity: 'warning' as const };
  it('follows docs/v3-interface.md', () => {
    expect(entryStatusFor(null, true)).toBe('completed');
    expect(entryStatusFor([], true)).toBe('completed');
    expect(entryStatusFor([warn], true)).toBe('completed');
    expect(entryStatusFor([err], true)).toBe('completed_with_errors');
    expect(entryStatusFor([err], false)).toBe('failed');
    expect(entryStatusFor(null, false)).toBe('failed');
  });
});
