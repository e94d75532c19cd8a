'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/lib/db/client';
import { withUser } from '@/lib/desk/action';
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
import { adminCall, formFields, parseForm } from '../_lib/form';

function refresh(accountId: string) {
  revalidatePath('/service/accounts');
  revalidatePath(`/service/accounts/${accountId}`);
}

export async function createAccountAction(form: FormData) {
  return withUser('admin', async () => {
    const input = parseForm(createAccountSchema, formFields(form, ['name', 'credits']));
    const db = await getDb();
    const account = await adminCall(() => createAccount(db, input));
    refresh(account.id);
    return { id: account.id };
  });
}

export async function topUpAction(form: FormData) {
  return withUser('admin', async () => {
    const input = parseForm(topUpSchema, formFields(form, ['accountId', 'amount']));
    const db = await getDb();
    const balance = await adminCall(() => topUpCredits(db, input.accountId, input.amount));
    refresh(input.accountId);
    return { added: input.amount, balance };
  });
}

/** The key is in this one response and nowhere else: only its hash is stored. */
export async function createKeyAction(form: FormData) {
  return withUser('admin', async () => {
    const input = parseForm(createKeySchema, formFields(form, ['accountId', 'name']));
    const db = await getDb();
    const { key, summary } = await adminCall(() => createKeyForAccount(db, input.accountId, input.name));
    refresh(input.accountId);
    return { key, name: summary.name };
  });
}

export async function revokeKeyAction(form: FormData) {
  return withUser('admin', async () => {
    const input = parseForm(revokeKeySchema, formFields(form, ['accountId', 'keyId']));
    const db = await getDb();
    const revoked = await adminCall(() => revokeKeyOfAccount(db, input.accountId, input.keyId));
    refresh(input.accountId);
    return { id: revoked.id };
  });
}
