import type { Context } from 'hono';
import { isUuid } from '@/lib/contract/schemas';
import { type Account, creditsOf } from '@/lib/service/accounts';
import type { ServiceContext } from '@/lib/service/context';
import { findDeployment, loadStructure } from '@/lib/service/deployments';
import { notFound, ServiceError } from '@/lib/service/errors';
import { type StoredResponse, withIdempotency } from '@/lib/service/idempotency';
import type { ServiceEnv } from '@/lib/service/routes/resource';

/** The deployment a processing route names, with its structure; another account's is absent. */
export async function deploymentFor(ctx: ServiceContext, account: Account, id: string) {
  const deployment = isUuid(id) ? await findDeployment(ctx.db, account.id, id) : null;
  if (!deployment) throw notFound.deployment(id);
  const structure = await loadStructure(ctx.db, deployment.structureId, deployment.structureVersion);
  if (!structure) throw notFound.deployment(id);
  return { deployment, structure };
}

/** Queued work is refused up front when the balance cannot cover its estimate. */
export async function requireCredits(ctx: ServiceContext, account: Account, price: number) {
  if ((await creditsOf(ctx.db, account.id)) < price) {
    throw new ServiceError(
      402,
      'INSUFFICIENT_CREDITS',
      `This request is estimated at ${price} EUR; top up to continue.`,
      { estimated_price: price },
    );
  }
}

/** New work is refused with 503 while the queue is deeper than the service can take. */
export async function requireQueue(ctx: ServiceContext) {
  const retry = { 'Retry-After': '30' };
  if (!ctx.queue) {
    throw new ServiceError(
      503,
      'SERVICE_UNAVAILABLE',
      'No workers run for asynchronous processing here.',
      null,
      retry,
    );
  }
  if ((await ctx.queue.depth()) >= ctx.maxQueueDepth) {
    throw new ServiceError(503, 'SERVICE_UNAVAILABLE', 'The service is busy; retry shortly.', null, retry);
  }
  return ctx.queue;
}

/**
 * Runs a processing POST once per Idempotency-Key of the caller (see withIdempotency) and answers
 * with its response, or with the stored one when the request is a replay.
 */
export async function respondOnce(
  c: Context<ServiceEnv>,
  ctx: ServiceContext,
  body: unknown,
  run: () => Promise<StoredResponse>,
): Promise<Response> {
  const result = await withIdempotency(
    ctx,
    c.get('caller'),
    c.req.header('idempotency-key'),
    { route: c.req.path, body },
    run,
  );
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(result.body as object, result.status as 200);
}
