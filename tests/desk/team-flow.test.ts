import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/auth/users';
import { filesystemBlobStore } from '@/lib/blobs/filesystem';
import type { Database } from '@/lib/db/client';
import { entries } from '@/lib/db/schema/desk';
import { webhookOutbox } from '@/lib/db/schema/desk-team';
import { authenticateApiToken, createApiToken, listApiTokens, revokeApiToken } from '@/lib/desk/api-tokens';
import { listAudit } from '@/lib/desk/audit';
import { activeClaims, assignEntries, CLAIM_MS, claimEntry, releaseClaim } from '@/lib/desk/claims';
import { approveEntries, recordDecision } from '@/lib/desk/decisions';
import { indexEntry, recordCorrection } from '@/lib/desk/entry-index';
import { listEntries } from '@/lib/desk/entry-list';
import { qualifies, setRoutingRule } from '@/lib/desk/routing';
import { deliverDueWebhooks, MAX_DELIVERY_ATTEMPTS, replayDelivery } from '@/lib/desk/webhooks/deliver';
import {
  checkEndpointUrl,
  createEndpoint,
  listDeliveries,
  setEndpointActive,
} from '@/lib/desk/webhooks/endpoints';
import { purge } from '@/lib/retention';
import { databaseKinds, freshDatabase, tempDir } from '../support/database';
import { fakeEntry } from '../support/entries';
import { startWebhookReceiver } from '../support/webhook-receiver';

const LOOPBACK = ['127.0.0.1'];
const origin = { documentId: null, documentName: 'a.pdf', createdBy: null };

/**
 * What happens after a decision, on a real database: the audit row, the signed webhook
 * deliveries with retries and replay, routing's auto-approval, and API tokens.
 */
