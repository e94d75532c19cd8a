import type { Metadata } from 'next';
import Link from 'next/link';
import { UsersAdmin } from '@/components/settings/UsersAdmin';
import { requireUser } from '@/lib/auth';
import { listUsers } from '@/lib/auth/users';
import { getDb } from '@/lib/db/client';
import { changeRoleAction, createUserAction } from './actions';

export const metadata: Metadata = { title: 'Users' };

export default async function UsersPage() {
  const me = await requireUser('admin');
  const users = await listUsers(await getDb());
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <Link href="/settings" className="text-sm text-indigo-700 hover:underline">
        ← Settings
      </Link>
      <h1 className="mt-1 text-xl font-semibold">Users</h1>
      <p className="mb-4 text-sm text-gray-600">
        Admins manage users and settings; reviewers correct, approve and reject entries.
      </p>
      <UsersAdmin users={users} meId={me.id} createUser={createUserAction} changeRole={changeRoleAction} />
    </main>
  );
}
