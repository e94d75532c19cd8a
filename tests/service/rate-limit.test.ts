import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '@/lib/service/app';
import { databaseKinds } from '../support/database';
import { type Harness, startServiceHarness } from '../support/service-harness';

describe.each(databaseKinds)('rate limiting on $name', ({ target }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServiceHarness(target);
  });
  afterAll(() => h?.close());

  it('answers 429 RATE_LIMITED with Retry-After past the per-minute limit, per account', async () => {
    const app = createServiceApp(async () => ({ ...h.context, rateLimitPerMinute: 3 }));
    const get = (key: string) =>
      app.fetch(new Request('http://service.test/v3/deployments', { headers: { 'x-api-key': key } }));
    const other = await h.newAccount('other-account');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(h.apiKey)).status);
    // A window boundary may fall inside the loop; then the count restarts.
    if (!statuses.includes(429)) for (let i = 0; i < 4; i++) statuses.push((await get(h.apiKey)).status);
    expect(statuses).toContain(429);
    const limited = await get(h.apiKey);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject({
      error: 'RATE_LIMITED',
      message: expect.stringContaining('3 requests'),
    });
    // Another account has its own budget.
    expect((await get(other.apiKey)).status).toBe(200);
  });
});
