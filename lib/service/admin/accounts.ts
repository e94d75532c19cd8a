import 'server-only';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { accounts, apiKeys } from '@/lib/db/schema/service';
import type { IssuedSecretSummary } from '@/lib/issued-secrets';
import { addCredits, createApiKey, revokeApiKey } from '@/lib/service/accounts';
import {
  AdminInputError,
  decimalString,
  isUuid,
  MAX_TOP_UP_EUR,
  trimmed,
} from '@/lib/service/admin/form-input';

// Accounts and API keys in the service dashboard: explicit columns, so no key hash ever leaves this module.
// Writes go through lib/service/accounts.ts, which owns the tables.

export interface AccountSummary {
  id: string;
  name: string;
  credits: number;
  createdAt: Date;
  keyCount: number;
  activeKeyCount: number;
}

export type ApiKeySummary = IssuedSecretSummary;

/** An account's columns with its key counts, from accounts left-joined to their keys. */
const accountSummaryColumns = {
  id: accounts.id,
  name: accounts.name,
  credits: accounts.credits,
  createdAt: accounts.createdAt,
  keyCount: count(apiKeys.id),
  activeKeyCount: sql<number>`count(${apiKeys.id}) filter (where ${apiKeys.revokedAt} is null)`.mapWith(
    Number,
  ),
};
const accountSummaryGroup = [accounts.id, accounts.name, accounts.credits, accounts.createdAt];

export async function listAccounts(db: Db): Promise<AccountSummary[]> {
  return db
    .select(accountSummaryColumns)
    .from(accounts)
    .leftJoin(apiKeys, eq(apiKeys.accountId, accounts.id))
    .groupBy(...accountSummaryGroup)
    .orderBy(asc(accounts.name));
}

export async function getAccount(db: Db, id: string): Promise<AccountSummary | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(accountSummaryColumns)
    .from(accounts)
    .leftJoin(apiKeys, eq(apiKeys.accountId, accounts.id))
    .where(eq(accounts.id, id))
    .groupBy(...accountSummaryGroup);
  return row ?? null;
}

/** The account's keys, newest first: explicit columns, so no hash ever leaves this module. */
export async function listApiKeys(db: Db, accountId: string): Promise<ApiKeySummary[]> {
  if (!isUuid(accountId)) return [];
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), asc(apiKeys.id));
}

export const createAccountSchema = z.object({
  name: trimmed('a name', 100),
  credits: decimalString({
    label: 'the starting credits',
    decimals: 2,
    min: 0,
    minInclusive: true,
    max: MAX_TOP_UP_EUR,
  }),
});

export const topUpSchema = z.object({
  accountId: z.string().refine(isUuid, 'Unknown account.'),
  amount: decimalString({
    label: 'the amount',
    decimals: 2,
    min: 0,
    minInclusive: false,
    max: MAX_TOP_UP_EUR,
  }),
});

export const createKeySchema = z.object({
  accountId: z.string().refine(isUuid, 'Unknown account.'),
  name: trimmed('a name for the key', 100),
});

export const revokeKeySchema = z.object({
  accountId: z.string().refine(isUuid, 'Unknown account.'),
  keyId: z.string().refine(isUuid, 'Unknown key.'),
});

export async function createAccount(
  db: Db,
  input: { name: string; credits: number },
): Promise<AccountSummary> {
  const duplicate = () =>
    new AdminInputError('That name is taken.', {
      name: [`An account named "${input.name}" already exists. Pick another name.`],
    });
  // Names differing only in case would be confusing in lists and on the command line.
  const [clash] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.name}) = lower(${input.name})`);
  if (clash) throw duplicate();
  const [row] = await db
    .insert(accounts)
    .values({ name: input.name, credits: input.credits })
    .onConflictDoNothing({ target: accounts.name })
    .returning({ id: accounts.id });
  if (!row) throw duplicate();
  return (await getAccount(db, row.id))!;
}

/** Adds credits to an account and returns its new balance in EUR. */
export async function topUpCredits(db: Db, accountId: string, amount: number): Promise<number> {
  const parsed = topUpSchema.safeParse({ accountId, amount: String(amount) });
  if (!parsed.success) {
    throw new AdminInputError(parsed.error.issues[0]?.message ?? 'Invalid amount.', {
      amount: parsed.error.issues.map((i) => i.message),
    });
  }
  if (!(await getAccount(db, accountId)))
    throw new AdminInputError('This account does not exist (any more).');
  await addCredits(db, accountId, parsed.data.amount);
  return (await getAccount(db, accountId))!.credits;
}

/** A new key for the account. The key itself is in the result once and is stored only as a hash. */
export async function createKeyForAccount(
  db: Db,
  accountId: string,
  name: string,
): Promise<{ key: string; summary: ApiKeySummary }> {
  if (!(await getAccount(db, accountId)))
    throw new AdminInputError('This account does not exist (any more).');
  const { id, key } = await createApiKey(db, accountId, name);
  const summary = (await listApiKeys(db, accountId)).find((k) => k.id === id)!;
  return { key, summary };
}

/** Revokes one of the account's keys; a key of another account, or one revoked already, is an error. */
export async function revokeKeyOfAccount(db: Db, accountId: string, keyId: string): Promise<ApiKeySummary> {
  const [key] = await db
    .select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)));
  if (!key) throw new AdminInputError('This key does not belong to this account.');
  if (key.revokedAt || !(await revokeApiKey(db, keyId))) {
    throw new AdminInputError('This key was revoked already.');
  }
  return (await listApiKeys(db, accountId)).find((k) => k.id === keyId)!;
}
