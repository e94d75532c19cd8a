import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES_KEYWORD, rulesOf } from '@/lib/contract/validation';
import { SEEDED } from '@/lib/service/seed';
import { databaseKinds } from '../support/database';
import { type Harness, startServiceHarness } from '../support/service-harness';

describe.each(databaseKinds)('structure versions carry their cross-field rules ($name)', ({ target }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServiceHarness(target);
  });
  afterAll(() => h?.close());

  it('hands the rules out with the schema, as x-emend-rules, so a client validates as the service does', async () => {
    const res = await h.call('GET', `/v3/structures/${SEEDED.invoice.structureId}/versions/1`);
    expect(res.status).toBe(200);
    expect(res.body.schema.properties.total).toBeDefined();
    expect(rulesOf(res.body.schema)).toEqual([
      { kind: 'sum', items: '/line_items', field: 'amount', equals: '/subtotal', tolerance: 0.01 },
      { kind: 'add', fields: ['/subtotal', '/tax'], equals: '/total', tolerance: 0.01 },
      { kind: 'date_order', before: '/issue_date', after: '/due_date' },
    ]);
    expect(Array.isArray(res.body.schema[RULES_KEYWORD])).toBe(true);
  });
});
