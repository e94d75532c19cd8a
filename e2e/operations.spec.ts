import { expect, test } from '@playwright/test';

// The real server (instrumentation's start-up: queue, first-start steps, loops) answers the
// probes a load balancer or an orchestrator uses, without a session.
test('health and readiness answer without signing in, and name their parts only', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });

  const ready = await request.get('/api/ready');
  expect(ready.status()).toBe(200);
  const body = await ready.json();
  expect(body).toEqual({
    status: 'ready',
    checks: { database: 'ok', blob_store: 'ok', queue: 'ok' },
    failing: [],
  });
  expect(ready.headers()['cache-control']).toBe('no-store');
});
