import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { type AnalyticsFilters, computeAnalytics } from '@/lib/desk/analytics';
import { seedEntries } from '../../scripts/bench/entries-seed';
import { databaseKinds, freshDatabase } from '../support/database';
import { computeAnalyticsReference } from './analytics-reference';

const DEPLOYMENTS = [randomUUID(), randomUUID(), randomUUID()];

const RANGES: AnalyticsFilters[] = [
  { from: '2026-01-01', to: '2026-03-15' },
  { from: '2026-01-02', to: '2026-01-02' },
  { from: '2026-01-02', to: '2026-01-04' },
  { from: '2026-01-03', to: '2026-01-20' },
  { from: '2026-01-01', to: '2026-01-05', deployment: [DEPLOYMENTS[0]] },
  { from: '2026-01-02', to: '2026-01-09', deployment: [DEPLOYMENTS[1], DEPLOYMENTS[2]] },
  { from: '2020-01-01', to: '2020-01-31' },
];

/** The figures of the per-day aggregate against the raw history, over ranges cutting through it. */
async function expectSameFigures(database: Database) {
  for (const filters of RANGES) {
    const fast = await computeAnalytics(database.db, filters);
    const raw = await computeAnalyticsReference(database.db, filters);
    const sorted = (a: typeof raw) => ({
      ...a,
      errorsByCode: [...a.errorsByCode].sort((x, y) => y.n - x.n || x.code.localeCompare(y.code)),
      perReviewer: [...a.perReviewer].sort((x, y) => y.n - x.n || x.reviewer.localeCompare(y.reviewer)),
    });
    expect(sorted(fast), JSON.stringify(filters)).toEqual(sorted(raw));
  }
}

/**
 * The analytics page reads desk.analytics_daily, kept by triggers (migration 0012): on a seeded
 * database whose entries are reviewed on several days, by several people, with corrections of
 * list items, errors and versions — then history deleted and entries changed — its figures are
 * the raw computation's, and so are they after the migration's backfill.
 */
describe.each(databaseKinds)('analytics aggregate on $name', ({ target }) => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase(target);
    const { db } = database;
    await seedEntries(database, 3000, DEPLOYMENTS);
    // Versions and errors on some entries (the seed has none).
    await db.execute(sql`
      update desk.entries set snapshot = snapshot
        || jsonb_build_object('resource_version_number', 1 + (extract(epoch from created_at)::bigint / 60) % 2)
        || case when error_count > 0 then jsonb_build_object('errors', jsonb_build_array(
             jsonb_build_object('code', (array['TYPE','REQUIRED_FIELD','FORMAT'])[1 + error_count % 3], 'path', '/total'),
             jsonb_build_object('code', 'TYPE', 'path', '/line_items/1/amount'))) else '{}'::jsonb end
      where (extract(epoch from created_at)::bigint / 60) % 3 <> 0`);
    await db.execute(sql`
      insert into desk.users (id, email, password_hash, role)
      values ('00000000-0000-4000-8000-00000000000a', 'ana@example.com', 'x', 'reviewer'),
             ('00000000-0000-4000-8000-00000000000b', 'bo@example.com', 'x', 'reviewer')`);
    // Decisions hours to days after extraction, some entries decided twice on different days.
    await db.execute(sql`
      insert into desk.review_decisions (entry_id, user_id, decision, reason, automatic, created_at)
      select id, case when n % 7 = 0 then null when n % 2 = 0 then '00000000-0000-4000-8000-00000000000a'::uuid
                      else '00000000-0000-4000-8000-00000000000b'::uuid end,
             case when n % 5 = 0 then 'rejected' else 'approved' end,
             case when n % 5 = 0 then 'unreadable' end,
             n % 7 = 0, created_at + (n % 50) * interval '1 hour' + (n % 13) * interval '1 second'
      from (select *, row_number() over (order by created_at) as n from desk.entries) e where n % 4 <> 1`);
    await db.execute(sql`
      insert into desk.review_decisions (entry_id, user_id, decision, automatic, created_at)
      select id, '00000000-0000-4000-8000-00000000000a'::uuid, 'approved', false, created_at + interval '3 days'
      from (select *, row_number() over (order by created_at) as n from desk.entries) e where n % 6 = 0`);
    // Corrections, of `total` and of list items, on one or several days.
    await db.execute(sql`
      insert into desk.corrections (entry_id, user_id, patches, created_at)
      select id, '00000000-0000-4000-8000-00000000000b'::uuid,
             case when n % 10 < 5 then '[{"path":"/total","value":1}]'::jsonb
                  else '[{"path":"/total","value":1},{"path":"/line_items/0/amount","value":2},{"path":"/line_items/1/amount","value":3}]'::jsonb end,
             created_at + (n % 40) * interval '1 hour'
      from (select *, row_number() over (order by created_at) as n from desk.entries) e where n % 5 in (0, 1, 3)`);
    await db.execute(sql`
      insert into desk.corrections (entry_id, user_id, patches, created_at)
      select id, null, '[{"path":"/seller/name","value":"x"},{"path":"/line_items/0/amount","value":1}]'::jsonb,
             created_at + interval '2 days'
      from (select *, row_number() over (order by created_at) as n from desk.entries) e where n % 4 = 0`);
  }, 120_000);
  afterAll(() => database.close());

  it('gives the raw computation’s figures', async () => {
    const all = await computeAnalytics(database.db, RANGES[0]);
    expect(all.decided).toBeGreaterThan(2000);
    expect(new Set(all.fields.map((f) => `${f.deploymentId}|${f.version}`)).size).toBeGreaterThan(3);
    expect(all.errorsByCode.length).toBe(3);
    await expectSameFigures(database);
  });

  it('still does once history is undone and entries change', async () => {
    const { db } = database;
    await db.execute(sql`
      delete from desk.review_decisions where id in (
        select id from desk.review_decisions order by created_at limit 300)`);
    await db.execute(sql`
      delete from desk.corrections where id in (select id from desk.corrections order by created_at desc limit 100)`);
    await db.execute(sql`update desk.review_decisions set created_at = created_at + interval '1 day'
                         where id in (select id from desk.review_decisions order by created_at limit 50)`);
    await db.execute(sql`
      update desk.entries set deployment_id = ${DEPLOYMENTS[2]}::uuid,
             snapshot = snapshot || '{"resource_version_number": 7, "errors": [{"code": "LATE"}]}'::jsonb,
             error_count = 1
      where id in (select entry_id from desk.corrections order by created_at limit 200)`);
    // A change the figures do not read leaves the aggregate alone.
    await db.execute(sql`update desk.entries set review_state = 'approved' where review_state = 'to_review'`);
    await expectSameFigures(database);
  });

  it('is rebuilt from the history by the migration’s backfill', async () => {
    const { db } = database;
    await db.execute(sql`delete from desk.analytics_daily`);
    await db.execute(sql`delete from desk.analytics_entry_facts`);
    await db.execute(
      sql`select desk.analytics_refresh(array(select entry_id from desk.review_decisions union select entry_id from desk.corrections))`,
    );
    await expectSameFigures(database);
  });
});
