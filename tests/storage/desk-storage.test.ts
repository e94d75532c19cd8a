import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '@/lib/auth/password';
import {
  accountKey,
  clearFailures,
  FIRST_LOCK_MS,
  isThrottled,
  MAX_FAILURES,
  takeAttempt,
  WINDOW_MS,
} from '@/lib/auth/throttle';
import { createUser, DuplicateUserError, ensureFirstAdmin } from '@/lib/auth/users';
import type { Database } from '@/lib/db/client';
import { users } from '@/lib/db/schema/desk';
import { indexEntry, recordCorrection } from '@/lib/desk/entry-index';
import { countEntries, defaultView, listEntries } from '@/lib/desk/entry-list';
import { getSetting, setSetting } from '@/lib/desk/settings';
import { databaseKinds, freshDatabase } from '../support/database';
import { fakeEntry } from '../support/entries';

describe.each(databaseKinds)('desk storage on $name', ({ target }) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(target);
  });
  afterAll(() => database?.close());

  it('pages through the entry index newest first without gaps or repeats', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    const made: string[] = [];
    for (let i = 0; i < 23; i++) {
      // Pairs share a timestamp so the id breaks ties.
      const entry = fakeEntry(new Date(base + Math.floor(i / 2) * 1000), {
        status: i % 3 ? 'completed' : 'completed_with_errors',
      });
      made.push(entry.entry_id);
      await indexEntry(database.db, entry, {
        documentId: null,
        documentName: `doc-${i}.pdf`,
        createdBy: null,
      });
    }
    expect((await countEntries(database.db, {})).total).toBe(23);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await listEntries(database.db, defaultView, { limit: 5, after });
      seen.push(...page.rows.map((r) => r.id));
      if (!page.next) break;
      after = page.next;
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen)).toEqual(new Set(made));
    const first = await listEntries(database.db, defaultView, { limit: 1 });
    expect(first.rows[0].createdAt.getTime()).toBe(base + 11_000);
    expect(first.rows[0].errorCount).toBe(0);
  });

  it('records a correction and marks the entry corrected', async () => {
    const entry = fakeEntry(new Date());
    await indexEntry(database.db, entry, { documentId: null, documentName: 'x.pdf', createdBy: null });
    await recordCorrection(database.db, {
      entryId: entry.entry_id,
      userId: null,
      notes: 'n',
      patches: [{ path: '/a', value: 1 }],
    });
    const page = await listEntries(database.db, defaultView, { limit: 100 });
    expect(page.rows.find((r) => r.id === entry.entry_id)?.reviewState).toBe('corrected');
  });

  it('creates the first admin once, with a hashed password', async () => {
    const first = await ensureFirstAdmin(database.db, 'admin@example.com', undefined);
    expect(first?.password).toMatch(/^\S{12,}$/);
    expect(await ensureFirstAdmin(database.db, 'admin@example.com', undefined)).toBeNull();
    const [row] = await database.db.select().from(users);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash, first!.password!)).toBe(true);
    expect(await verifyPassword(row.passwordHash, 'wrong')).toBe(false);
    await expect(
      createUser(database.db, { email: 'ADMIN@example.com', password: 'x'.repeat(10), role: 'reviewer' }),
    ).rejects.toBeInstanceOf(DuplicateUserError);
  });

  it('throttles logins: counted before the check, atomically, with a doubling backoff', async () => {
    const now = new Date('2026-05-01T10:00:00Z');
    const at = (ms: number) => new Date(now.getTime() + ms);
    const key = accountKey('a@b.c', '203.0.113.7');
    // Twenty parallel attempts: exactly MAX_FAILURES go ahead, the rest are refused unchecked.
    const taken = await Promise.all(
      Array.from({ length: 20 }, () => takeAttempt(database.db, key, MAX_FAILURES, now)),
    );
    expect(taken.filter(Boolean)).toHaveLength(MAX_FAILURES);
    expect(await isThrottled(database.db, key, now)).toBe(true);
    // Another address, or the same address for another account, is not locked out.
    expect(await takeAttempt(database.db, accountKey('a@b.c', '198.51.100.1'), MAX_FAILURES, now)).toBe(true);
    expect(await takeAttempt(database.db, accountKey('x@b.c', '203.0.113.7'), MAX_FAILURES, now)).toBe(true);
    // After the first lock one attempt goes ahead and the next lock is twice as long.
    expect(await takeAttempt(database.db, key, MAX_FAILURES, at(FIRST_LOCK_MS - 1))).toBe(false);
    expect(await takeAttempt(database.db, key, MAX_FAILURES, at(FIRST_LOCK_MS))).toBe(true);
    expect(await isThrottled(database.db, key, at(FIRST_LOCK_MS + 2 * FIRST_LOCK_MS - 1))).toBe(true);
    expect(await isThrottled(database.db, key, at(FIRST_LOCK_MS + 2 * FIRST_LOCK_MS))).toBe(false);
    // A sign-in clears it.
    await clearFailures(database.db, key);
    expect(await takeAttempt(database.db, key, MAX_FAILURES, at(FIRST_LOCK_MS + 1))).toBe(true);
    // Attempts older than the window are forgotten.
    const old = accountKey('old@b.c', '203.0.113.7');
    for (let i = 0; i < MAX_FAILURES - 1; i++) await takeAttempt(database.db, old, MAX_FAILURES, now);
    expect(await takeAttempt(database.db, old, MAX_FAILURES, at(WINDOW_MS + 1))).toBe(true);
    expect(await isThrottled(database.db, old, at(WINDOW_MS + 1))).toBe(false);
  });

  it('keeps settings as JSON', async () => {
    await setSetting(database.db, 'k', { a: [1, 2] });
    await setSetting(database.db, 'k', { a: [3] });
    expect(await getSetting(database.db, 'k')).toEqual({ a: [3] });
    expect(await getSetting(database.db, 'missing')).toBeNull();
  });
});
