import { describe, expect, it } from 'vitest';
import { buildFormModel } from '@/lib/review/form-model';
import { type Row, toFormValues } from '@/lib/review/form-values';
import { findProblems, REQUIRED_MESSAGE } from '@/lib/review/problems';

const schema = {
  type: 'object',
  properties: {
    number: { type: 'string' },
    items: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number' } } } },
  },
  required: ['number'],
};
const data = { number: 'A-1', items: [{ amount: 1 }, { amount: 2 }, { amount: 3 }] };
const model = buildFormModel(schema, data);
const errors = [
  { path: '/items/2/amount', code: 'SUM_MISMATCH', message: 'sum', severity: 'error' as const },
  { path: '/items/1/amount', code: 'LOW_QUALITY', message: 'odd', severity: 'warning' as const },
];

describe('problems of the form as it is now', () => {
  it('moves the entry errors with their rows, drops those of removed rows, flags empty required fields', () => {
    const values = toFormValues({ ...data, number: '' });
    const rows = values.kitems as Row[];
    values.kitems = [rows[0], rows[2]];
    expect(findProblems({ errors, saveFieldErrors: {}, model, values })).toEqual([
      { path: '/number', message: REQUIRED_MESSAGE, severity: 'error' },
      { path: '/items/1/amount', message: 'sum', severity: 'error' },
    ]);
  });

  it('with live validation: its own results replace the service items of the codes it checks', () => {
    const values = toFormValues(data);
    const live = () => [{ path: '/number', code: 'PATTERN', message: 'live', severity: 'error' as const }];
    expect(
      findProblems({ errors, saveFieldErrors: { '/number': ['refused'] }, model, values, live }),
    ).toEqual([
      { path: '/items/1/amount', message: 'odd', severity: 'warning' },
      { path: '/number', message: 'live', severity: 'error' },
      { path: '/number', message: 'refused', severity: 'error' },
    ]);
  });
});
