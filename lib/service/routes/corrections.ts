import { correctionRequestSchema, isUuid } from '@/lib/contract/schemas';
import { parseWith, readJsonBody } from '@/lib/service/body';
import { correctEntry, unwrapCorrectionBody } from '@/lib/service/corrections';
import { notFound } from '@/lib/service/errors';
import { errors, json, tenantHeader, uuidParam } from '@/lib/service/routes/openapi-parts';
import type { ServiceRoutes } from '@/lib/service/routes/resource';

/** Corrections: a reviewer's fix of an entry, applied all or nothing. */
export const correctionRoutes: ServiceRoutes = {
  paths: {
    '/v3/entries/{entry_id}/correction': {
      post: {
        summary: 'Correct an entry',
        parameters: [uuidParam('entry_id'), tenantHeader],
        requestBody: { required: true, ...json('CorrectionRequest') },
        responses: {
          '200': { description: 'Applied', ...json('CorrectionResponse') },
          ...errors(401, 404, 422),
        },
      },
    },
  },

  register(app, context) {
    app.post('/entries/:id/correction', async (c) => {
      const ctx = await context();
      const id = c.req.param('id');
      const raw = unwrapCorrectionBody(await readJsonBody(c));
      if (!isUuid(id)) throw notFound.entry(id);
      const request = parseWith(correctionRequestSchema, raw);
      return c.json(await correctEntry(ctx, c.get('caller'), id, request));
    });
  },
};
