import type { Metadata } from 'next';
import { SettingsSubpage } from '@/components/settings/SettingsSubpage';
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
    <SettingsSubpage
      title="Users"
      intro="Admins manage users and settings; reviewers correct, approve and reject entries."
    >
      <UsersAdmin users={users} meId={me.id} createUser={createUserAction} changeRole={changeRoleAction} />
    </SettingsSubpage>
  );
}
