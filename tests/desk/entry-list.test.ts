import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '@/lib/contract/schemas';
import type { Database } from '@/lib/db/client';
import { entries, entryCounts, reviewDecisions, runItems, runs } from '@/lib/db/schema/desk';
import { setRequireZeroErrors, undoApprovals } from '@/lib/desk/approval';
import { approveEntries, DecisionError, recordDecision } from '@/lib/desk/decisions';
import { printedNumber } from '@/lib/desk/entry-filters';
import { indexEntry, refreshIndexedEntry } from '@/lib/desk/entry-index';
import {
  COUNT_CAP,
  countEntries,
  decodeCursor,
  type EntryFilters,
  type EntryListView,
  entrySorts,
  entryTotals,
  listEntries,
  nextEntryToReview,
} from '@/lib/desk/entry-list';
import { databaseKinds, freshDatabase } from '../support/database';
import { fakeEntry } from '../support/entries';

const DEPLOYMENT_A = randomUUID();
const DEPLOYMENT_B = randomUUID();
const BATCH = randomUUID();
const base = Date.parse('2026-03-01T09:00:00Z');

interface Seeded {
  id: string;
  name: string;
  status: Entry['status'] | 'pending';
  errors: number;
  createdAt: Date;
  deployment: string;
}

/**
 * The entries list against a real database: each filter, the search (name, id, data and
 * metadata values), every sort order paged by keyset without gaps or repeats, the counts,
 * the queue's "next entry", and bulk approve.
 */
