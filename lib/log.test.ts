import { describe, expect, it } from 'vitest';
import { createLogger, currentRequestId, requestIdFrom, withRequestId } from './log';

function capture(production: boolean) {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', production, role: 'web' }, (text) => lines.push(text));
  return { logger, lines };
}

describe('log', () => {
  it('writes JSON lines in production, with the request id of the work under way', () => {
    const { logger, lines } = capture(true);
    withRequestId('req-1', () => logger.info({ entries: 3 }, 'processed'));
    logger.info('outside');
    const [first, second] = lines.map((l) => JSON.parse(l));
    expect(first).toMatchObject({
      msg: 'processed',
      entries: 3,
      request_id: 'req-1',
      role: 'web',
      level: 30,
    });
    expect(second.request_id).toBeUndefined();
  });

  it('keeps secrets out even when a caller passes them', () => {
    const { logger, lines } = capture(true);
    logger.warn({ password: 'hunter22', apiKey: 'emk_abc', account: { secret: 's3cret' } }, 'oops');
    expect(lines[0]).not.toMatch(/hunter22|emk_abc|s3cret/);
    expect(JSON.parse(lines[0]).password).toBe('[redacted]');
  });

  it('writes one readable line per event in development, and respects the level', () => {
    const { logger, lines } = capture(false);
    withRequestId('req-2', () => logger.error({ loop: 'outbox' }, 'pass failed'));
    logger.debug('not shown at info');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} ERROR pass failed .*\n$/);
    expect(lines[0]).toContain(' loop=outbox');
    expect(lines[0]).toContain(' request_id=req-2');
  });

  it('takes a sane caller id, replaces anything else, and scopes ids to their work', async () => {
    expect(requestIdFrom('abc-123_X.y:z')).toBe('abc-123_X.y:z');
    expect(requestIdFrom('bad id\nwith newline')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('x'.repeat(101))).toMatch(/^[0-9a-f-]{36}$/);
    await withRequestId('outer', async () => {
      await new Promise((r) => setTimeout(r, 5));
      expect(currentRequestId()).toBe('outer');
    });
    expect(currentRequestId()).toBeUndefined();
  });
});
