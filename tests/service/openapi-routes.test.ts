import { describe, expect, it } from 'vitest';
import { createServiceApp } from '@/lib/service/app';
import { openApiDocument } from '@/lib/service/openapi';

// Every route the service answers is in /v3/openapi.json and every documented path is answered:
// route modules carry their OpenAPI paths beside their handlers, and this keeps them honest.
const app = createServiceApp(async () => {
  throw new Error('no request is made here');
});

/** `/v3/entries/:id` and `/v3/entries/{entry_id}` both become `/v3/entries/{}`. */
const shape = (path: string) => path.replace(/:[^/]+|\{[^}]+\}/g, '{}');

const served = [
  ...new Set(
    app.routes
      .filter((r) => r.method !== 'ALL' && r.path !== '/v3/openapi.json')
      .map((r) => `${r.method} ${shape(r.path)}`),
  ),
].sort();
const documented = Object.entries(openApiDocument().paths as Record<string, Record<string, unknown>>)
  .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${shape(path)}`))
  .sort();

describe('/v3/openapi.json and the routes', () => {
  it('finds the routes to compare', () => {
    expect(served.length).toBeGreaterThanOrEqual(9);
  });

  it.each(served.map((route) => [route]))('documents %s', (route) => {
    expect(documented).toContain(route);
  });

  it.each(documented.map((route) => [route]))('serves %s', (route) => {
    expect(served).toContain(route);
  });
});
