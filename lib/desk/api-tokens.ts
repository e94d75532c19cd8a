import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { type UserRole, users } from '@/lib/db/schema/desk';
import { apiTokens } from '@/lib/db/schema/desk-team';
import { recordAudit } from '@/lib/desk/audit';
import { hashSecret, type IssuedSecretSummary, issueSecret } from '@/lib/issued-secrets';
import { UserFacingError } from '@/lib/user-facing-error';

/**
 * Personal API tokens of the desk API: `emd_` + 256 random bits, base64url. Only their SHA-256
 * is stored; the token is shown once, at creation. A token acts as its user, with the user's
 * current role, and stops working when revoked or when the user is deleted.
 */

const PREFIX = 'emd_';
const TOKEN = /^emd_[A-Za-z0-9_-]{43}$/;

export type ApiTokenDto = IssuedSecretSummary;

export class ApiTokenError extends UserFacingError {}

export async function createApiToken(
  db: Db,
  userId: string,
  name: string,
): Promise<{ token: string; dto: ApiTokenDto }> {
  const label = name.trim();
  if (!label || label.length > 100)
    throw new ApiTokenError('Give the token a name of 1 to 100 characters.', {
      name: ['Give the token a name of 1 to 100 characters.'],
    });
  const { secret: token, hash, prefix } = issueSecret(PREFIX);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({ userId, name: label, tokenHash: hash, prefix })
      .returning();
    await recordAudit(tx, {
      actorId: userId,
      action: 'token.created',
      targetType: 'token',
      targetId: row.id,
      details: { name: label },
    });
    return { token, dto: toDto(row) };
  });
}

const toDto = (r: typeof apiTokens.$inferSelect): ApiTokenDto => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.createdAt,
  lastUsedAt: r.lastUsedAt,
  revokedAt: r.revokedAt,
});

export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenDto[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map(toDto);
}

/** Revokes one of the user's own tokens; false when there is no such active token. */
export async function revokeApiToken(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, name: apiTokens.name });
    if (row)
      await recordAudit(tx, {
        actorId: userId,
        action: 'token.revoked',
        targetType: 'token',
        targetId: id,
        details: { name: row.name },
      });
    return Boolean(row);
  });
}

export interface TokenUser {
  id: string;
  email: string;
  role: UserRole;
  tokenName: string;
}

/** The user behind `Authorization: Bearer <token>`, or null (missing, malformed, unknown, revoked). */
export async function authenticateApiToken(db: Db, authorization: string | null): Promise<TokenUser | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!match || !TOKEN.test(match[1])) return null;
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      id: users.id,
      email: users.email,
      role: users.role,
      tokenName: apiTokens.name,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashSecret(match[1])), isNull(apiTokens.revokedAt)));
  if (!row) return null;
  // "Last used" to the minute is enough, and spares a write per request.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000)
    await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.tokenId));
  return { id: row.id, email: row.email, role: row.role, tokenName: row.tokenName };
}
