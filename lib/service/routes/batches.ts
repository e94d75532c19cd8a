import {
  type BatchCreated,
  batchRequestSchema,
  isUuid,
  LIMITS,
  webhookConfigSchema,
} from '@/lib/contract/schemas';
import { batches, entries } from '@/lib/db/schema/service';
import { batchProgress, findBatch } from '@/lib/service/batches';
import { parseDocuments, parseWith, readJsonBody } from '@/lib/service/body';
import { newEntryRow } from '@/lib/service/entry-rows';
import { notFound, validationError } from '@/lib/service/errors';
import { priceFor } from '@/lib/service/pricing';
import { estimateRequestPages } from '@/lib/service/reading';
import { deploymentFor, requireCredits, requireQueue, respondOnce } from '@/lib/service/routes/guards';
import {
  errors,
  json,
  processingOperation,
  tenantHeader,
  uuidParam,
} from '@/lib/service/routes/openapi-parts';
import type { ServiceRoutes } from '@/lib/service/routes/resource';
import { structureResource } from '@/lib/service/structure-resource';

/** Batches: many requests against one deployment, processed by the queue, and their progress. */
export const batchRoutes: ServiceRoutes = {
  paths: {
    '/v3/deployments/{deployment_id}/batch': {
      post: processingOperation({
        summary: 'Process a batch',
        request: 'BatchRequest',
        status: 200,
        description: 'Batch created',
        answer: 'BatchCreated',
        errorCodes: [400, 401, 402, 404, 422, 429, 503],
      }),
    },
    '/v3/batches/{batch_id}': {
      get: {
        summary: 'Batch progress',
        parameters: [uuidParam('batch_id'), tenantHeader],
        responses: { '200': { description: 'Progress', ...json('BatchProgress') }, ...errors(401, 404) },
      },
    },
  },

  register(app, context) {
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
        const docs = parseDocuments((item as { documents?: unknown })?.documents, [
          'requests',
          i,
          'documents',
        ]);
        const { metadata } = parseWith(
          batchRequestSchema.shape.requests.element.pick({ metadata: true }),
          item,
          ['requests', i],
        );
        return { docs, metadata: metadata ?? null };
      });
      const webhook = parseWith(webhookConfigSchema, raw?.webhook, ['webhook']);
      const queue = await requireQueue(ctx);
      return respondOnce(c, ctx, raw, async () => {
        let pages = 0;
        for (const [i, item] of items.entries()) {
          pages += await estimateRequestPages(ctx, account.id, item.docs, ['requests', i, 'documents']);
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
              items.map((item, index) =>
                newEntryRow(
                  { caller, deployment, structure },
                  {
                    batchId: batch.id,
                    itemIndex: index,
                    status: 'pending',
                    metadata: item.metadata,
                    inputKey: keys[index].key,
                  },
                ),
              ),
            )
            .returning({ id: entries.id });
          return { batch, entryIds: rows.map((r) => r.id) };
        });
        for (const id of entryIds) await queue.processEntry(id);
        const body: BatchCreated = {
          batch_id: batch.id,
          status: 'pending',
          total_items: batch.totalItems,
          ...structureResource(structure),
          created_at: batch.createdAt.toISOString(),
        };
        return { status: 200, body };
      });
    });

    app.get('/batches/:id', async (c) => {
      const ctx = await context();
      const id = c.req.param('id');
      if (!isUuid(id)) throw notFound.batch(id);
      const batch = await findBatch(ctx.db, c.get('caller'), id);
      return c.json(await batchProgress(ctx.db, batch));
    });
  },
};
