import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { sha256Hex } from '@/lib/blobs';
import { idempotencyKeys } from '@/lib/db/schema/service';
import type { ServiceContext } from '@/lib/service/context';
import type { Caller } from '@/lib/service/entries';
import { ServiceError, validationError } from '@/lib/service/errors';

export interface StoredResponse {
  status: number;
  body: unknown;
  replayed?: boolean;
}

/**
 * `Idempotency-Key` on processing POSTs: the same key with the same body within 24 h gets
 * the first answer again (and is not charged twice); the same key with another body is refused.
 * Keys belong to the caller — account and tenant — so a replay under another X-Tenant-ID is a
 * new request of that tenant, never the other tenant's answer.
 */
export async function withIdempotency(
  ctx: ServiceContext,
  caller: Caller,
  key: string | undefined,
  request: { route: string; body: unknown },
  run: () => Promise<StoredResponse>,
): Promise<StoredResponse> {
  if (key === undefined) return run();
  if (key.length < 1 || key.length > 255) {
    throw validationError('Invalid Idempotency-Key header.', [
      { path: '', message: 'Idempotency-Key must be 1 to 255 characters.' },
    ]);
  }
  const requestHash = sha256Hex(`${request.route}\n${JSON.stringify(request.body)}`);
  const { accountId } = caller;
  const tenantId = caller.tenantId ?? '';
  const mine = and(
    eq(idempotencyKeys.accountId, accountId),
    eq(idempotencyKeys.tenantId, tenantId),
    eq(idempotencyKeys.key, key),
  );
  // A key lives 24 h; a claim that never got its answer (its server died mid-request) is
  // given up after 10 minutes, longer than any request runs, so the key does not stay stuck.
  await ctx.db
    .delete(idempotencyKeys)
    .where(
      and(
        mine,
        or(
          lt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`),
          and(
            isNull(idempotencyKeys.status),
            lt(idempotencyKeys.createdAt, sql`now() - interval '10 minutes'`),
          ),
        ),
      ),
    );
  const [claimed] = await ctx.db
    .insert(idempotencyKeys)
    .values({ accountId, tenantId, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [first] = await ctx.db.select().from(idempotencyKeys).where(mine);
    if (first && first.requestHash !== requestHash) {
      throw validationError('This Idempotency-Key was used with a different request.', [
        { path: '', message: 'Use a new Idempotency-Key for a different request.' },
      ]);
    }
    if (!first || first.status === null || first.response === null) {
      throw validationError('A request with this Idempotency-Key is still being processed.', [
        { path: '', message: 'Retry once the first request has answered.' },
      ]);
    }
    return { status: first.status, body: JSON.parse(first.response), replayed: true };
  }
  const store = (status: number, body: unknown) =>
    ctx.db
      .update(idempotencyKeys)
      .set({ status, response: JSON.stringify(body) })
      .where(mine);
  try {
    const response = await run();
    await store(response.status, response.body);
    return response;
  } catch (error) {
    // A refusal is an answer too; a crash is not — then the key is free for a retry.
    if (error instanceof ServiceError && error.status < 500) await store(error.status, error.toBody());
    else await ctx.db.delete(idempotencyKeys).where(mine);
    throw error;
  }
}
