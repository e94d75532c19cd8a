import { isUuid } from '@/lib/contract/schemas';
import { loadEntryDto } from '@/lib/service/entries';
import { notFound } from '@/lib/service/errors';
import { errors, json, tenantHeader, uuidParam } from '@/lib/service/routes/openapi-parts';
import type { ServiceRoutes } from '@/lib/service/routes/resource';

/** Entries: one result, as the caller (account and tenant) may see it. */
export const entryRoutes: ServiceRoutes = {
  paths: {
    '/v3/entries/{entry_id}': {
      get: {
        summary: 'Get an entry',
        parameters: [uuidParam('entry_id'), tenantHeader],
        responses: { '200': { description: 'The entry', ...json('Entry') }, ...errors(401, 404) },
      },
    },
  },

  register(app, context) {
    app.get('/entries/:id', async (c) => {
      const ctx = await context();
      const id = c.req.param('id');
      if (!isUuid(id)) throw notFound.entry(id);
      return c.json(await loadEntryDto(ctx.db, c.get('caller'), id));
    });
  },
};
