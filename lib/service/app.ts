import { Hono } from 'hono';
import { correctionRequestSchema, isUuid, LIMITS } from '@/lib/contract/schemas';
import { accountForKey } from '@/lib/service/accounts';
import { parseWith, readJsonBody } from '@/lib/service/body';
import type { ServiceContext } from '@/lib/service/context';
import { correctEntry, unwrapCorrectionBody } from '@/lib/service/corrections';
import { listDeployments, loadStructure } from '@/lib/service/deployments';
import { loadEntryDto } from '@/lib/service/entries';
import { notFound, ServiceError, validationError } from '@/lib/service/errors';
import { openApiDocument } from '@/lib/service/openapi';
import { enforceRateLimit } from '@/lib/service/rate-limit';
import { registerDocumentRoutes } from '@/lib/service/routes/documents';
import type { ServiceEnv } from '@/lib/service/routes/env';
import { registerProcessingRoutes } from '@/lib/service/routes/processing';

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

/** The local v3 service: every route of docs/v3-interface.md. */
export function createServiceApp(context: () => Promise<ServiceContext>) {
  const app = new Hono<ServiceEnv>().basePath('/v3');

  app.onError((error, c) => {
    if (error instanceof ServiceError) {
      for (const [k, v] of Object.entries(error.headers ?? {})) c.header(k, v);
      return c.json(error.toBody(), error.status as 400);
    }
    console.error('[service] unexpected error', error);
    return c.json({ error: 'INTERNAL_ERROR', message: 'The service failed to handle this request.' }, 500);
  });
  app.notFound((c) =>
    c.json({ error: 'NOT_FOUND', message: `No route ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404),
  );

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

  registerProcessingRoutes(app, context);

  app.get('/entries/:id', async (c) => {
    const ctx = await context();
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound.entry(id);
    return c.json(await loadEntryDto(ctx.db, c.get('caller'), id));
  });

  app.post('/entries/:id/correction', async (c) => {
    const ctx = await context();
    const id = c.req.param('id');
    const raw = unwrapCorrectionBody(await readJsonBody(c));
    if (!isUuid(id)) throw notFound.entry(id);
    const request = parseWith(correctionRequestSchema, raw);
    return c.json(await correctEntry(ctx, c.get('caller'), id, request));
  });

  registerDocumentRoutes(app, context);

  // Extensions (docs/v3-interface.md): a remote service may lack them; the desk copes.
  app.get('/deployments', async (c) => {
    const ctx = await context();
    const rows = await listDeployments(ctx.db, c.get('account').id);
    return c.json({
      deployments: rows.map((d) => ({
        id: d.id,
        name: d.name,
        resource_id: d.structureId,
        version: d.structureVersion,
      })),
    });
  });

  app.get('/structures/:id/versions/:version', async (c) => {
    const ctx = await context();
    const id = c.req.param('id');
    const version = Number(c.req.param('version'));
    const structure =
      isUuid(id) && Number.isInteger(version) ? await loadStructure(ctx.db, id, version) : null;
    if (!structure) {
      throw new ServiceError(404, 'NOT_FOUND', `No structure ${id} version ${c.req.param('version')}.`);
    }
    // Only structures behind a deployment the caller can use are visible.
    const visible = (await listDeployments(ctx.db, c.get('account').id)).some((d) => d.structureId === id);
    if (!visible) throw new ServiceError(404, 'NOT_FOUND', `No structure ${id} version ${version}.`);
    return c.json({ resource_id: id, version, name: structure.name, schema: structure.schema });
  });

  return app;
}
