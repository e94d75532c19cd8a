import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/database';
import { type Attack, attacks, type HostileServer, healthy, startHostileServer } from './attacks';

// Issue 11: one small file must never take the server down. Each attack goes to the real
// service over HTTP (PGlite and PostgreSQL); each must get its answer within a generous bound,
// without the server's memory growing by 300 MB, and the next normal request must succeed.

const RSS_GROWTH_LIMIT = 300 * 1024 * 1024;

/** Runs an attack while sampling the server's RSS; the peak growth over the baseline. */
async function measured(server: HostileServer, attack: Attack) {
  const baseline = server.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, 20);
  const started = performance.now();
  try {
    const answer = await attack.run(server);
    return { answer, ms: performance.now() - started, growth: Math.max(peak, server.rss()) - baseline };
  } finally {
    clearInterval(sampler);
  }
}

describe.each(databaseKinds)('hostile input against the real service on $name', ({ target }) => {
  let server: HostileServer;
  beforeAll(async () => {
    server = await startHostileServer('url' in target ? target.url : undefined);
    expect(await healthy(server)).toBe(true);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(attacks.map((a) => [a.name, a] as const))('%s', async (_name, attack) => {
    const { answer, ms, growth } = await measured(server, attack);
    expect(attack.accept(answer), `${attack.expected}; got ${JSON.stringify(answer).slice(0, 400)}`).toBe(
      true,
    );
    expect(ms).toBeLessThan(attack.boundMs);
    expect(growth).toBeLessThan(RSS_GROWTH_LIMIT);
    expect(await healthy(server)).toBe(true);
  });
});
