import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/auth/users';
import type { Database } from '@/lib/db/client';
import { deployments } from '@/lib/db/schema/desk';
import { computeAnalytics, parseAnalyticsFilters } from '@/lib/desk/analytics';
import { recordDecision } from '@/lib/desk/decisions';
import { indexEntry, recordCorrection } from '@/lib/desk/entry-index';
import { setRoutingRule } from '@/lib/desk/routing';
import { databaseKinds, freshDatabase } from '../support/database';
import { fakeEntry } from '../support/entries';

const DEPLOYMENT = randomUUID();
const origin = { documentId: null, documentName: 'a.pdf', createdBy: null };

/** The analytics figures from the desk's history, on a real database. */
describe.each(databaseKinds)('analytics on $name', ({ target }) => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase(target);
    const { db } = database;
    const ana = (await createUser(db, { email: 'ana@example.com', password: 'password-1', role: 'reviewer' }))
      .id;
    await db.insert(deployments).values({
      id: DEPLOYMENT,
      name: 'Invoices',
      source: 'manual',
      schema: {
        type: 'object',
        properties: {
          total: { type: 'number', title: 'Total' },
          line_items: {
            type: 'array',
            items: { type: 'object', properties: { amount: { title: 'Amount' } } },
          },
        },
      },
    });
    const created = new Date(Date.now() - 3600_000);
    for (let i = 0; i < 4; i++) {
      const e = fakeEntry(created, {
        deployment_id: DEPLOYMENT,
        status: i === 3 ? 'completed_with_errors' : 'completed',
      });
      await indexEntry(db, e, origin);
      if (i < 3)
        await recordCorrection(db, {
          entryId: e.entry_id,
          userId: ana,
          notes: null,
          patches: [{ path: '/total', value: i }],
        });
      if (i === 0)
        await recordCorrection(db, {
          entryId: e.entry_id,
          userId: ana,
          notes: null,
          patches: [{ path: '/line_items/2/amount', value: 1 }],
        });
      await recordDecision(db, {
        entryId: e.entry_id,
        userId: ana,
        decision: 'approved',
        reason: i === 3 ? 'checked by hand' : null,
      });
    }
    await setRoutingRule(db, { deploymentId: DEPLOYMENT, threshold: 0.5, autoApprove: true, actorId: ana });
    await indexEntry(
      db,
      fakeEntry(new Date(), { deployment_id: DEPLOYMENT, confidence: { '/total': 0.9 } }),
      origin,
    );
  });
  afterAll(() => database.close());

  it('names the most-corrected field by its title, with accuracy, errors, reviewers and auto-approvals', async () => {
    const a = await computeAnalytics(database.db, parseAnalyticsFilters(new URLSearchParams()));
    expect(a.decided).toBe(5);
    expect(a.fields[0]).toMatchObject({ label: 'Total', field: '/total', corrected: 3 });
    expect(a.fields[0].accuracy).toBeCloseTo(1 - 3 / 5);
    expect(a.fields[1]).toMatchObject({
      label: 'line_items › Amount',
      field: '/line_items/*/amount',
      corrected: 1,
    });
    expect(a.errorsByCode).toEqual([{ code: 'TYPE', n: 1 }]);
    expect(a.perReviewer).toEqual([
      { reviewer: 'ana@example.com', n: 4 },
      { reviewer: 'system', n: 1 },
    ]);
    expect(a.perDay.reduce((s, d) => s + d.n, 0)).toBe(5);
    expect(a.approvals).toBe(5);
    expect(a.autoApprovals).toBe(1);
    expect(a.medianSecondsToDecision).toBeGreaterThan(3000);
  });

  it('counts nothing outside the range or the deployment', async () => {
    const old = await computeAnalytics(database.db, { from: '2020-01-01', to: '2020-01-31' });
    expect(old).toMatchObject({
      decided: 0,
      fields: [],
      perDay: [],
      approvals: 0,
      medianSecondsToDecision: null,
    });
    const other = await computeAnalytics(
      database.db,
      parseAnalyticsFilters(new URLSearchParams({ deployment: randomUUID() })),
    );
    expect(other.decided).toBe(0);
  });
});
