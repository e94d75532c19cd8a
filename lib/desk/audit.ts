import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users } from '@/lib/db/schema/desk';
import { auditLog } from '@/lib/db/schema/desk-team';

/**
 * The desk's audit log: who did what to which entry, run, user or setting. Every change goes
 * through `recordAudit`, called inside the change's own transaction, so the log has a row exactly
 * when the change happened.
 */

export const auditTargets = ['entry', 'run', 'user', 'setting', 'token', 'webhook', 'routing'] as const;
export type AuditTarget = (typeof auditTargets)[number];

export interface AuditInput {
  /** The user who acted, or null for the system (routing, workers). */
  actorId: string | null;
  /** How the actor is shown; by default the user's email (read now), or `system`. */
  actor?: string;
  action: string;
  targetType: AuditTarget;
  targetId?: string | null;
  details?: Record<string, unknown> | null;
}

export async function recordAudit(db: Db, input: AuditInput | AuditInput[]): Promise<void> {
  const rows = Array.isArray(input) ? input : [input];
  if (rows.length === 0) return;
  await db.insert(auditLog).values(
    rows.map((r) => ({
      actorId: r.actorId,
      actor:
        r.actor ??
        (r.actorId
          ? sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${r.actorId}), 'unknown user')`
          : 'system'),
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId ?? null,
      details: r.details ?? null,
    })),
  );
}

export interface AuditFilters {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** UTC days, inclusive. */
  from?: string;
  to?: string;
}

export type AuditRow = typeof auditLog.$inferSelect;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const out: AuditFilters = {};
  for (const key of ['actor', 'action', 'targetType', 'targetId'] as const) {
    const v = params.get(key)?.trim().slice(0, 200);
    if (v) out[key] = v;
  }
  for (const key of ['from', 'to'] as const) {
    const v = params.get(key);
    if (v && DAY.test(v) && !Number.isNaN(Date.parse(v))) out[key] = v;
  }
  return out;
}

function conditions(f: AuditFilters): SQL[] {
  const c: SQL[] = [];
  if (f.actor)
    c.push(sql`lower(${auditLog.actor}) like ${`%${f.actor.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`);
  if (f.action) c.push(eq(auditLog.action, f.action));
  if (f.targetType) c.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId) c.push(eq(auditLog.targetId, f.targetId));
  if (f.from) c.push(gte(auditLog.at, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) c.push(lt(auditLog.at, new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000)));
  return c;
}

/** Newest first, keyset pages on (at, id). */
export async function listAudit(
  db: Db,
  filters: AuditFilters,
  options: { before?: { at: Date; id: string } | null; limit?: number } = {},
): Promise<AuditRow[]> {
  const c = conditions(filters);
  if (options.before)
    c.push(
      sql`(${auditLog.at}, ${auditLog.id}) < (${options.before.at.toISOString()}::timestamptz, ${options.before.id}::uuid)`,
    );
  return db
    .select()
    .from(auditLog)
    .where(and(...c))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(Math.min(Math.max(options.limit ?? 100, 1), 1000));
}

/** Every matching row, newest first, page by page (the export). */
export async function* auditPages(
  db: Db,
  filters: AuditFilters,
  pageSize = 1000,
): AsyncGenerator<AuditRow[]> {
  let before: AuditRow | null = null;
  for (;;) {
    const page = await listAudit(db, filters, { before, limit: pageSize });
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    before = page[page.length - 1];
  }
}
