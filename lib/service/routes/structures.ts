import { isUuid } from '@/lib/contract/schemas';
import { withRules } from '@/lib/contract/validation';
import { listDeployments, loadStructure } from '@/lib/service/deployments';
import { ServiceError } from '@/lib/service/errors';
import { errors, json, uuidParam } from '@/lib/service/routes/openapi-parts';
import type { ServiceRoutes } from '@/lib/service/routes/resource';

/** Structures (an extension): the schema behind a deployment the caller can use. */
export const structureRoutes: ServiceRoutes = {
  paths: {
    '/v3/structures/{resource_id}/versions/{version}': {
      get: {
        summary: 'A structure version (extension)',
        parameters: [
          uuidParam('resource_id'),
          { name: 'version', in: 'path', required: true, schema: { type: 'integer' } },
        ],
        responses: {
          '200': { description: 'The structure', ...json('StructureVersion') },
          ...errors(401, 404),
        },
      },
    },
  },

  register(app, context) {
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
      // The cross-field rules travel with the schema, so a client can validate as the service does.
      const schema = withRules(structure.schema, structure.hints?.rules);
      return c.json({ resource_id: id, version, name: structure.name, schema });
    });
  },
};
