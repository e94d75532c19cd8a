import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/database';
import { scannedPdf } from '../support/hostile-files';
import { textInvoice } from '../support/service-harness';
import { attacks, type HostileServer, healthy, processOne, sampled, startHostileServer } from './attacks';

// Issue 11: one small file must never take the server down. Each attack goes to the real
// service over HTTP (PGlite and PostgreSQL); each must get its answer within a generous bound,
// without the server's memory growing by 300 MB, and the next normal request must succeed.

const RSS_GROWTH_LIMIT = 300 * 1024 * 1024;

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
    const file = attack.file?.();
    const { value: answer, ms, growth } = await sampled(server, () => attack.run(server, file));
    expect(attack.accept(answer), `${attack.expected}; got ${JSON.stringify(answer).slice(0, 400)}`).toBe(
      true,
    );
    expect(ms).toBeLessThan(attack.boundMs);
    expect(growth).toBeLessThan(RSS_GROWTH_LIMIT);
    expect(await healthy(server)).toBe(true);
  });
});

describe('readers that die or overrun (PGlite)', () => {
  let scan: Uint8Array;
  beforeAll(async () => {
    scan = await scannedPdf(3, (n) => (n === 1 ? textInvoice() : `Page ${n}\nTerms and conditions.`));
  });

  it('a reader out of memory fails its document (UNREADABLE_DOCUMENT, pages charged), not the server', async () => {
    // 256 MB is less than OCR needs: the reader process is killed mid-document.
    const server = await startHostileServer(undefined, { EMEND_READER_MEMORY_MB: '256' });
    try {
      const before = server.rss();
      const answer = await processOne(server, scan);
      expect(answer.outcome).toBe('failed UNREADABLE_DOCUMENT');
      expect(JSON.stringify(answer.body)).toMatch(/its reader ran out of memory/);
      expect(answer.price).toBe(0.3);
      expect(server.rss() - before).toBeLessThan(RSS_GROWTH_LIMIT);
      expect(await healthy(server)).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('a document over its time budget is refused between pages, charged for the pages read', async () => {
    const server = await startHostileServer(undefined, { EMEND_DOCUMENT_TIME_BUDGET_SECONDS: '1' });
    try {
      const started = performance.now();
      const answer = await processOne(server, scan);
      expect(answer.outcome).toBe('failed DOCUMENT_TOO_LARGE');
      expect(JSON.stringify(answer.body)).toMatch(/longer than its 1 s budget/);
      expect(answer.price).toBe(0.3);
      expect(performance.now() - started).toBeLessThan(30_000);
      expect(await healthy(server)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
