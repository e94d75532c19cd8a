import { z } from 'zod';
import { serviceRoutes } from '@/lib/service/routes';
import { openApiComponents } from '@/lib/service/routes/openapi-parts';

let cached: Record<string, unknown> | undefined;

/**
 * OpenAPI 3.1 of the service: the components from the same zod schemas the client and the
 * service use, the paths from each route module (lib/service/routes/*), beside their handlers.
 */
export function openApiDocument(): Record<string, unknown> {
  cached ??= {
    openapi: '3.1.0',
    info: { title: 'Emend local extraction service', version: '3.0.0' },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }, { bearer: [] }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
      schemas: Object.fromEntries(
        Object.entries(openApiComponents).map(([name, schema]) => [
          name,
          z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
        ]),
      ),
    },
    paths: Object.assign({}, ...serviceRoutes.map((r) => r.paths)),
  };
  return cached;
}
