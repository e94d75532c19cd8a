import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, listUsers } from '@/lib/auth/users';
import type { Database } from '@/lib/db/client';
import { databaseKinds, freshDatabase } from '../support/database';

vi.mock('server-only', () => ({}));
const { RoleChangeError, setUserRole } = await import('@/lib/auth/roles');

describe.each(databaseKinds)('user roles on $name', ({ target }) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(target);
  });
  afterAll(() => database?.close());

  it('never demotes the last admin, even when two admins demote each other at once', async () => {
    const db = database.db;
    const a = await createUser(db, { email: 'a@x.test', password: 'pw-123456', role: 'admin' });
    await expect(setUserRole(db, a.id, 'reviewer')).rejects.toBeInstanceOf(RoleChangeError);
    expect((await listUsers(db)).find((u) => u.id === a.id)?.role).toBe('admin');

    const b = await createUser(db, { email: 'b@x.test', password: 'pw-123456', role: 'reviewer' });
    await setUserRole(db, b.id, 'admin');
    const results = await Promise.allSettled([
      setUserRole(db, a.id, 'reviewer'),
      setUserRole(db, b.id, 'reviewer'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const admins = (await listUsers(db)).filter((u) => u.role === 'admin');
    expect(admins).toHaveLength(1);
    await expect(setUserRole(db, '00000000-0000-4000-8000-000000000000', 'admin')).rejects.toThrow(
      'No such user',
    );
  });
});