describe.each(databaseKinds)('entries list on $name', ({ target }) => {
  let database: Database;
  const seeded: Seeded[] = [];
  let runId: string;

  beforeAll(async () => {
    database = await freshDatabase(target);
    const statuses: Seeded['status'][] = ['completed', 'completed_with_errors', 'failed', 'pending'];
    for (let i = 0; i < 30; i++) {
      const status = statuses[i % 4];
      const errors = status === 'completed_with_errors' ? 1 + (i % 3) : status === 'failed' ? 1 : 0;
      // Some entries share a creation time or a name, so the id must break ties.
      const createdAt = new Date(base + Math.floor(i / 3) * 86_400_000);
      const deployment = i % 2 ? DEPLOYMENT_B : DEPLOYMENT_A;
      const name =
        i % 5 === 0 ? 'scan.pdf' : `${i % 2 ? 'northwind' : 'contoso'}-${String(i).padStart(2, '0')}.pdf`;
      const entry = fakeEntry(createdAt, {
        status: status as Entry['status'],
        deployment_id: deployment,
        batch_id: i < 6 ? BATCH : null,
        data: {
          invoice_number: `INV-${1000 + i}`,
          seller: { name: i === 7 ? 'Fabrikam 50% Off' : 'ACME' },
          total: i * 10,
        },
        metadata: i === 11 ? { customer_ref: 'PO-Zebra-42' } : null,
        errors: Array.from({ length: errors }, () => ({
          path: '/total',
          code: 'X',
          message: 'x',
          severity: 'error' as const,
        })),
      });
      await indexEntry(database.db, entry, { documentId: null, documentName: name, createdBy: null });
      seeded.push({ id: entry.entry_id, name, status, errors, createdAt, deployment });
    }
    // A desk run made of entries 20..23.
    const [run] = await database.db
      .insert(runs)
      .values({ name: 'March run', deploymentId: DEPLOYMENT_A, mode: 'batch', totalItems: 4 })
      .returning();
    runId = run.id;
    await database.db.insert(runItems).values(
      [20, 21, 22, 23].map((i, position) => ({
        runId,
        position,
        itemIndex: position,
        entryId: seeded[i].id,
        documentName: seeded[i].name,
      })),
    );
  });
  afterAll(() => database?.close());

  const view = (
    filters: EntryFilters,
    sort: EntryListView['sort'] = 'created',
    dir: 'asc' | 'desc' = 'desc',
  ) => ({
    filters,
    sort,
    dir,
  });
  async function all(v: EntryListView, limit = 4): Promise<string[]> {
    const ids: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const page = await listEntries(database.db, v, { after, limit });
      ids.push(...page.rows.map((r) => r.id));
      if (!page.next) return ids;
      after = page.next;
    }
    throw new Error('pagination did not end');
  }
  const ids = (pick: (s: Seeded, i: number) => boolean) =>
    seeded
      .filter(pick)
      .map((s) => s.id)
      .sort();

  it('pages through every sort order in both directions without gaps or repeats', async () => {
    const key = {
      created: (s: Seeded) => s.createdAt.getTime(),
      errors: (s: Seeded) => s.errors,
      name: (s: Seeded) => s.name,
    };
    for (const sort of entrySorts) {
      for (const dir of ['asc', 'desc'] as const) {
        const got = await all(view({}, sort, dir));
        const expected = [...seeded]
          .sort((a, b) => {
            const [ka, kb] = [key[sort](a), key[sort](b)];
            const byKey = ka < kb ? -1 : ka > kb ? 1 : 0;
            return byKey || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
          })
          .map((s) => s.id);
        if (dir === 'desc') expected.reverse();
        // Names compare by the database's collation; the set and the page boundaries must hold.
        if (sort === 'name') expect(new Set(got)).toEqual(new Set(expected));
        else expect(got, `${sort} ${dir}`).toEqual(expected);
        expect(new Set(got).size).toBe(30);
      }
    }
  });

  it('filters by status, review state, deployment, batch, run, errors and creation day', async () => {
    const list = async (filters: EntryFilters) => (await all(view(filters), 50)).sort();
    expect(await list({ status: ['failed'] })).toEqual(ids((s) => s.status === 'failed'));
    expect(await list({ status: ['failed', 'pending'] })).toEqual(
      ids((s) => s.status === 'failed' || s.status === 'pending'),
    );
    expect(await list({ deployment: [DEPLOYMENT_B] })).toEqual(ids((s) => s.deployment === DEPLOYMENT_B));
    expect(await list({ batch: BATCH })).toEqual(ids((_, i) => i < 6));
    expect(await list({ run: runId })).toEqual(ids((_, i) => i >= 20 && i <= 23));
    expect(await list({ errors: 'with' })).toEqual(ids((s) => s.errors > 0));
    expect(await list({ errors: 'without' })).toEqual(ids((s) => s.errors === 0));
    // Days 2026-03-02 .. 2026-03-03 (UTC), both included.
    expect(await list({ from: '2026-03-02', to: '2026-03-03' })).toEqual(ids((_, i) => i >= 3 && i < 9));
    expect(await list({ review: ['approved'] })).toEqual([]);
    expect(await list({ status: ['failed'], deployment: [DEPLOYMENT_A] })).toEqual(
      ids((s) => s.status === 'failed' && s.deployment === DEPLOYMENT_A),
    );
  });

  it('searches names, entry ids, field values and metadata, every word, literally', async () => {
    const search = async (q: string) => (await all(view({ q }), 50)).sort();
    expect(await search('northwind')).toEqual(ids((s) => s.name.startsWith('northwind')));
    expect(await search('NORTHWIND inv-1007')).toEqual(ids((s) => s.name === 'northwind-07.pdf'));
    expect(await search(seeded[13].id.slice(0, 8))).toEqual([seeded[13].id]);
    expect(await search('inv-1017')).toEqual([seeded[17].id]);
    expect(await search('zebra')).toEqual([seeded[11].id]);
    // `%` and `_` are characters to find, not wildcards.
    expect(await search('50%')).toEqual([seeded[7].id]);
    expect(await search('%')).toEqual([seeded[7].id]);
    expect(await search('nothing-like-this')).toEqual([]);
  });

  it('counts the matches, and per status and review state what each choice would give', async () => {
    const all30 = await countEntries(database.db, {});
    expect(all30.total).toBe(30);
    expect(all30.byStatus).toMatchObject({ completed: 8, completed_with_errors: 8, failed: 7, pending: 7 });
    expect(all30.byReview?.to_review).toBe(30);
    const failed = await countEntries(database.db, { status: ['failed'], deployment: [DEPLOYMENT_A] });
    const expected = seeded.filter((s) => s.status === 'failed' && s.deployment === DEPLOYMENT_A).length;
    expect(failed.total).toBe(expected);
    // The status counts ignore the status filter but keep the others.
    expect(failed.byStatus?.completed).toBe(
      seeded.filter((s) => s.status === 'completed' && s.deployment === DEPLOYMENT_A).length,
    );
  });

  it('counts searches and other filters on the entries, per status too, stopping at the cap', async () => {
    const isNorthwind = (s: Seeded) => s.name.startsWith('northwind');
    const northwind = await countEntries(database.db, { q: 'northwind' });
    const byStatus = (match: (s: Seeded) => boolean) => {
      const counted: Record<string, number> = {};
      for (const s of seeded.filter(match)) counted[s.status] = (counted[s.status] ?? 0) + 1;
      return counted;
    };
    expect(northwind).toEqual({
      total: seeded.filter(isNorthwind).length,
      capped: false,
      byStatus: byStatus(isNorthwind),
      byReview: { to_review: seeded.filter(isNorthwind).length, corrected: 0, approved: 0, rejected: 0 },
    });
    // A filtered list keeps its status counts: each says what choosing that status would give.
    const failedNorthwind = await countEntries(database.db, { q: 'northwind', status: ['failed'] });
    expect(failedNorthwind.total).toBe(seeded.filter((s) => isNorthwind(s) && s.status === 'failed').length);
    expect(failedNorthwind.byStatus).toEqual(byStatus(isNorthwind));
    expect((await countEntries(database.db, { errors: 'with', deployment: [DEPLOYMENT_A] })).total).toBe(
      seeded.filter((s) => s.errors > 0 && s.deployment === DEPLOYMENT_A).length,
    );
    // 1,001 more entries named alike: the count stops at the cap and says so.
    const bulkDeployment = randomUUID();
    await database.db.execute(sql`
      insert into desk.entries (id, deployment_id, document_name, status, created_at, snapshot)
      select gen_random_uuid(), ${bulkDeployment}::uuid, 'bulk-' || i, 'completed', now(), '{"price": 0.5}'::jsonb
      from generate_series(1, ${COUNT_CAP + 1}) i`);
    expect(await countEntries(database.db, { q: 'bulk-' })).toEqual({
      total: COUNT_CAP + 1,
      capped: true,
      byStatus: null,
      byReview: null,
    });
    expect((await countEntries(database.db, { deployment: [bulkDeployment] })).total).toBe(COUNT_CAP + 1);
    await database.db.delete(entries).where(eq(entries.deploymentId, bulkDeployment));
    expect((await countEntries(database.db, { deployment: [bulkDeployment] })).total).toBe(0);
  });

  it('keeps the counters exact through inserts, status and review changes and deletes', async () => {
    const counted = async () =>
      Object.fromEntries(
        (
          await database.db
            .select({
              key: sql<string>`deployment_id || status || review_state`,
              n: sql<number>`sum(n)::int`,
            })
            .from(entryCounts)
            .groupBy(sql`1`)
        )
          .filter((r) => r.n !== 0)
          .map((r) => [r.key, r.n]),
      );
    const actual = async () =>
      Object.fromEntries(
        (
          await database.db
            .select({
              key: sql<string>`deployment_id || status || review_state`,
              n: sql<number>`count(*)::int`,
            })
            .from(entries)
            .groupBy(sql`1`)
        ).map((r) => [r.key, r.n]),
      );
    expect(await counted()).toEqual(await actual());
    // A status change (the service finished the entry), a review decision, a delete.
    const pending = seeded[3];
    await refreshIndexedEntry(
      database.db,
      fakeEntry(pending.createdAt, {
        entry_id: pending.id,
        deployment_id: pending.deployment,
        status: 'completed',
      }),
    );
    await recordDecision(database.db, {
      entryId: seeded[2].id,
      userId: null,
      decision: 'rejected',
      reason: 'blurred',
    });
    await database.db.update(entries).set({ reviewState: 'corrected' }).where(eq(entries.id, seeded[2].id));
    expect(await counted()).toEqual(await actual());
    const totals = await entryTotals(database.db);
    expect(totals.total).toBe(30);
    expect(totals.spentEur).toBeCloseTo(30 * 0.1, 6);
  });

  it('opens the oldest entry to review within the filters, and moves on from there', async () => {
    const first = await nextEntryToReview(database.db, null, { deployment: [DEPLOYMENT_B] });
    expect(first).toBe(seeded[1].id);
    // Entries 3 and 5 were created at the same moment: the id orders them.
    const [second, third] = [seeded[3].id, seeded[5].id].sort();
    expect(await nextEntryToReview(database.db, first, { deployment: [DEPLOYMENT_B] })).toBe(second);
    expect(await nextEntryToReview(database.db, second, { deployment: [DEPLOYMENT_B] })).toBe(third);
    expect(await nextEntryToReview(database.db, null, { q: 'nothing-like-this' })).toBeNull();
  });

  it('approves a selection, skipping entries still being extracted, already approved or with errors; undoes it', async () => {
    const user = null;
    await recordDecision(database.db, { entryId: seeded[24].id, userId: user, decision: 'approved' });
    // 24 approved already, 27 pending, 25 has errors, 28 approvable.
    const result = await approveEntries(database.db, {
      entryIds: [seeded[24].id, seeded[25].id, seeded[28].id, seeded[27].id, seeded[25].id],
      userId: user,
    });
    expect(result.approved).toEqual([seeded[28].id]);
    expect(result.skipped).toBe(3);
    expect(result.withErrors).toBe(1);
    expect(result.decisionIds).toHaveLength(1);
    const reviewOf = async () => {
      const states = await database.db.select({ id: entries.id, review: entries.reviewState }).from(entries);
      const review = new Map(states.map((s) => [s.id, s.review]));
      return [24, 25, 27, 28].map((i) => review.get(seeded[i].id));
    };
    expect(await reviewOf()).toEqual(['approved', 'to_review', 'to_review', 'approved']);
    const decisions = await database.db
      .select()
      .from(reviewDecisions)
      .where(eq(reviewDecisions.entryId, seeded[28].id));
    expect(decisions).toHaveLength(1);
    expect((await countEntries(database.db, { review: ['approved'] })).total).toBe(2);

    // Undo: the decision goes, the entry is back as it was; a second undo is refused.
    expect(await undoApprovals(database.db, { decisionIds: result.decisionIds, userId: user })).toBe(1);
    expect(await reviewOf()).toEqual(['approved', 'to_review', 'to_review', 'to_review']);
    expect((await countEntries(database.db, { review: ['approved'] })).total).toBe(1);
    await expect(
      undoApprovals(database.db, { decisionIds: result.decisionIds, userId: user }),
    ).rejects.toThrow(/Too late to undo/);

    await expect(approveEntries(database.db, { entryIds: [], userId: user })).rejects.toThrow(DecisionError);
    await expect(
      approveEntries(database.db, {
        entryIds: Array.from({ length: 501 }, () => randomUUID()),
        userId: user,
      }),
    ).rejects.toThrow(/at most 500/);
  });

  it('approves an entry with errors only with a reason, never where its deployment requires zero errors', async () => {
    const withErrors = seeded[29].errors > 0 ? seeded[29] : seeded[25];
    await expect(
      recordDecision(database.db, { entryId: withErrors.id, userId: null, decision: 'approved' }),
    ).rejects.toThrow(/needs a reason/);
    await setRequireZeroErrors(database.db, withErrors.deployment, true);
    await expect(
      recordDecision(database.db, {
        entryId: withErrors.id,
        userId: null,
        decision: 'approved',
        reason: 'fine',
      }),
    ).rejects.toThrow(/requires zero errors/);
    await setRequireZeroErrors(database.db, withErrors.deployment, false);
    const decision = await recordDecision(database.db, {
      entryId: withErrors.id,
      userId: null,
      decision: 'approved',
      reason: 'The supplier confirmed the total',
    });
    expect(decision.reason).toBe('The supplier confirmed the total');
    await undoApprovals(database.db, { decisionIds: [decision.id], userId: null });
  });

  it('refuses a forged cursor quietly, starting from the first page', async () => {
    expect(decodeCursor('not-base64-json')).toBeNull();
    expect(decodeCursor(Buffer.from('["x","not-a-uuid"]').toString('base64url'))).toBeNull();
    const page = await listEntries(database.db, view({}), { after: 'garbage', limit: 3 });
    expect(page.rows.map((r) => r.id)).toEqual((await all(view({}), 3)).slice(0, 3));
  });
});

describe('search words written as printed numbers', () => {
  it.each([
    ['3.852,22', '3852.22'],
    ['1,234.56', '1234.56'],
    ['12,50', '12.5'],
    ['1.234.567,5', '1234567.5'],
    ['3852.22', null],
    ['inv-2041', null],
    ['2041', null],
    ['1,234', null],
  ])('%s → %s', (word, stored) => {
    expect(printedNumber(word)).toBe(stored);
  });
});
