import { describe, expect, it } from 'vitest';
import { compileSchema, RULES_KEYWORD, rulesOf, validateData, withRules } from '@/lib/contract/validation';
import { VALIDATION_CODES } from '@/lib/contract/validation/codes';
import type { CrossFieldRule } from '@/lib/contract/validation/rules';

const schema = {
  type: 'object',
  properties: {
    subtotal: { type: 'number' },
    tax: { type: 'number' },
    total: { type: 'number' },
    issue_date: { type: 'string', format: 'date' },
    due_date: { type: 'string', format: 'date' },
  },
  required: ['total'],
};
const rules: CrossFieldRule[] = [
  { kind: 'add', fields: ['/subtotal', '/tax'], equals: '/total', tolerance: 0.01 },
  { kind: 'date_order', before: '/issue_date', after: '/due_date' },
];

describe('shared validation', () => {
  it('carries rules with a schema and reads them back, ignoring malformed ones', () => {
    const carried = withRules(schema, rules);
    expect(carried[RULES_KEYWORD]).toEqual(rules);
    expect(rulesOf(carried)).toEqual(rules);
    expect(withRules(schema, [])).toBe(schema);
    expect(rulesOf({ [RULES_KEYWORD]: [{ kind: 'sum' }, rules[1], 'x'] })).toEqual([rules[1]]);
    expect(rulesOf({ [RULES_KEYWORD]: 'nope' })).toEqual([]);
    expect(rulesOf(null)).toEqual([]);
  });

  it('reports schema errors and broken rules; the annotation does not disturb Ajv', () => {
    const validate = compileSchema(withRules(schema, rules));
    const ok = { subtotal: 200, tax: 40, total: 240, issue_date: '2026-10-02', due_date: '2026-11-01' };
    expect(validateData(ok, validate, rules)).toEqual([]);
    const bad = { subtotal: 200, tax: 40, total: 250, issue_date: '2026-10-02', due_date: '2026-09-01' };
    expect(validateData(bad, validate, rules).map((e) => [e.path, e.code, e.message])).toEqual([
      ['/total', 'SUM_MISMATCH', 'Total is 250.00 but subtotal + tax = 240.00.'],
      ['/due_date', 'DATE_ORDER', 'Due date (2026-09-01) is before issue date (2026-10-02).'],
    ]);
    const items = validateData({ issue_date: '02/31/2026' }, validate, rules);
    expect(items.map((e) => e.code)).toEqual(['REQUIRED_FIELD', 'FORMAT']);
    for (const e of items) expect(VALIDATION_CODES.has(e.code)).toBe(true);
  });
});