describe.each(databaseKinds)('desk events on $name', ({ target }) => {
  let database: Database;
  let ana: string;

  beforeAll(async () => {
    database = await freshDatabase(target);
    ana = (await createUser(database.db, { email: 'ana@example.com', password: 'password-1', role: 'admin' }))
      .id;
  });
  afterAll(() => database.close());

  it('delivers a signed entry.approved to a subscribed endpoint, once per delivery id, retrying failures', async () => {
    const { db } = database;
    const receiver = await startWebhookReceiver({ secret: 'a-secret-of-sixteen+', failFirst: 1 });
    try {
      const { id: endpointId } = await createEndpoint(db, {
        url: receiver.url,
        secret: 'a-secret-of-sixteen+',
        events: ['entry.approved'],
        actorId: ana,
        allowHosts: LOOPBACK,
      });
      const entry = fakeEntry(new Date(), { data: { total: 12 } });
      await indexEntry(db, entry, origin);
      await recordDecision(db, { entryId: entry.entry_id, userId: ana, decision: 'approved' });
      // A rejection is not subscribed to: no delivery.
      const other = fakeEntry(new Date());
      await indexEntry(db, other, origin);
      await recordDecision(db, {
        entryId: other.entry_id,
        userId: ana,
        decision: 'rejected',
        reason: 'blurry',
      });
      const queued = await db.select().from(webhookOutbox).where(eq(webhookOutbox.endpointId, endpointId));
      expect(queued.map((q) => q.event)).toEqual(['entry.approved']);

      // First attempt: the receiver answers 500; the delivery waits for its retry.
      expect(await deliverDueWebhooks(db, { allowHosts: LOOPBACK, backoffMs: 0 })).toBe(1);
      expect(receiver.received).toHaveLength(0);
      expect(await deliverDueWebhooks(db, { allowHosts: LOOPBACK, backoffMs: 0 })).toBe(1);
      expect(receiver.received).toHaveLength(1);
      const [got] = receiver.received;
      expect(got).toMatchObject({ event: 'entry.approved', signatureOk: true, deliveryId: queued[0].id });
      expect(got.body).toMatchObject({
        event_id: queued[0].id,
        event: 'entry.approved',
        data: {
          entry_id: entry.entry_id,
          reviewer: 'ana@example.com',
          review_state: 'approved',
          data: { total: 12 },
        },
      });
      const [delivery] = await listDeliveries(db, { endpointId });
      expect(delivery).toMatchObject({ state: 'delivered', attempts: 2 });
      expect(delivery.tries.map((t) => t.httpStatus)).toEqual([500, 204]);

      // Replay: the same id and bytes again, so the receiver can dedupe.
      expect(await replayDelivery(db, delivery.id)).toBe(true);
      await deliverDueWebhooks(db, { allowHosts: LOOPBACK, backoffMs: 0 });
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1].deliveryId).toBe(delivery.id);
      expect(receiver.received[1].body).toEqual(got.body);
      await setEndpointActive(db, endpointId, false, ana);
    } finally {
      await receiver.close();
    }
  });

  it('gives up after the last attempt and says why; a private address is refused unless allowed', async () => {
    const { db } = database;
    const { id: endpointId } = await createEndpoint(db, {
      url: 'http://127.0.0.1:9/hook',
      events: ['entry.corrected'],
      actorId: ana,
    }).catch(() => ({ id: null }));
    // 127.0.0.1 is not on the (empty) allow-list of the environment.
    expect(endpointId).toBeNull();
    expect(() => checkEndpointUrl('http://10.0.0.8/x', [])).toThrow(/private address/);
    expect(() => checkEndpointUrl('ftp://example.com/x', [])).toThrow(/https:\/\//);
    expect(() => checkEndpointUrl('https://user:pw@example.com/x', [])).toThrow(/no user name/);
    expect(checkEndpointUrl('http://127.0.0.1:9/hook', LOOPBACK)).toBe('http://127.0.0.1:9/hook');

    const endpoint = await createEndpoint(db, {
      url: 'https://hooks.example.com/x',
      events: ['entry.corrected'],
      actorId: ana,
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const entry = fakeEntry(new Date());
    await indexEntry(db, entry, origin);
    await recordCorrection(db, {
      entryId: entry.entry_id,
      userId: ana,
      notes: null,
      patches: [{ path: '/total', value: 3 }],
    });
    const failing = async () => ({
      delivered: false,
      httpStatus: 503,
      errorMessage: 'The receiver answered 503.',
      durationMs: 1,
    });
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 2; i++)
      await deliverDueWebhooks(db, { backoffMs: 0, post: failing });
    const [delivery] = await listDeliveries(db, { endpointId: endpoint.id });
    expect(delivery).toMatchObject({
      state: 'failed',
      attempts: MAX_DELIVERY_ATTEMPTS,
      lastError: 'The receiver answered 503.',
    });
    // Retention removes finished desk deliveries with their attempts.
    const dir = tempDir('team-retention');
    const stores = { desk: filesystemBlobStore(dir), service: filesystemBlobStore(dir) };
    const purged = await purge(db, stores, new Date(Date.now() + 60_000));
    expect(purged.webhookDeliveries).toBeGreaterThanOrEqual(1);
    expect(await listDeliveries(db, { endpointId: endpoint.id })).toEqual([]);
    await setEndpointActive(db, endpoint.id, false, ana);
  });

  it('auto-approves clean, confident entries as the system, and leaves the rest to review', async () => {
    const { db } = database;
    const deployment = randomUUID();
    await setRoutingRule(db, { deploymentId: deployment, threshold: 0.8, autoApprove: true, actorId: ana });
    const sure = fakeEntry(new Date(), {
      deployment_id: deployment,
      confidence: { '/total': 0.95, '/date': 0.9 },
    });
    const unsure = fakeEntry(new Date(), {
      deployment_id: deployment,
      confidence: { '/total': 0.95, '/date': 0.5 },
    });
    const wrong = fakeEntry(new Date(), {
      deployment_id: deployment,
      status: 'completed_with_errors',
      confidence: { '/total': 0.99 },
    });
    for (const e of [sure, unsure, wrong]) await indexEntry(db, e, origin);
    const states = await db
      .select({ id: entries.id, reviewState: entries.reviewState })
      .from(entries)
      .where(eq(entries.deploymentId, deployment));
    const state = new Map(states.map((s) => [s.id, s.reviewState]));
    expect(state.get(sure.entry_id)).toBe('approved');
    expect(state.get(unsure.entry_id)).toBe('to_review');
    expect(state.get(wrong.entry_id)).toBe('to_review');
    const queue = await listEntries(db, {
      filters: { deployment: [deployment], review: ['to_review'] },
      sort: 'created',
      dir: 'asc',
    });
    expect(queue.rows.map((r) => r.id).sort()).toEqual([unsure.entry_id, wrong.entry_id].sort());
    const auto = await listEntries(db, {
      filters: { deployment: [deployment], by: 'system' },
      sort: 'created',
      dir: 'asc',
    });
    expect(auto.rows.map((r) => r.id)).toEqual([sure.entry_id]);
    const [audit] = await listAudit(db, { targetId: sure.entry_id });
    expect(audit).toMatchObject({ actor: 'system', action: 'entry.approved', actorId: null });
    expect(
      qualifies({ status: 'completed', errorCount: 0, confidence: {} }, { threshold: 0, autoApprove: true }),
    ).toBe(false);
    await expect(
      setRoutingRule(db, { deploymentId: deployment, threshold: 1.5, autoApprove: true, actorId: ana }),
    ).rejects.toThrow(/between 0 and 1/);
  });

  it('records who approved in bulk in the audit log', async () => {
    const { db } = database;
    const a = fakeEntry(new Date());
    await indexEntry(db, a, origin);
    await approveEntries(db, { entryIds: [a.entry_id], userId: ana });
    const rows = await listAudit(db, { targetId: a.entry_id });
    expect(rows.map((r) => [r.action, r.actor])).toEqual([['entry.approved', 'ana@example.com']]);
    expect((await listAudit(db, { action: 'webhook.created', actor: 'ANA@' })).length).toBeGreaterThan(0);
  });

  it('issues API tokens shown once, stored hashed, refused once revoked', async () => {
    const { db } = database;
    const { token, dto } = await createApiToken(db, ana, 'ci');
    expect(token).toMatch(/^emd_[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(await listApiTokens(db, ana))).not.toContain(token);
    expect(await authenticateApiToken(db, `Bearer ${token}`)).toMatchObject({
      id: ana,
      tokenName: 'ci',
      role: 'admin',
    });
    expect(await authenticateApiToken(db, `Bearer ${token.slice(0, -1)}x`)).toBeNull();
    expect(await authenticateApiToken(db, token)).toBeNull();
    expect(await authenticateApiToken(db, null)).toBeNull();
    expect(await revokeApiToken(db, ana, dto.id)).toBe(true);
    expect(await revokeApiToken(db, ana, dto.id)).toBe(false);
    expect(await authenticateApiToken(db, `Bearer ${token}`)).toBeNull();
    await expect(createApiToken(db, ana, '  ')).rejects.toThrow(/name/);
  });

  it('claims an entry for its reviewer, shows the holder to others, lets them take over, and assigns', async () => {
    const { db } = database;
    const bo = (
      await createUser(db, { email: 'bo@example.com', password: 'password-1', role: 'reviewer', name: 'Bo' })
    ).id;
    const entry = fakeEntry(new Date());
    await indexEntry(db, entry, origin);
    const t0 = new Date();
    expect(await claimEntry(db, { entryId: entry.entry_id, userId: ana, now: t0 })).toMatchObject({
      claimed: true,
    });
    const blocked = await claimEntry(db, { entryId: entry.entry_id, userId: bo, now: t0 });
    expect(blocked).toMatchObject({ claimed: false, holder: { userId: ana, name: 'ana@example.com' } });
    // Renewal by the holder keeps it; after CLAIM_MS without renewal anyone may claim.
    expect(
      await claimEntry(db, { entryId: entry.entry_id, userId: ana, now: new Date(t0.getTime() + 60_000) }),
    ).toMatchObject({
      claimed: true,
    });
    const later = new Date(t0.getTime() + 60_000 + CLAIM_MS + 1);
    expect(await claimEntry(db, { entryId: entry.entry_id, userId: bo, now: later })).toMatchObject({
      claimed: true,
    });
    expect(await claimEntry(db, { entryId: entry.entry_id, userId: ana, takeOver: true })).toMatchObject({
      claimed: true,
    });
    expect((await activeClaims(db, [entry.entry_id])).get(entry.entry_id)?.userId).toBe(ana);
    await releaseClaim(db, entry.entry_id, bo); // not bo's: nothing happens
    expect((await activeClaims(db, [entry.entry_id])).size).toBe(1);
    await releaseClaim(db, entry.entry_id, ana);
    expect((await activeClaims(db, [entry.entry_id])).size).toBe(0);

    expect(await assignEntries(db, { entryIds: [entry.entry_id], assigneeId: bo, actorId: ana })).toBe(1);
    const view = (filters: object) =>
      listEntries(db, { filters, sort: 'created', dir: 'desc' }, { limit: 500 });
    expect((await view({ assigned: 'me', viewer: bo })).rows.map((r) => r.id)).toEqual([entry.entry_id]);
    expect((await view({ assigned: 'me', viewer: ana })).rows).toEqual([]);
    expect((await view({ assigned: 'unassigned' })).rows.map((r) => r.id)).not.toContain(entry.entry_id);
    await expect(
      assignEntries(db, { entryIds: [entry.entry_id], assigneeId: randomUUID(), actorId: ana }),
    ).rejects.toThrow(/does not exist/);
    const [audit] = await listAudit(db, { targetId: entry.entry_id, action: 'entry.assigned' });
    expect(audit.actor).toBe('ana@example.com');
  });
});
