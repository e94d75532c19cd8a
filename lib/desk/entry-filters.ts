import { and, eq, gt, gte, inArray, isNotNull, isNull, like, lt, or, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { entries, type ReviewState, reviewDecisions, reviewStates, runItems } from '@/lib/db/schema/desk';
import { readNumber } from '@/lib/review/locale-text';

/**
 * The filters of the entries list, defined once: how each is read from a query string, written
 * back, turned into SQL, and whether the counters (desk.entry_counts) answer it exactly. The
 * list page, its links, the review queue, the export and the desk API all go through this table,
 * so a filter added here works everywhere at once.
 */

export interface EntryFilters {
  /** Words that must all occur in the name, id, data values or metadata values. */
  q?: string;
  status?: string[];
  review?: ReviewState[];
  deployment?: string[];
  /** A desk run (several service batches). */
  run?: string;
  /** One service batch. */
  batch?: string;
  errors?: 'with' | 'without';
  /** Created on or after this UTC day (YYYY-MM-DD). */
  from?: string;
  /** Created on or before this UTC day (YYYY-MM-DD). */
  to?: string;
  /** Who decided: `system` = approved by routing, `person` = by a reviewer. */
  by?: 'system' | 'person';
  /** `me`: assigned to the user looking; `unassigned`: to nobody. */
  assigned?: 'me' | 'unassigned';
  /** Not a filter: who is looking (what `assigned=me` means). Never in a query string. */
  viewer?: string;
}

/** What a condition may need besides the value: the database (subqueries), who is looking. */
export interface FilterContext {
  db: Db;
  viewer?: string;
}

interface FilterDef<K extends keyof EntryFilters> {
  param: K;
  /** The value from the query string; unknown or malformed values give undefined (filter less). */
  parse(params: URLSearchParams): EntryFilters[K] | undefined;
  toQuery(value: NonNullable<EntryFilters[K]>): string;
  conditions(value: NonNullable<EntryFilters[K]>, ctx: FilterContext): SQL[];
  /** True when desk.entry_counts can count it exactly (it is one of the counters' dimensions). */
  countable: boolean;
}

const listOf = (params: URLSearchParams, name: string) =>
  params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

const STATUS = /^[a-z_]{1,40}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | null): v is string => !!v && DAY.test(v) && !Number.isNaN(Date.parse(v));
const nonEmpty = <T>(list: T[]) => (list.length ? list : undefined);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The stored form of a search word written as a number with separators, else null. */
export function printedNumber(word: string): string | null {
  if (!/^-?\d{1,3}([.,'’\s]?\d+)*[.,]\d+$|^-?\d+,\d{1,2}$/.test(word)) return null;
  // "1,234" could be either; only the text itself is searched then.
  if (/^-?\d{1,3}[.,]\d{3}$/.test(word)) return null;
  // Either separator may be the decimal one: the last one written decides (as on documents).
  const last = Math.max(word.lastIndexOf('.'), word.lastIndexOf(','));
  const read = readNumber(word, { decimal: word[last] === ',' ? ',' : '.' });
  if (!read.ok || read.value === null) return null;
  const stored = String(read.value);
  return stored === word ? null : stored;
}

const define = <K extends keyof EntryFilters>(def: FilterDef<K>) => def;

export const entryFilterTable = [
  define({
    param: 'q',
    parse: (p) => p.get('q')?.trim().slice(0, 200) || undefined,
    toQuery: (v) => v,
    // Each word separately, so "acme 2041" finds "Acme … INV-2041"; the trigram index serves LIKE.
    conditions: (v) =>
      v
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 8)
        .map((word) => {
          const found = like(entries.searchText, `%${escapeLike(word)}%`);
          // A number as printed on the document ("3.852,22") also finds the value as stored.
          const stored = printedNumber(word);
          return stored ? (or(found, like(entries.searchText, `%${escapeLike(stored)}%`)) as SQL) : found;
        }),
    countable: false,
  }),
  define({
    param: 'status',
    parse: (p) => nonEmpty(listOf(p, 'status').filter((s) => STATUS.test(s))),
    toQuery: (v) => v.join(','),
    conditions: (v) => [inArray(entries.status, v)],
    countable: true,
  }),
  define({
    param: 'review',
    parse: (p) =>
      nonEmpty(
        listOf(p, 'review').filter((r): r is ReviewState => (reviewStates as readonly string[]).includes(r)),
      ),
    toQuery: (v) => v.join(','),
    conditions: (v) => [inArray(entries.reviewState, v)],
    countable: true,
  }),
  define({
    param: 'deployment',
    parse: (p) => nonEmpty(listOf(p, 'deployment').filter(isUuid)),
    toQuery: (v) => v.join(','),
    conditions: (v) => [inArray(entries.deploymentId, v)],
    countable: true,
  }),
  define({
    param: 'run',
    parse: (p) => {
      const v = p.get('run');
      return v && isUuid(v) ? v : undefined;
    },
    toQuery: (v) => v,
    conditions: (v, { db }) => [
      inArray(
        entries.id,
        db
          .select({ id: runItems.entryId })
          .from(runItems)
          .where(and(eq(runItems.runId, v), isNotNull(runItems.entryId))),
      ),
    ],
    countable: false,
  }),
  define({
    param: 'batch',
    parse: (p) => {
      const v = p.get('batch');
      return v && isUuid(v) ? v : undefined;
    },
    toQuery: (v) => v,
    conditions: (v) => [eq(entries.batchId, v)],
    countable: false,
  }),
  define({
    param: 'errors',
    parse: (p) => {
      const v = p.get('errors');
      return v === 'with' || v === 'without' ? v : undefined;
    },
    toQuery: (v) => v,
    conditions: (v) => [v === 'with' ? gt(entries.errorCount, 0) : eq(entries.errorCount, 0)],
    countable: false,
  }),
  define({
    param: 'from',
    parse: (p) => {
      const v = p.get('from');
      return isDay(v) ? v : undefined;
    },
    toQuery: (v) => v,
    conditions: (v) => [gte(entries.createdAt, new Date(`${v}T00:00:00Z`))],
    countable: false,
  }),
  define({
    param: 'to',
    parse: (p) => {
      const v = p.get('to');
      return isDay(v) ? v : undefined;
    },
    toQuery: (v) => v,
    conditions: (v) => [lt(entries.createdAt, nextDay(v))],
    countable: false,
  }),
  define({
    param: 'by',
    parse: (p) => {
      const v = p.get('by');
      return v === 'system' || v === 'person' ? v : undefined;
    },
    toQuery: (v) => v,
    // The latest decision's maker (an entry approved by routing, then rejected by a person, is the person's).
    conditions: (v) => [
      sql`(select ${reviewDecisions.automatic} from ${reviewDecisions} where ${reviewDecisions.entryId} = ${entries.id} order by ${reviewDecisions.createdAt} desc, ${reviewDecisions.id} desc limit 1) = ${v === 'system'}`,
    ],
    countable: false,
  }),
  define({
    param: 'assigned',
    parse: (p) => {
      const v = p.get('assigned');
      return v === 'me' || v === 'unassigned' ? v : undefined;
    },
    toQuery: (v) => v,
    conditions: (v, { viewer }) => [
      v === 'unassigned' ? isNull(entries.assignedTo) : viewer ? eq(entries.assignedTo, viewer) : sql`false`,
    ],
    countable: false,
  }),
] as const;

type AnyFilterDef = FilterDef<keyof EntryFilters>;
const table = entryFilterTable as readonly AnyFilterDef[];

const isSet = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== null && v !== '');

/** Every filter present in the query string. */
export function parseEntryFilters(params: URLSearchParams): EntryFilters {
  const filters: Record<string, unknown> = {};
  for (const def of table) {
    const value = def.parse(params);
    if (isSet(value)) filters[def.param] = value;
  }
  return filters as EntryFilters;
}

/** Writes the set filters into `params`, in the table's order. */
export function writeEntryFilters(filters: EntryFilters, params: URLSearchParams): void {
  for (const def of table) {
    const value = filters[def.param];
    if (isSet(value)) params.set(def.param, def.toQuery(value as never));
  }
}

/** The SQL conditions of the set filters (all must hold). */
export function entryFilterConditions(ctx: FilterContext, filters: EntryFilters): SQL[] {
  ctx = { viewer: filters.viewer, ...ctx };
  return table.flatMap((def) => {
    const value = filters[def.param];
    return isSet(value) ? def.conditions(value as never, ctx) : [];
  });
}

/** True when every set filter is one the counters answer exactly. */
export function countableExactly(filters: EntryFilters): boolean {
  return table.every((def) => def.countable || !isSet(filters[def.param]));
}

export function hasFilters(filters: EntryFilters): boolean {
  return table.some((def) => isSet(filters[def.param]));
}

/**
 * For the CLI and the API, where a filter that does not parse must be refused rather than
 * dropped (it would widen an export or a sync): the filters, or the first bad parameter.
 */
export function parseEntryFiltersStrict(
  params: URLSearchParams,
): { ok: true; filters: EntryFilters } | { ok: false; param: string; value: string } {
  for (const def of table) {
    for (const value of params.getAll(def.param)) {
      if (!isSet(def.parse(new URLSearchParams({ [def.param]: value }))))
        return { ok: false, param: def.param, value };
    }
  }
  return { ok: true, filters: parseEntryFilters(params) };
}
