import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { accounts, apiKeys } from '@/lib/db/schema/service';
import { hashSecret, issueSecret } from '@/lib/issued-secrets';

export const DEFAULT_CREDITS_EUR = 100;
const KEY_PREFIX = 'emk_';

export interface Account {
  id: string;
  name: string;
  credits: number;
}

/** Returns the account of that name, creating it with `credits` EUR when it is new. */
export async function ensureAccount(db: Db, name: string, credits = DEFAULT_CREDITS_EUR): Promise<Account> {
  await db.insert(accounts).values({ name, credits }).onConflictDoNothing({ target: accounts.name });
  const [account] = await db
    .select({ id: accounts.id, name: accounts.name, credits: accounts.credits })
    .from(accounts)
    .where(eq(accounts.name, name));
  return account;
}

/** A new API key: `emk_` + 32 random bytes. Only its SHA-256 is stored; the key is returned once. */
export async function createApiKey(db: Db, accountId: string, name = 'default') {
  const { secret: key, hash, prefix } = issueSecret(KEY_PREFIX);
  const [row] = await db
    .insert(apiKeys)
    .values({ accountId, name, prefix, keyHash: hash })
    .returning({ id: apiKeys.id });
  return { id: row.id, key };
}

export async function revokeApiKey(db: Db, keyId: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function accountForKey(db: Db, key: string): Promise<Account | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
  const [row] = await db
    .select({ id: accounts.id, name: accounts.name, credits: accounts.credits, keyId: apiKeys.id })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, hashSecret(key)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  // At most one write a minute per key: "last used" is for people, not an audit log.
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, row.keyId),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
  return { id: row.id, name: row.name, credits: row.credits };
}

/** Takes `amount` EUR from the balance if it suffices; false (and nothing taken) otherwise. */
export async function debitCredits(db: Db, accountId: string, amount: number): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ credits: sql`${accounts.credits} - ${amount}` })
    .where(and(eq(accounts.id, accountId), sql`${accounts.credits} >= ${amount}`))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

export async function addCredits(db: Db, accountId: string, amount: number): Promise<void> {
  await db
    .update(accounts)
    .set({ credits: sql`${accounts.credits} + ${amount}` })
    .where(eq(accounts.id, accountId));
}

export async function creditsOf(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ credits: accounts.credits })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.credits ?? 0;
}
