'use server';

import { revalidatePath } from 'next/cache';
import { action } from '@/lib/action';
import { getDb } from '@/lib/db/client';
import {
  createAccount,
  createAccountSchema,
  createKeyForAccount,
  createKeySchema,
  revokeKeyOfAccount,
  revokeKeySchema,
  topUpCredits,
  topUpSchema,
} from '@/lib/service/admin/accounts';

function refresh(accountId: string) {
  revalidatePath('/service/accounts');
  revalidatePath(`/service/accounts/${accountId}`);
}

export const createAccountAction = action('admin', createAccountSchema, async (input) => {
  const account = await createAccount(await getDb(), input);
  refresh(account.id);
  return { id: account.id };
});

export const topUpAction = action('admin', topUpSchema, async ({ accountId, amount }) => {
  const balance = await topUpCredits(await getDb(), accountId, amount);
  refresh(accountId);
  return { added: amount, balance };
});

/** The key is in this one response and nowhere else: only its hash is stored. */
export const createKeyAction = action('admin', createKeySchema, async ({ accountId, name }) => {
  const { key, summary } = await createKeyForAccount(await getDb(), accountId, name);
  refresh(accountId);
  return { key, name: summary.name };
});

export const revokeKeyAction = action('admin', revokeKeySchema, async ({ accountId, keyId }) => {
  const revoked = await revokeKeyOfAccount(await getDb(), accountId, keyId);
  refresh(accountId);
  return { id: revoked.id };
});
