import {
  type AsyncResponse,
  asyncRequestSchema,
  type DeploymentSummary,
  syncRequestSchema,
} from '@/lib/contract/schemas';
import { entries } from '@/lib/db/schema/service';
import { creditsOf, debitCredits } from '@/lib/service/accounts';
import { parseDocuments, parseWith, readJsonBody } from '@/lib/service/body';
import { listDeployments } from '@/lib/service/deployments';
import { loadEntryDto } from '@/lib/service/entries';
import { newEntryRow, outcomeColumns } from '@/lib/service/entry-rows';
import { ServiceError } from '@/lib/service/errors';
import { priceFor } from '@/lib/service/pricing';
import { processDocuments } from '@/lib/service/processing';
import { estimateRequestPages } from '@/lib/service/reading';
import { deploymentFor, requireCredits, requireQueue, respondOnce } from '@/lib/service/routes/guards';
import { errors, json, processingOperation } from '@/lib/service/routes/openapi-parts';
import type { ServiceRoutes } from '@/lib/service/routes/resource';
import { structureResource } from '@/lib/service/structure-resource';

/** Deployments: list them, and process documents against one (sync, or queued). */
export const deploymentRoutes: ServiceRoutes = {
  paths: {
    '/v3/deployments': {
      get: {
        summary: 'List deployments (extension)',
        responses: { '200': { description: 'Deployments', ...json('DeploymentList') }, ...errors(401) },
      },
    },
    '/v3/deployments/{deployment_id}': {
      post: processingOperation({
        summary: 'Process synchronously',
        request: 'SyncRequest',
        status: 200,
        description: 'The entry',
        answer: 'Entry',
        errorCodes: [400, 401, 402, 404, 413, 415, 422, 429, 503],
      }),
    },
    '/v3/deployments/{deployment_id}/async': {
      post: processingOperation({
        summary: 'Process asynchronously',
        request: 'AsyncRequest',
        status: 202,
        description: 'Accepted',
        answer: 'AsyncResponse',
        errorCodes: [400, 401, 402, 404, 422, 429, 503],
      }),
    },
  },

  register(app, context) {
    // An extension (docs/v3-interface.md): a remote service may lack it; the desk copes.
    app.get('/deployments', async (c) => {
      const ctx = await context();
      const rows = await listDeployments(ctx.db, c.get('account').id);
      const body: { deployments: DeploymentSummary[] } = {
        deployments: rows.map((d) => ({
          id: d.id,
          name: d.name,
          resource_id: d.structureId,
          version: d.structureVersion,
        })),
      };
      return c.json(body);
    });

    app.post('/deployments/:id', async (c) => {
      const ctx = await context();
      const started = performance.now();
      const account = c.get('account');
      const caller = c.get('caller');
      const raw = await readJsonBody(c);
      const { deployment, structure } = await deploymentFor(ctx, account, c.req.param('id'));
      const docs = parseDocuments((raw as { documents?: unknown })?.documents, ['documents']);
      const { metadata } = parseWith(syncRequestSchema.pick({ metadata: true }), raw);
      return respondOnce(c, ctx, raw, async () => {
        const processed = await processDocuments(ctx, {
          accountId: account.id,
          tenantId: caller.tenantId,
          inputs: docs,
          structure,
          pricePerPage: deployment.pricePerPage,
          canAfford: async (price) => (await creditsOf(ctx.db, account.id)) >= price,
          pay: (price) => debitCredits(ctx.db, account.id, price),
        });
        if (!processed.paid) {
          const { price } = processed;
          throw new ServiceError(
            402,
            'INSUFFICIENT_CREDITS',
            `This request costs ${price} EUR; top up to continue.`,
            { price },
          );
        }
        const { outcome, price } = processed;
        const [row] = await ctx.db
          .insert(entries)
          .values(
            newEntryRow(
              { caller, deployment, structure },
              {
                ...outcomeColumns(outcome),
                metadata: metadata ?? null,
                timeMs: Math.round(performance.now() - started),
                price,
              },
            ),
          )
          .returning({ id: entries.id });
        return { status: 200, body: await loadEntryDto(ctx.db, caller, row.id) };
      });
    });

    app.post('/deployments/:id/async', async (c) => {
      const ctx = await context();
      const account = c.get('account');
      const caller = c.get('caller');
      const raw = await readJsonBody(c);
      const { deployment, structure } = await deploymentFor(ctx, account, c.req.param('id'));
      const docs = parseDocuments((raw as { documents?: unknown })?.documents, ['documents']);
      const { metadata, webhook } = parseWith(
        asyncRequestSchema.pick({ metadata: true, webhook: true }),
        raw,
      );
      const queue = await requireQueue(ctx);
      return respondOnce(c, ctx, raw, async () => {
        const pages = await estimateRequestPages(ctx, account.id, docs);
        await requireCredits(ctx, account, priceFor(deployment.pricePerPage, pages));
        const { key } = await ctx.blobs.put(new TextEncoder().encode(JSON.stringify(docs)));
        const [row] = await ctx.db
          .insert(entries)
          .values(
            newEntryRow(
              { caller, deployment, structure },
              { status: 'pending', metadata: metadata ?? null, inputKey: key, webhook: webhook ?? null },
            ),
          )
          .returning();
        await queue.processEntry(row.id);
        const body: AsyncResponse = {
          entry_id: row.id,
          status: 'pending',
          ...structureResource(structure),
          created_at: row.createdAt.toISOString(),
        };
        return { status: 202, body };
      });
    });
  },
};
