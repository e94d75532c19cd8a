import { Hono } from 'hono';
import { LIMITS } from '@/lib/contract/schemas';
import { errorMessage, log, requestIdFrom, withRequestId } from '@/lib/log';
import { accountForKey } from '@/lib/service/accounts';
import type { ServiceContext } from '@/lib/service/context';
import { ServiceError, validationError } from '@/lib/service/errors';
import { openApiDocument } from '@/lib/service/openapi';
import { enforceRateLimit } from '@/lib/service/rate-limit';
import { serviceRoutes } from '@/lib/service/routes';
import type { ServiceEnv } from '@/lib/service/routes/resource';

function apiKeyFrom(headers: Headers): string | null {
  const direct = headers.get('x-api-key');
  if (direct) return direct.trim();
  const auth = headers.get('authorization');
  const match = auth?.match(/^Bearer\s+(.+)$/i);
  return match ? match[1].trim() : null;
}

function tenantFrom(headers: Headers): string | null {
  const tenant = headers.get('x-tenant-id');
  if (tenant === null) return null;
  if (tenant.length < 1 || tenant.length > LIMITS.tenantIdChars) {
    throw validationError('Invalid X-Tenant-ID header.', [
      { path: '', message: `X-Tenant-ID must be 1 to ${LIMITS.tenantIdChars} characters.` },
    ]);
  }
  return tenant;
}

/** The local v3 service: every route of docs/v3-interface.md, one module per resource in ./routes. */
export function createServiceApp(context: () => Promise<ServiceContext>) {
  const app = new Hono<ServiceEnv>().basePath('/v3');

  app.onError((error, c) => {
    if (error instanceof ServiceError) {
      for (const [k, v] of Object.entries(error.headers ?? {})) c.header(k, v);
      return c.json(error.toBody(), error.status as 400);
    }
    log().error({ error: errorMessage(error), path: c.req.path }, 'unexpected error in the service');
    return c.json({ error: 'INTERNAL_ERROR', message: 'The service failed to handle this request.' }, 500);
  });
  app.notFound((c) =>
    c.json({ error: 'NOT_FOUND', message: `No route ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404),
  );

  // Every request gets an id (the caller's X-Request-Id, e.g. the desk's, or a new one): on
  // each log line it causes, on the jobs it enqueues, and in the answer.
  app.use('*', async (c, next) => {
    const requestId = requestIdFrom(c.req.header('x-request-id'));
    const started = performance.now();
    await withRequestId(requestId, next);
    c.res.headers.set('x-request-id', requestId);
    log().debug(
      {
        request_id: requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });

  // Public: the contract itself.
  app.get('/openapi.json', (c) => c.json(openApiDocument()));

  app.use('*', async (c, next) => {
    const key = apiKeyFrom(c.req.raw.headers);
    const ctx = await context();
    const account = key ? await accountForKey(ctx.db, key) : null;
    if (!account) {
      throw new ServiceError(
        401,
        'AUTHENTICATION_REQUIRED',
        key ? 'The API key is invalid or revoked.' : 'Send an API key in x-api-key or Authorization: Bearer.',
      );
    }
    await enforceRateLimit(ctx.db, account.id, ctx.rateLimitPerMinute);
    c.set('account', account);
    c.set('caller', { accountId: account.id, tenantId: tenantFrom(c.req.raw.headers) });
    await next();
  });

  for (const routes of serviceRoutes) routes.register(app, context);

  return app;
}
