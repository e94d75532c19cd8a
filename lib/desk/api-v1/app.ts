import { Hono } from 'hono';
import { z } from 'zod';
import type { CorrectionRecord } from '@/lib/contract/schemas';
import { isUuid } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { authenticateApiToken, type TokenUser } from '@/lib/desk/api-tokens';
import { listDecisions, recordDecision } from '@/lib/desk/decisions';
import { parseEntryFiltersStrict } from '@/lib/desk/entry-filters';
import { findIndexedEntry } from '@/lib/desk/entry-index';
import { decodeCursor, listEntries } from '@/lib/desk/entry-list';
import { listDeskCorrections, mergeHistory } from '@/lib/desk/history';
import { BodyTooLargeError, readCappedText } from '@/lib/http/capped-body';
import { UserFacingError } from '@/lib/user-facing-error';
import { deskOpenApi } from './openapi';

/**
 * The desk API (`/api/v1`): entries with the list's filters, one entry with its final data and
 * history, approve and reject — authenticated by personal API tokens, acting as their user.
 */

type Env = { Variables: { user: TokenUser } };

class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 413,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY = 16 * 1024;
const rejectBody = z.object({
  reason: z
    .string({ error: 'A rejection needs a reason.' })
    .trim()
    .min(1, 'A rejection needs a reason.')
    .max(2000, 'Keep the reason under 2,000 characters.'),
});

const approveBody = z.object({
  reason: z
    .string({ error: 'The reason is text.' })
    .trim()
    .max(2000, 'Keep the reason under 2,000 characters.')
    .optional(),
});

export function createDeskApi(getDb: () => Promise<Db>) {
  const app = new Hono<Env>().basePath('/api/v1');

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json({ error: error.code, message: error.message }, error.status);
    // A refusal of the desk's own rules (an approval with errors needs a reason, …).
    if (error instanceof UserFacingError)
      return c.json({ error: 'VALIDATION_ERROR', message: error.message }, 400);
    if (error instanceof BodyTooLargeError)
      return c.json({ error: 'PAYLOAD_TOO_LARGE', message: `Send at most ${MAX_BODY} bytes.` }, 413);
    console.error('[desk api] unexpected error', error);
    return c.json({ error: 'INTERNAL_ERROR', message: 'The desk failed to handle this request.' }, 500);
  });
  app.notFound((c) =>
    c.json({ error: 'NOT_FOUND', message: `No route ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404),
  );

  app.get('/openapi.json', (c) => c.json(deskOpenApi));

  app.use('*', async (c, next) => {
    const user = await authenticateApiToken(await getDb(), c.req.header('authorization') ?? null);
    if (!user)
      throw new ApiError(
        401,
        'UNAUTHORIZED',
        'Send a valid personal API token: Authorization: Bearer emd_… (Settings → API tokens).',
      );
    c.set('user', user);
    await next();
  });

  app.get('/entries', async (c) => {
    const params = new URL(c.req.url).searchParams;
    const parsed = parseEntryFiltersStrict(params);
    if (!parsed.ok)
      throw new ApiError(
        400,
        'VALIDATION_ERROR',
        `The ${parsed.param} filter "${parsed.value}" is not valid.`,
      );
    const cursor = params.get('cursor');
    if (cursor && !decodeCursor(cursor))
      throw new ApiError(400, 'VALIDATION_ERROR', 'The cursor is not one this API gave.');
    const limitText = params.get('limit');
    const limit = limitText === null ? 50 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      throw new ApiError(400, 'VALIDATION_ERROR', 'limit must be a whole number from 1 to 500.');
    const { rows, next } = await listEntries(
      await getDb(),
      { filters: { ...parsed.filters, viewer: c.get('user').id }, sort: 'created', dir: 'desc' },
      { after: cursor, limit },
    );
    return c.json({
      entries: rows.map((r) => ({
        id: r.id,
        deployment_id: r.deploymentId,
        batch_id: r.batchId,
        document_name: r.documentName,
        status: r.status,
        review_state: r.reviewState,
        error_count: r.errorCount,
        created_at: r.createdAt.toISOString(),
      })),
      next_cursor: next,
    });
  });

  const entryOr404 = async (db: Db, id: string) => {
    const entry = isUuid(id) ? await findIndexedEntry(db, id) : null;
    if (!entry) throw new ApiError(404, 'NOT_FOUND', `No entry ${id} in the desk.`);
    return entry;
  };

  app.get('/entries/:id', async (c) => {
    const db = await getDb();
    const entry = await entryOr404(db, c.req.param('id'));
    const snapshot = (entry.snapshot ?? {}) as {
      data?: unknown;
      errors?: unknown;
      confidence?: unknown;
      corrections?: CorrectionRecord[];
    };
    const [decisions, desk] = await Promise.all([
      listDecisions(db, entry.id),
      listDeskCorrections(db, entry.id),
    ]);
    return c.json({
      id: entry.id,
      deployment_id: entry.deploymentId,
      batch_id: entry.batchId,
      document_name: entry.documentName,
      status: entry.status,
      review_state: entry.reviewState,
      error_count: entry.errorCount,
      assigned_to: entry.assignedTo,
      created_at: entry.createdAt.toISOString(),
      updated_at: entry.updatedAt.toISOString(),
      data: snapshot.data ?? null,
      errors: snapshot.errors ?? null,
      confidence: snapshot.confidence ?? {},
      history: mergeHistory({ service: snapshot.corrections ?? [], desk, decisions, outbox: [] }),
    });
  });

  const decide = (decision: 'approved' | 'rejected') => async (c: import('hono').Context<Env>) => {
    const db = await getDb();
    const entry = await entryOr404(db, c.req.param('id') ?? '');
    // Reject needs {"reason"}; approve takes one optionally (an entry with errors needs it).
    const text = await readCappedText(c.req.raw, MAX_BODY);
    let json: unknown;
    try {
      json = text.trim() ? JSON.parse(text) : {};
    } catch {
      throw new ApiError(400, 'VALIDATION_ERROR', 'The body is not JSON: send {"reason": "…"}.');
    }
    const body = (decision === 'rejected' ? rejectBody : approveBody).safeParse(json);
    if (!body.success) throw new ApiError(400, 'VALIDATION_ERROR', body.error.issues[0].message);
    const reason = body.data.reason ?? null;
    if (entry.status === 'pending' || entry.status === 'processing')
      throw new ApiError(409, 'NOT_READY', `Entry ${entry.id} is still being extracted (${entry.status}).`);
    const user = c.get('user');
    const row = await recordDecision(db, {
      entryId: entry.id,
      userId: user.id,
      decision,
      reason,
      via: `api token "${user.tokenName}"`,
    });
    return c.json({
      id: row.id,
      entry_id: entry.id,
      decision: row.decision,
      reason: row.reason,
      reviewer: row.userEmail,
      created_at: row.createdAt.toISOString(),
    });
  };
  app.post('/entries/:id/approve', decide('approved'));
  app.post('/entries/:id/reject', decide('rejected'));

  return app;
}
