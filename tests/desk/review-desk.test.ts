import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/auth/users';
import type { Entry, Patch } from '@/lib/contract/schemas';
import type { Database } from '@/lib/db/client';
import { correctionOutbox, entries } from '@/lib/db/schema/desk';
import { sendCorrection } from '@/lib/desk/corrections';
import { DecisionError, listDecisions, recordDecision } from '@/lib/desk/decisions';
import { indexEntry } from '@/lib/desk/entry-index';
import { entryListQuery, nextEntryToReview, parseEntryListView } from '@/lib/desk/entry-list';
import { listDeskCorrections, mergeHistory } from '@/lib/desk/history';
import {
  backoffMs,
  claimDueCorrection,
  drainOutbox,
  enqueueCorrection,
  listOutbox,
  type OutboxClient,
  pendingCorrectionFor,
  setSendingPaused,
} from '@/lib/desk/outbox';
import { createExtractionClient } from '@/lib/extraction-api/client';
import { ExtractionApiError } from '@/lib/extraction-api/errors';
import { databaseKinds, freshDatabase } from '../support/database';
import { fakeEntry } from '../support/entries';

/** A v3 service in memory: applies top-level patches, bumps updated_at, or fails on demand. */
function fakeService(initial: Entry) {
  let entry = structuredClone(initial);
  let down: ExtractionApiError | null = null;
  let posts = 0;
  const client: OutboxClient = {
    async getEntry() {
      if (down) throw down;
      return structuredClone(entry);
    },
    async correctEntry(_id, request) {
      if (down) throw down;
      const patches = request.patches ?? [];
      posts++;
      const data = { ...entry.data };
      for (const p of patches) data[p.path.slice(1)] = p.value;
      const at = new Date(Date.parse(entry.updated_at) + 1000).toISOString();
      entry = {
        ...entry,
        data,
        updated_at: at,
        corrected: true,
        corrections: [
          ...entry.corrections,
          {
            id: randomUUID(),
            created_at: at,
            notes: request.notes ?? null,
            patches,
            data_replaced: false,
          },
        ],
      };
      return { entry_id: entry.entry_id, patches_applied: patches.length } as never;
    },
  };
  return {
    client,
    get entry() {
      return entry;
    },
    set down(error: ExtractionApiError | null) {
      down = error;
    },
    get posts() {
      return posts;
    },
    touch() {
      entry = { ...entry, updated_at: new Date(Date.parse(entry.updated_at) + 5000).toISOString() };
    },
  };
}

const unreachable = () => new ExtractionApiError('SERVICE_UNREACHABLE', 'connect ECONNREFUSED', 0);

