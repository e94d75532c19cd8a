import { and, eq, inArray } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import {
  type AsyncResponse,
  asyncRequestSchema,
  type BatchCreated,
  batchRequestSchema,
  type DocumentInput,
  isUuid,
  LIMITS,
  syncRequestSchema,
  webhookConfigSchema,
} from '@/lib/contract/schemas';
import { batches, documents, entries } from '@/lib/db/schema/service';
import { type Account, creditsOf, debitCredits } from '@/lib/service/accounts';
import { batchProgress, findBatch } from '@/lib/service/batches';
import { parseDocuments, parseWith, readJsonBody, toPointer } from '@/lib/service/body';
import type { ServiceContext } from '@/lib/service/context';
import { findDeployment, loadStructure } from '@/lib/service/deployments';
import { decodeBase64Content, documentType, resolveDocuments } from '@/lib/service/documents';
import { loadEntryDto } from '@/lib/service/entries';
import { notFound, ServiceError, validationError } from '@/lib/service/errors';
import { type StoredResponse, withIdempotency } from '@/lib/service/idempotency';
import { extractAndValidate, priceFor, readAll } from '@/lib/service/processing';
import type { ServiceEnv } from '@/lib/service/routes/env';

/** Pages a request will be billed for, estimated before any document is read. */
async function estimatePages(
  ctx: ServiceContext,
  accountId: string,
  docs: DocumentInput[],
  /** Where `docs` sits in the body, for error pointers: ['requests', 3, 'documents'] in a batch. */
  at: (string | number)[] = ['documents'],
): Promise<number> {
  let pages = 0;
  const ids: string[] = [];
  for (const [i, doc] of docs.entries()) {
    if ('text' in doc) pages += Math.max(1, Math.ceil((doc.text.match(/\S+/g)?.length ?? 0) / 200));
    else if ('content' in doc) {
      const bytes = decodeBase64Content(doc.content, toPointer([...at, i, 'content']));
      const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
      // A PDF's page objects, counted without parsing; anything else is one page.
      pages +=
        head === '%PDF-'
          ? Math.max(
              1,
              Buffer.from(bytes)
                .toString('latin1')
                .match(/\/Type\s*\/Page\b/g)?.length ?? 1,
            )
          : 1;
    } else if ('id' in doc && documentType(doc) === 'id') ids.push(doc.id);
    else pages += 1;
  }
  if (ids.length > 0) {
    const rows = await ctx.db
      .select({ id: documents.id, pages: documents.pages })
      .from(documents)
      .where(and(inArray(documents.id, ids), eq(documents.accountId, accountId)));
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      if (!row) throw notFound.document(id);
      pages += Math.max(1, row.pages);
    }
  }
  return pages;
}

async function requireCredits(ctx: ServiceContext, account: Account, price: number) {
  if ((await creditsOf(ctx.db, account.id)) < price) {
    throw new ServiceError(
      402,
      'INSUFFICIENT_CREDITS',
      `This request is estimated at ${price} EUR; top up to continue.`,
      {
        estimated_price: price,
      },
    );
  }
}

/** New work is refused with 503 while the queue is deeper than the service can take. */
async function requireQueue(ctx: ServiceContext) {
  if (!ctx.queue) {
    throw new ServiceError(
      503,
      'SERVICE_UNAVAILABLE',
      'No workers run for asynchronous processing here.',
      null,
      {
        'Retry-After': '30',
      },
    );
  }
  if ((await ctx.queue.depth()) >= ctx.maxQueueDepth) {
    throw new ServiceError(503, 'SERVICE_UNAVAILABLE', 'The service is busy; retry shortly.', null, {
      'Retry-After': '30',
    });
  }
  return ctx.queue;
}

const respond = (c: Context<ServiceEnv>, result: StoredResponse) => {
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(result.body as object, result.status as 200);
};

