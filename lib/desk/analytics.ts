import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { deployments } from '@/lib/db/schema/desk';

/**
 * The analytics page's figures, from the history the desk keeps (decisions, corrections, the
 * entry index): over decisions made in the date range, for the chosen deployments.
 */

export interface AnalyticsFilters {
  /** UTC days, inclusive. */
  from: string;
  to: string;
  deployment?: string[];
}

export interface FieldStat {
  deploymentId: string;
  version: number | null;
  /** JSON Pointer with list indexes as `*`. */
  field: string;
  label: string;
  /** Reviewed entries whose field was corrected. */
  corrected: number;
  /** Share of reviewed entries whose field was not corrected. */
  accuracy: number;
}

export interface Analytics {
  /** Entries reviewed (decided or corrected) in the range. */
  decided: number;
  fields: FieldStat[];
  errorsByCode: { code: string; n: number }[];
  perDay: { day: string; n: number }[];
  perReviewer: { reviewer: string; n: number }[];
  /** Median time from extraction (entry created) to its first decision, in seconds. */
  medianSecondsToDecision: number | null;
  approvals: number;
  autoApprovals: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseAnalyticsFilters(params: URLSearchParams, today = new Date()): AnalyticsFilters {
  const valid = (v: string | null) => (v && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : null);
  const to = valid(params.get('to')) ?? today.toISOString().slice(0, 10);
  const from =
    valid(params.get('from')) ?? new Date(Date.parse(to) - 29 * 86_400_000).toISOString().slice(0, 10);
  const deployment = params
    .getAll('deployment')
    .flatMap((v) => v.split(','))
    .filter((v) => /^[0-9a-f-]{36}$/i.test(v));
  return { from, to, ...(deployment.length ? { deployment } : {}) };
}

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

const byCountThenName =
  <T extends { n: number }>(name: (row: T) => string) =>
  (a: T, b: T) =>
    b.n - a.n || name(a).localeCompare(name(b));

/**
 * The figures from `desk.analytics_daily`, the per-day aggregate the triggers of migration 0012
 * keep exact; equal to computing them from the raw history (tests/desk/analytics-reference.ts).
 */
export async function computeAnalytics(db: Db, filters: AnalyticsFilters): Promise<Analytics> {
  const from = sql`${filters.from}::date`;
  const to = sql`${filters.to}::date`;
  const inDeployments = filters.deployment?.length
    ? sql`and a.deployment_id in (${sql.join(
        filters.deployment.map((d) => sql`${d}::uuid`),
        sql`, `,
      )})`
    : sql``;

  const [rows, medianRow, schemas] = await Promise.all([
    // An entry reviewed on several days of the range counts once: on its first day in it.
    rowsOf<{
      kind: 'reviewed' | 'error' | 'field' | 'decision';
      day: string | null;
      deploymentId: string;
      version: number | null;
      key: string | null;
      automatic: boolean | null;
      approved: boolean | null;
      email: string | null;
      n: number;
    }>(
      db.execute(sql`
        select a.kind, case when a.kind = 'decision' then to_char(a.day, 'YYYY-MM-DD') end as day,
               a.deployment_id as "deploymentId", a.version, a.key, a.automatic, a.approved, u.email,
               sum(a.n)::int as n
        from desk.analytics_daily a
        left join desk.users u on u.id = a.user_id
        where a.kind in ('reviewed', 'error', 'field', 'decision')
          and a.day >= ${from} and a.day <= ${to}
          and (a.kind = 'decision' or a.prev_day is null or a.prev_day < ${from})
          ${inDeployments}
        group by 1, 2, 3, 4, 5, 6, 7, 8
        having sum(a.n) <> 0`),
    ),
    // The median (as percentile_cont) of the seconds from extraction to an entry's first
    // decision, over first decisions made in the range: the rows either side of the middle.
    rowsOf<{ lo: number | null; hi: number | null; total: number | string | null }>(
      db.execute(sql`
        with firsts as (
          select a.seconds, sum(a.n) as n
          from desk.analytics_daily a
          where a.kind = 'first' and a.day >= ${from} and a.day <= ${to} ${inDeployments}
          group by 1 having sum(a.n) > 0
        ),
        ranked as (
          select seconds, sum(n) over (order by seconds) as below, sum(n) over () as total from firsts
        )
        select min(seconds) filter (where below > floor((total - 1) / 2.0)) as lo,
               min(seconds) filter (where below > ceil((total - 1) / 2.0)) as hi,
               max(total) as total
        from ranked`),
    ),
    db.select({ id: deployments.id, schema: deployments.schema }).from(deployments),
  ]);

  const labelsOf = new Map(schemas.map((d) => [d.id, labels(d.schema)]));
  const decidedBy = new Map<string, number>();
  const errors = new Map<string | null, number>();
  const perDay = new Map<string, number>();
  const perReviewer = new Map<string, number>();
  const fieldRows: (typeof rows)[number][] = [];
  let decided = 0;
  let approvals = 0;
  let autoApprovals = 0;
  for (const r of rows) {
    if (r.kind === 'reviewed') {
      const key = `${r.deploymentId}|${r.version}`;
      decidedBy.set(key, (decidedBy.get(key) ?? 0) + r.n);
      decided += r.n;
    } else if (r.kind === 'error') errors.set(r.key, (errors.get(r.key) ?? 0) + r.n);
    else if (r.kind === 'field') fieldRows.push(r);
    else {
      const day = r.day as string;
      perDay.set(day, (perDay.get(day) ?? 0) + r.n);
      const reviewer = r.automatic ? 'system' : (r.email ?? 'unknown');
      perReviewer.set(reviewer, (perReviewer.get(reviewer) ?? 0) + r.n);
      if (r.approved) approvals += r.n;
      if (r.automatic) autoApprovals += r.n;
    }
  }
  const fields: FieldStat[] = fieldRows
    .map((r) => {
      const field = r.key as string;
      const total = decidedBy.get(`${r.deploymentId}|${r.version}`) ?? r.n;
      return {
        deploymentId: r.deploymentId,
        version: r.version,
        field,
        corrected: r.n,
        label: labelsOf.get(r.deploymentId)?.get(field) ?? field,
        accuracy: total ? 1 - r.n / total : 1,
      };
    })
    .sort((a, b) => b.corrected - a.corrected || a.label.localeCompare(b.label));
  const { lo, hi, total } = medianRow[0] ?? { lo: null, hi: null, total: null };
  // percentile_cont(0.5): the middle row, or the two middle rows interpolated as PostgreSQL does.
  const median = lo === null || hi === null ? null : Number(total) % 2 === 1 ? lo : lo + (hi - lo) * 0.5;
  return {
    decided,
    fields,
    errorsByCode: [...errors]
      .map(([code, n]) => ({ code: code as string, n }))
      .sort(byCountThenName((r) => r.code ?? ''))
      .slice(0, 20),
    perDay: [...perDay]
      .map(([day, n]) => ({ day, n }))
      .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)),
    perReviewer: [...perReviewer]
      .map(([reviewer, n]) => ({ reviewer, n }))
      .sort(byCountThenName((r) => r.reviewer)),
    medianSecondsToDecision: median,
    approvals,
    autoApprovals,
  };
}