describe.each(databaseKinds)('review desk storage on $name', ({ target }) => {
  let database: Database;
  let userId: string;
  beforeAll(async () => {
    database = await freshDatabase(target);
    userId = (
      await createUser(database.db, {
        email: `r-${randomUUID()}@x.test`,
        password: 'pw-123456',
        role: 'reviewer',
      })
    ).id;
  });
  afterAll(() => database?.close());

  async function indexed(createdAt = new Date(), overrides: Partial<Entry> = {}) {
    const entry = fakeEntry(createdAt, overrides);
    await indexEntry(database.db, entry, { documentId: null, documentName: 'doc.pdf', createdBy: userId });
    return entry;
  }

  it('records approve and reject with who and why, and moves the review state', async () => {
    const entry = await indexed();
    await expect(
      recordDecision(database.db, { entryId: entry.entry_id, userId, decision: 'rejected', reason: '  ' }),
    ).rejects.toBeInstanceOf(DecisionError);
    await recordDecision(database.db, { entryId: entry.entry_id, userId, decision: 'approved' });
    const [row] = await database.db.select().from(entries).where(eq(entries.id, entry.entry_id));
    expect(row.reviewState).toBe('approved');
    await new Promise((r) => setTimeout(r, 5));
    await recordDecision(database.db, {
      entryId: entry.entry_id,
      userId,
      decision: 'rejected',
      reason: 'Wrong vendor',
    });
    const decisions = await listDecisions(database.db, entry.entry_id);
    expect(decisions.map((d) => [d.decision, d.reason])).toEqual([
      ['rejected', 'Wrong vendor'],
      ['approved', null],
    ]);
    expect(decisions[0].userEmail).toMatch(/@x\.test$/);
    const [after] = await database.db.select().from(entries).where(eq(entries.id, entry.entry_id));
    expect(after.reviewState).toBe('rejected');
  });

  it('finds the next entry to review within the list filters, oldest first, wrapping round', async () => {
    const batch = randomUUID();
    const base = Date.parse('2020-01-01T00:00:00Z');
    const a = await indexed(new Date(base + 1000), { batch_id: batch });
    const b = await indexed(new Date(base + 2000), { batch_id: batch, status: 'completed_with_errors' });
    const c = await indexed(new Date(base + 3000), { batch_id: batch });
    const filters = parseEntryListView(`batch=${batch}`).filters;
    expect(await nextEntryToReview(database.db, a.entry_id, filters)).toBe(b.entry_id);
    expect(await nextEntryToReview(database.db, b.entry_id, filters)).toBe(c.entry_id);
    expect(await nextEntryToReview(database.db, c.entry_id, filters)).toBe(a.entry_id);
    expect(
      await nextEntryToReview(
        database.db,
        a.entry_id,
        parseEntryListView(`batch=${batch}&status=completed`).filters,
      ),
    ).toBe(c.entry_id);
    // b has an error: approving it takes an override reason (lib/desk/approval).
    await recordDecision(database.db, {
      entryId: b.entry_id,
      userId,
      decision: 'approved',
      reason: 'Checked against the paper copy',
    });
    expect(await nextEntryToReview(database.db, a.entry_id, filters)).toBe(c.entry_id);
    expect(
      await nextEntryToReview(
        database.db,
        a.entry_id,
        parseEntryListView(`batch=${batch}&review=approved`).filters,
      ),
    ).toBe(b.entry_id);
  });

  it('sends a correction on one path for the save action and the outbox: sent, conflict or queued', async () => {
    const entry = await indexed();
    const service = fakeService(entry);
    const input = {
      entryId: entry.entry_id,
      userId,
      patches: [{ path: '/total', value: 21 }] as Patch[],
      notes: null,
      baseUpdatedAt: entry.updated_at,
    };
    const sent = await sendCorrection(database.db, service.client, input);
    expect(sent).toMatchObject({ outcome: 'sent', patchesApplied: 1 });
    expect(sent.outcome === 'sent' && sent.entry?.data.total).toBe(21);
    expect(await listDeskCorrections(database.db, entry.entry_id)).toHaveLength(1);

    // Made on the old version again: a conflict, nothing posted.
    const conflict = await sendCorrection(database.db, service.client, {
      ...input,
      patches: [{ path: '/total', value: 22 }],
    });
    expect(conflict).toMatchObject({
      outcome: 'conflict',
      current: { updated_at: service.entry.updated_at },
      // Who made the change the edits conflict with, as the desk knows it.
      changedBy: expect.stringMatching(/@x\.test$/),
    });
    expect(service.posts).toBe(1);

    // The service is down: the correction waits in the outbox, exactly once.
    service.down = unreachable();
    const queued = await sendCorrection(database.db, service.client, {
      ...input,
      baseUpdatedAt: service.entry.updated_at,
    });
    expect(queued).toMatchObject({ outcome: 'queued', reason: expect.stringMatching(/SERVICE_UNREACHABLE/) });
    const [row] = await listOutbox(database.db, entry.entry_id);
    expect(queued.outcome === 'queued' && queued.outboxId).toBe(row.id);
    await database.db.delete(correctionOutbox).where(eq(correctionOutbox.entryId, entry.entry_id));

    // Paused by an admin: queued without asking the service.
    service.down = null;
    await setSendingPaused(database.db, true);
    const paused = await sendCorrection(database.db, service.client, {
      ...input,
      baseUpdatedAt: service.entry.updated_at,
    });
    await setSendingPaused(database.db, false);
    expect(paused).toMatchObject({ outcome: 'queued', reason: expect.stringMatching(/paused/) });
    expect(service.posts).toBe(1);
    await database.db.delete(correctionOutbox).where(eq(correctionOutbox.entryId, entry.entry_id));
  });

  it('queues a correction while the service is down and sends it once, with who, when it is back', async () => {
    const entry = await indexed();
    const service = fakeService(entry);
    const patches: Patch[] = [{ path: '/total', value: 12 }];
    await enqueueCorrection(database.db, {
      entryId: entry.entry_id,
      userId,
      patches,
      notes: 'typo',
      baseUpdatedAt: entry.updated_at,
      reason: 'down',
    });
    expect(await pendingCorrectionFor(database.db, entry.entry_id)).not.toBeNull();

    service.down = unreachable();
    const t0 = new Date();
    expect((await drainOutbox(database.db, service.client, { now: () => t0 })).retry).toBe(1);
    let [item] = await listOutbox(database.db, entry.entry_id);
    expect(item).toMatchObject({ state: 'pending', attempts: 1 });
    expect(item.lastError).toMatch(/SERVICE_UNREACHABLE/);
    // Not due again before its backoff.
    expect((await drainOutbox(database.db, service.client, { now: () => t0 })).retry).toBe(0);

    service.down = null;
    const later = () => new Date(t0.getTime() + 60_000);
    expect((await drainOutbox(database.db, service.client, { now: later })).sent).toBe(1);
    [item] = await listOutbox(database.db, entry.entry_id);
    expect(item.state).toBe('sent');
    expect(service.entry.data.total).toBe(12);
    expect(service.posts).toBe(1);
    const desk = await listDeskCorrections(database.db, entry.entry_id);
    expect(desk).toHaveLength(1);
    expect(desk[0].userEmail).toMatch(/@x\.test$/);
    // Nothing left to send: a second pass posts nothing.
    await drainOutbox(database.db, service.client, { now: later });
    expect(service.posts).toBe(1);

    const history = mergeHistory({
      service: service.entry.corrections,
      desk,
      decisions: [],
      outbox: await listOutbox(database.db, entry.entry_id),
    });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: 'correction', known: 'both', notes: 'typo' });
  });

  it('treats a real client that cannot connect as retryable: the correction stays pending', async () => {
    const entry = await indexed();
    await enqueueCorrection(database.db, {
      entryId: entry.entry_id,
      userId,
      patches: [{ path: '/total', value: 3 }],
      notes: null,
      baseUpdatedAt: entry.updated_at,
      reason: 'down',
    });
    // Nothing listens on port 9 here: the same failure as a service that is down.
    const dead = createExtractionClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 2_000 });
    const counts = await drainOutbox(database.db, dead);
    expect(counts.retry).toBeGreaterThanOrEqual(1);
    const [item] = await listOutbox(database.db, entry.entry_id);
    expect(item).toMatchObject({ state: 'pending', attempts: 1 });
    expect(item.lastError).toMatch(/SERVICE_UNREACHABLE|TIMEOUT/);
    expect(item.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Out of the way of the lease test below, which claims the oldest due row.
    await database.db.delete(correctionOutbox).where(eq(correctionOutbox.id, item.id));
  });

  it('never overwrites an entry that changed meanwhile: the row becomes a conflict', async () => {
    const entry = await indexed();
    const service = fakeService(entry);
    await enqueueCorrection(database.db, {
      entryId: entry.entry_id,
      userId,
      patches: [{ path: '/total', value: 99 }],
      notes: null,
      baseUpdatedAt: entry.updated_at,
      reason: 'down',
    });
    service.touch();
    expect((await drainOutbox(database.db, service.client)).conflict).toBe(1);
    const [item] = await listOutbox(database.db, entry.entry_id);
    expect(item.state).toBe('conflict');
    expect(item.lastError).toMatch(/was not applied/);
    expect(service.entry.data.total).toBe(10);
    expect(service.posts).toBe(0);
  });

  it('marks a refused correction failed, keeping its patches', async () => {
    const entry = await indexed();
    const service = fakeService(entry);
    service.client.correctEntry = async () => {
      throw new ExtractionApiError('INVALID_PATCH', 'no such path', 422);
    };
    await enqueueCorrection(database.db, {
      entryId: entry.entry_id,
      userId,
      patches: [{ path: '/nope/x', value: 1 }],
      notes: null,
      baseUpdatedAt: entry.updated_at,
      reason: 'down',
    });
    expect((await drainOutbox(database.db, service.client)).failed).toBe(1);
    const [item] = await listOutbox(database.db, entry.entry_id);
    expect(item).toMatchObject({ state: 'failed', patches: [{ path: '/nope/x', value: 1 }] });
    expect(item.lastError).toMatch(/INVALID_PATCH/);
  });

  it('leases a row to one worker at a time, and holds everything while sending is paused', async () => {
    const entry = await indexed();
    const service = fakeService(entry);
    const row = await enqueueCorrection(database.db, {
      entryId: entry.entry_id,
      userId,
      patches: [{ path: '/total', value: 1 }],
      notes: null,
      baseUpdatedAt: entry.updated_at,
      reason: 'down',
    });
    const [first, second] = await Promise.all([
      claimDueCorrection(database.db, 'server-a'),
      claimDueCorrection(database.db, 'server-b'),
    ]);
    const claimed = [first, second].filter((r) => r?.id === row.id);
    expect(claimed).toHaveLength(1);
    // An expired lease (a server that died) is taken over.
    const [taken] = await database.db.select().from(correctionOutbox).where(eq(correctionOutbox.id, row.id));
    const afterLease = new Date((taken.leasedUntil as Date).getTime() + 1);
    expect((await claimDueCorrection(database.db, 'server-c', afterLease))?.id).toBe(row.id);
    await database.db
      .update(correctionOutbox)
      .set({ leasedUntil: null, leasedBy: null })
      .where(eq(correctionOutbox.id, row.id));

    await setSendingPaused(database.db, true);
    expect(await drainOutbox(database.db, service.client)).toMatchObject({ sent: 0, retry: 0 });
    await setSendingPaused(database.db, false);
    expect((await drainOutbox(database.db, service.client)).sent).toBeGreaterThanOrEqual(1);
    expect(service.entry.data.total).toBe(1);
  });
});