/** The three processing POSTs (sync, async, batch) and batch progress. */
export function registerProcessingRoutes(app: Hono<ServiceEnv>, context: () => Promise<ServiceContext>) {
  const deploymentFor = async (ctx: ServiceContext, account: Account, id: string) => {
    const deployment = isUuid(id) ? await findDeployment(ctx.db, account.id, id) : null;
    if (!deployment) throw notFound.deployment(id);
    const structure = await loadStructure(ctx.db, deployment.structureId, deployment.structureVersion);
    if (!structure) throw notFound.deployment(id);
    return { deployment, structure };
  };

  app.post('/deployments/:id', async (c) => {
    const ctx = await context();
    const started = performance.now();
    const account = c.get('account');
    const caller = c.get('caller');
    const raw = await readJsonBody(c);
    const { deployment, structure } = await deploymentFor(ctx, account, c.req.param('id'));
    const docs = parseDocuments((raw as { documents?: unknown })?.documents, ['documents']);
    const { metadata } = parseWith(syncRequestSchema.pick({ metadata: true }), raw);
    const result = await withIdempotency(
      ctx,
      account.id,
      c.req.header('idempotency-key'),
      { route: c.req.path, body: raw },
      async () => {
        const resolved = await resolveDocuments(ctx, account.id, docs);
        const read = await readAll(resolved);
        const price = priceFor(deployment.pricePerPage, read.pages);
        if (!(await debitCredits(ctx.db, account.id, price))) {
          throw new ServiceError(
            402,
            'INSUFFICIENT_CREDITS',
            `This request costs ${price} EUR; top up to continue.`,
            { price },
          );
        }
        const outcome = await extractAndValidate(resolved, read, structure);
        const [row] = await ctx.db
          .insert(entries)
          .values({
            accountId: account.id,
            tenantId: caller.tenantId,
            deploymentId: deployment.id,
            structureId: structure.id,
            structureVersion: structure.version,
            status: outcome.status,
            data: outcome.data,
            errors: outcome.errors,
            sources: outcome.sources,
            confidence: outcome.confidence,
            documents: outcome.documents,
            metadata: metadata ?? null,
            timeMs: Math.round(performance.now() - started),
            price,
          })
          .returning({ id: entries.id });
        return { status: 200, body: await loadEntryDto(ctx.db, caller, row.id) };
      },
    );
    return respond(c, result);
  });

  app.post('/deployments/:id/async', async (c) => {
    const ctx = await context();
    const account = c.get('account');
    const caller = c.get('caller');
    const raw = await readJsonBody(c);
    const { deployment, structure } = await deploymentFor(ctx, account, c.req.param('id'));
    const docs = parseDocuments((raw as { documents?: unknown })?.documents, ['documents']);
    const { metadata, webhook } = parseWith(asyncRequestSchema.pick({ metadata: true, webhook: true }), raw);
    const queue = await requireQueue(ctx);
    const result = await withIdempotency(
      ctx,
      account.id,
      c.req.header('idempotency-key'),
      { route: c.req.path, body: raw },
      async () => {
        await requireCredits(
          ctx,
          account,
          priceFor(deployment.pricePerPage, await estimatePages(ctx, account.id, docs)),
        );
        const { key } = await ctx.blobs.put(new TextEncoder().encode(JSON.stringify(docs)));
        const [row] = await ctx.db
          .insert(entries)
          .values({
            accountId: account.id,
            tenantId: caller.tenantId,
            deploymentId: deployment.id,
            structureId: structure.id,
            structureVersion: structure.version,
            status: 'pending',
            metadata: metadata ?? null,
            inputKey: key,
            webhook: webhook ?? null,
          })
          .returning();
        await queue.processEntry(row.id);
        const body: AsyncResponse = {
          entry_id: row.id,
          status: 'pending',
          resource_type: 'structure',
          resource_id: structure.id,
          resource_version_number: structure.version,
          created_at: row.createdAt.toISOString(),
        };
        return { status: 202, body };
      },
    );
    return respond(c, result);
  });

  app.post('/deployments/:id/batch', async (c) => {
    const ctx = await context();
    const account = c.get('account');
    const caller = c.get('caller');
    const raw = (await readJsonBody(c)) as { requests?: unknown; webhook?: unknown } | null;
    const { deployment, structure } = await deploymentFor(ctx, account, c.req.param('id'));
    const requests = raw?.requests;
    if (!Array.isArray(requests) || requests.length < 1 || requests.length > LIMITS.batchItems) {
      throw validationError('The request body is invalid.', [
        { path: '/requests', message: `\`requests\` must be an array of 1 to ${LIMITS.batchItems} items.` },
      ]);
    }
    const items = requests.map((item, i) => {
      const docs = parseDocuments((item as { documents?: unknown })?.documents, ['requests', i, 'documents']);
      const { metadata } = parseWith(
        batchRequestSchema.shape.requests.element.pick({ metadata: true }),
        item,
        ['requests', i],
      );
      return { docs, metadata: metadata ?? null };
    });
    const webhook = parseWith(webhookConfigSchema, raw?.webhook, ['webhook']);
    const queue = await requireQueue(ctx);
    const result = await withIdempotency(
      ctx,
      account.id,
      c.req.header('idempotency-key'),
      { route: c.req.path, body: raw },
      async () => {
        let pages = 0;
        for (const [i, item] of items.entries()) {
          pages += await estimatePages(ctx, account.id, item.docs, ['requests', i, 'documents']);
        }
        await requireCredits(ctx, account, priceFor(deployment.pricePerPage, pages));
        const keys = await Promise.all(
          items.map((item) => ctx.blobs.put(new TextEncoder().encode(JSON.stringify(item.docs)))),
        );
        const { batch, entryIds } = await ctx.db.transaction(async (tx) => {
          const [batch] = await tx
            .insert(batches)
            .values({
              accountId: account.id,
              tenantId: caller.tenantId,
              deploymentId: deployment.id,
              structureId: structure.id,
              structureVersion: structure.version,
              totalItems: items.length,
              webhook: {
                url: webhook.url,
                secret: webhook.secret ?? null,
                incremental: webhook.incremental ?? true,
              },
            })
            .returning();
          const rows = await tx
            .insert(entries)
            .values(
              items.map((item, index) => ({
                accountId: account.id,
                tenantId: caller.tenantId,
                deploymentId: deployment.id,
                structureId: structure.id,
                structureVersion: structure.version,
                batchId: batch.id,
                itemIndex: index,
                status: 'pending',
                metadata: item.metadata,
                inputKey: keys[index].key,
              })),
            )
            .returning({ id: entries.id });
          return { batch, entryIds: rows.map((r) => r.id) };
        });
        for (const id of entryIds) await queue.processEntry(id);
        const body: BatchCreated = {
          batch_id: batch.id,
          status: 'pending',
          total_items: batch.totalItems,
          resource_type: 'structure',
          resource_id: structure.id,
          resource_version_number: structure.version,
          created_at: batch.createdAt.toISOString(),
        };
        return { status: 200, body };
      },
    );
    return respond(c, result);
  });

  app.get('/batches/:id', async (c) => {
    const ctx = await context();
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound.batch(id);
    const batch = await findBatch(ctx.db, c.get('caller'), id);
    return c.json(await batchProgress(ctx.db, batch));
  });
}
