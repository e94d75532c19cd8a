import { and, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { corrections, deployments, entries, reviewDecisions, users } from '@/lib/db/schema/desk';
import type { Analytics, AnalyticsFilters, FieldStat } from '@/lib/desk/analytics';

/**
 * The analytics figures as lib/desk/analytics.ts computed them before it read each table once
 * (one query per figure, straight from the raw history): the reference its answers must equal.
 */

const range = (f: AnalyticsFilters) => ({
  start: new Date(`${f.from}T00:00:00Z`),
  end: new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000),
});

/** Labels of a structure's fields: the schema's `title`s along the pointer ("Seller › Name"). */
function labels(schema: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, pointer: string, prefix: string) => {
    const props = (node as { properties?: Record<string, unknown> } | null)?.properties;
    const items = (node as { items?: unknown } | null)?.items;
    if (props)
      for (const [key, child] of Object.entries(props)) {
        const title = (child as { title?: string }).title ?? key;
        const label = prefix ? `${prefix} › ${title}` : title;
        out.set(`${pointer}/${key}`, label);
        walk(child, `${pointer}/${key}`, label);
      }
    else if (items) walk(items, `${pointer}/*`, prefix);
  };
  walk(schema, '', '');
  return out;
}

/** Rows of a raw query: both drivers answer `{ rows }`. */
async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

export async function computeAnalyticsReference(db: Db, filters: AnalyticsFilters): Promise<Analytics> {
  const { start, end } = range(filters);
  const inDeployments = filters.deployment?.length
    ? inArray(entries.deploymentId, filters.deployment)
    : undefined;
  // Entries reviewed in the range — decided or corrected — the population of every figure.
  const decidedIn: SQL = sql`${entries.id} in (select ${reviewDecisions.entryId} from ${reviewDecisions} where ${reviewDecisions.createdAt} >= ${start.toISOString()}::timestamptz and ${reviewDecisions.createdAt} < ${end.toISOString()}::timestamptz union select ${corrections.entryId} from ${corrections} where ${corrections.createdAt} >= ${start.toISOString()}::timestamptz and ${corrections.createdAt} < ${end.toISOString()}::timestamptz)`;
  const version = sql<number | null>`(${entries.snapshot} ->> 'resource_version_number')::int`;

  const [population, fieldRows, errorRows, dayRows, reviewerRows, medianRow, approvalRow, schemas] =
    await Promise.all([
      db
        .select({ deploymentId: entries.deploymentId, version, n: sql<number>`count(*)::int` })
        .from(entries)
        .where(and(decidedIn, inDeployments))
        .groupBy(entries.deploymentId, version),
      // Corrections made in the range: their entries are reviewed in it by definition.
      rowsOf<{ deploymentId: string; version: number | null; field: string; corrected: number }>(
        db.execute(sql`
          select ${entries.deploymentId} as "deploymentId", ${version} as version,
                 regexp_replace(p ->> 'path', '/[0-9]+(/|$)', '/*\\1', 'g') as field,
                 count(distinct ${corrections.entryId})::int as corrected
          from ${corrections}
          join ${entries} on ${entries.id} = ${corrections.entryId}
          cross join lateral jsonb_array_elements(${corrections.patches}) p
          where ${and(gte(corrections.createdAt, start), lt(corrections.createdAt, end), inDeployments)}
          group by 1, 2, 3`),
      ),
      rowsOf<{ code: string; n: number }>(
        db.execute(sql`
          select err ->> 'code' as code, count(*)::int as n
          from ${entries}
          cross join lateral jsonb_array_elements(coalesce(${entries.snapshot} -> 'errors', '[]'::jsonb)) err
          where ${and(sql`${entries.errorCount} > 0`, decidedIn, inDeployments)}
          group by 1 order by 2 desc limit 20`),
      ),
      db
        .select({
          day: sql<string>`to_char(${reviewDecisions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
          n: sql<number>`count(*)::int`,
        })
        .from(reviewDecisions)
        .innerJoin(entries, sql`${entries.id} = ${reviewDecisions.entryId}`)
        .where(and(gte(reviewDecisions.createdAt, start), lt(reviewDecisions.createdAt, end), inDeployments))
        .groupBy(sql`1`)
        .orderBy(sql`1`),
      db
        .select({
          reviewer: sql<string>`case when ${reviewDecisions.automatic} then 'system' else coalesce(${users.email}, 'unknown') end`,
          n: sql<number>`count(*)::int`,
        })
        .from(reviewDecisions)
        .innerJoin(entries, sql`${entries.id} = ${reviewDecisions.entryId}`)
        .leftJoin(users, sql`${users.id} = ${reviewDecisions.userId}`)
        .where(and(gte(reviewDecisions.createdAt, start), lt(reviewDecisions.createdAt, end), inDeployments))
        .groupBy(sql`1`)
        .orderBy(sql`2 desc`),
      // First decisions made in the range (an entry's earlier decision makes a later one not first).
      rowsOf<{ median: number | string | null }>(
        db.execute(sql`
          select percentile_cont(0.5) within group (order by extract(epoch from ${reviewDecisions.createdAt} - ${entries.createdAt})) as median
          from ${reviewDecisions}
          join ${entries} on ${entries.id} = ${reviewDecisions.entryId}
          where ${and(gte(reviewDecisions.createdAt, start), lt(reviewDecisions.createdAt, end), inDeployments)}
            and not exists (select 1 from ${reviewDecisions} earlier
                            where earlier.entry_id = ${reviewDecisions.entryId}
                              and (earlier.created_at, earlier.id) < (${reviewDecisions.createdAt}, ${reviewDecisions.id}))`),
      ),
      db
        .select({
          approvals: sql<number>`count(*) filter (where ${reviewDecisions.decision} = 'approved')::int`,
          auto: sql<number>`count(*) filter (where ${reviewDecisions.automatic})::int`,
        })
        .from(reviewDecisions)
        .innerJoin(entries, sql`${entries.id} = ${reviewDecisions.entryId}`)
        .where(and(gte(reviewDecisions.createdAt, start), lt(reviewDecisions.createdAt, end), inDeployments)),
      db.select({ id: deployments.id, schema: deployments.schema }).from(deployments),
    ]);

  const labelsOf = new Map(schemas.map((d) => [d.id, labels(d.schema)]));
  const decidedBy = new Map(population.map((p) => [`${p.deploymentId}|${p.version}`, p.n]));
  const fields: FieldStat[] = fieldRows
    .map((r) => {
      const total = decidedBy.get(`${r.deploymentId}|${r.version}`) ?? r.corrected;
      return {
        ...r,
        label: labelsOf.get(r.deploymentId)?.get(r.field) ?? r.field,
        accuracy: total ? 1 - r.corrected / total : 1,
      };
    })
    .sort((a, b) => b.corrected - a.corrected || a.label.localeCompare(b.label));
  const median = medianRow[0]?.median;
  return {
    decided: population.reduce((s, p) => s + p.n, 0),
    fields,
    errorsByCode: errorRows,
    perDay: dayRows,
    perReviewer: reviewerRows,
    medianSecondsToDecision: median === null || median === undefined ? null : Number(median),
    approvals: approvalRow[0]?.approvals ?? 0,
    autoApprovals: approvalRow[0]?.auto ?? 0,
  };
}
