import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/auth/users';
import type { Database } from '@/lib/db/client';
import { createApiToken, revokeApiToken } from '@/lib/desk/api-tokens';
import { createDeskApi } from '@/lib/desk/api-v1/app';
import { indexEntry, recordCorrection } from '@/lib/desk/entry-index';
import { databaseKinds, freshDatabase } from '../support/database';
import { fakeEntry } from '../support/entries';

const origin = { documentId: null, documentName: 'inv.pdf', createdBy: null };

/** The desk API in process on a real database: tokens, filters, cursor pages, decisions, errors. */
describe.each(databaseKinds)('desk API on $name', ({ target }) => {
  let database: Database;
  let app: ReturnType<typeof createDeskApi>;
  let token: string;
  let tokenId: string;
  let userId: string;
  const ids: string[] = [];

  const call = (path: string, init: RequestInit & { auth?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    const auth = init.auth === undefined ? `Bearer ${token}` : init.auth;
    if (auth) headers.set('authorization', auth);
    return app.fetch(new Request(`http://desk.test/api/v1${path}`, { ...init, headers }));
  };

  beforeAll(async () => {
    database = await freshDatabase(target);
    app = createDeskApi(async () => database.db);
    userId = (
      await createUser(database.db, { email: 'bo@example.com', password: 'password-1', role: 'reviewer' })
    ).id;
    ({
      token,
      dto: { id: tokenId },
    } = await createApiToken(database.db, userId, 'sync'));
    for (let i = 0; i < 5; i++) {
      const e = fakeEntry(new Date(Date.parse('2026-06-01T00:00:00Z') + i * 1000), {
        data: { total: i },
        status: i === 4 ? 'processing' : 'completed',
      });
      await indexEntry(database.db, e, origin);
      ids.push(e.entry_id);
    }
    await recordCorrection(database.db, {
      entryId: ids[0],
      userId,
      notes: 'fix',
      patches: [{ path: '/total', value: 7 }],
    });
  });
  afterAll(() => database.close());

  it('serves its OpenAPI without a token and refuses everything else without one', async () => {
    const doc = await (await call('/openapi.json', { auth: null })).json();
    expect(Object.keys(doc.paths)).toEqual([
      '/api/v1/entries',
      '/api/v1/entries/{id}',
      '/api/v1/entries/{id}/approve',
      '/api/v1/entries/{id}/reject',
    ]);
    const refused = await call('/entries', { auth: null });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    expect((await call('/entries', { auth: 'Bearer emd_nope' })).status).toBe(401);
  });

  it('approves and rejects as the token user, and lists approved entries page by page', async () => {
    for (const id of ids.slice(0, 3)) {
      const res = await call(`/entries/${id}/approve`, { method: 'POST' });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        entry_id: id,
        decision: 'approved',
        reviewer: 'bo@example.com',
      });
    }
    const noReason = await call(`/entries/${ids[3]}/reject`, { method: 'POST', body: '{}' });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: 'A rejection needs a reason.',
    });
    expect((await call(`/entries/${ids[3]}/reject`, { method: 'POST', body: 'not json' })).status).toBe(400);
    const rejected = await call(`/entries/${ids[3]}/reject`, {
      method: 'POST',
      body: JSON.stringify({ reason: 'duplicate' }),
    });
    expect(await rejected.json()).toMatchObject({ decision: 'rejected', reason: 'duplicate' });
    const busy = await call(`/entries/${ids[4]}/approve`, { method: 'POST' });
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ error: 'NOT_READY' });

    const first = await (await call('/entries?review=approved&limit=2')).json();
    expect(first.entries.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    const second = await (await call(`/entries?review=approved&limit=2&cursor=${first.next_cursor}`)).json();
    expect(second.entries.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();
  });

  it('approves an entry with errors only with a reason', async () => {
    const e = fakeEntry(new Date(), { status: 'completed_with_errors' });
    await indexEntry(database.db, e, origin);
    const refused = await call(`/entries/${e.entry_id}/approve`, { method: 'POST' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('VALIDATION_ERROR');
    const ok = await call(`/entries/${e.entry_id}/approve`, {
      method: 'POST',
      body: JSON.stringify({ reason: 'the document is wrong, not the data' }),
    });
    expect(await ok.json()).toMatchObject({
      decision: 'approved',
      reason: 'the document is wrong, not the data',
    });
  });

  it('gives one entry with its final data and history', async () => {
    const body = await (await call(`/entries/${ids[0]}`)).json();
    expect(body).toMatchObject({ id: ids[0], review_state: 'approved', data: { total: 0 } });
    expect(body.history.map((h: { kind: string }) => h.kind).sort()).toEqual(['correction', 'decision']);
    expect((await call('/entries/not-an-id')).status).toBe(404);
  });

  it('refuses bad filters, cursors and limits clearly, and a revoked token', async () => {
    for (const [q, message] of [
      ['review=done', 'The review filter "done" is not valid.'],
      ['cursor=xyz', 'The cursor is not one this API gave.'],
      ['limit=0', 'limit must be a whole number from 1 to 500.'],
    ]) {
      const res = await call(`/entries?${q}`);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    await revokeApiToken(database.db, userId, tokenId);
    expect((await call('/entries')).status).toBe(401);
  });
});