describe('review queue and history helpers', () => {
  it('reads only the known list filters from ?queue=', () => {
    const id = randomUUID();
    expect(parseEntryListView(`status=completed,failed&batch=${id}&review=to_review,bogus&q=x`)).toEqual({
      filters: { status: ['completed', 'failed'], batch: id, review: ['to_review'], q: 'x' },
      sort: 'created',
      dir: 'desc',
    });
    expect(parseEntryListView('run=not-a-uuid&status=DROP TABLE&sort=evil&from=2024-13-45').filters).toEqual(
      {},
    );
    const view = parseEntryListView(
      entryListQuery({ filters: { status: ['completed'], run: id }, sort: 'errors', dir: 'asc' }),
    );
    expect(view).toEqual({ filters: { status: ['completed'], run: id }, sort: 'errors', dir: 'asc' });
  });

  it('backs off exponentially up to ten minutes', () => {
    const mid = () => 0.5;
    expect(backoffMs(1, mid)).toBe(5_000);
    expect(backoffMs(3, mid)).toBe(20_000);
    expect(backoffMs(30, mid)).toBe(600_000);
  });

  it('merges service corrections with the desk’s who, decisions and stuck outbox rows, newest first', () => {
    const p1: Patch[] = [{ path: '/total', value: 1 }];
    const p2: Patch[] = [{ path: '/total', value: 2 }];
    const history = mergeHistory({
      service: [
        { id: 's1', created_at: '2026-01-01T10:00:00.000Z', notes: null, patches: p1, data_replaced: false },
        { id: 's2', created_at: '2026-01-01T11:00:00.000Z', notes: 'n', patches: p2, data_replaced: false },
      ],
      desk: [
        { id: 'd1', userEmail: 'a@x', notes: null, patches: p1, createdAt: new Date('2026-01-01T10:00:01Z') },
      ],
      decisions: [
        {
          id: 'k1',
          decision: 'approved',
          reason: null,
          userEmail: 'b@x',
          createdAt: new Date('2026-01-01T12:00:00Z'),
        },
      ],
      outbox: [
        {
          id: 'o1',
          entryId: 'e',
          state: 'conflict',
          attempts: 1,
          lastError: 'changed',
          patches: p1,
          notes: null,
          userEmail: 'c@x',
          createdAt: new Date('2026-01-01T09:00:00Z'),
          sentAt: null,
          nextAttemptAt: new Date(),
        },
      ],
    });
    expect(history.map((h) => [h.kind, h.id, h.who])).toEqual([
      ['decision', 'k1', 'b@x'],
      ['correction', 's2', null],
      ['correction', 's1', 'a@x'],
      ['queued', 'o1', 'c@x'],
    ]);
  });
});
