import type { Metadata } from 'next';
import Link from 'next/link';
import { EntryFilterBar } from '@/components/entries/EntryFilterBar';
import { EntryTable, type SortHeader } from '@/components/entries/EntryTable';
import { ExportButton } from '@/components/entries/ExportButton';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/table';
import { NewExtractionLink } from '@/components/upload/UploadLinks';
import { requireUser } from '@/lib/auth';
import { listUsers } from '@/lib/auth/users';
import { getDb } from '@/lib/db/client';
import { reviewStates } from '@/lib/db/schema/desk';
import { deskClient } from '@/lib/desk/api';
import { activeClaims } from '@/lib/desk/claims';
import { currentDeployments } from '@/lib/desk/deployments';
import { entryListHref } from '@/lib/desk/entry-links';
import {
  COUNT_CAP,
  countEntries,
  type EntrySort,
  entryListQuery,
  entryStatuses,
  hasFilters,
  listEntries,
  parseEntryListView,
} from '@/lib/desk/entry-list';
import { findRunName } from '@/lib/desk/runs/views';
import { approveSelected, undoApproveSelected } from './actions';

export const metadata: Metadata = { title: 'Entries' };

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const words = (s: string) => s.replaceAll('_', ' ');

export default async function EntriesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser();
  const db = await getDb();
  const params = await searchParams;
  const view = parseEntryListView(params);
  // `assigned=me` means the user looking.
  const filters = { ...view.filters, viewer: user.id };
  const after = typeof params.after === 'string' ? params.after : null;
  const [{ rows, next }, counts, deployments, runName] = await Promise.all([
    listEntries(db, { ...view, filters }, { after }),
    countEntries(db, filters),
    currentDeployments(db, deskClient),
    filters.run ? findRunName(db, filters.run) : null,
  ]);
  const deploymentName = new Map(deployments.map((d) => [d.id, d.name]));
  const [claims, assignees] = await Promise.all([
    activeClaims(
      db,
      rows.map((r) => r.id),
    ),
    listUsers(db).then((all) => new Map(all.map((u) => [u.id, u.name || u.email]))),
  ]);
  const query = entryListQuery(view);
  const withoutScope = (drop: 'run' | 'batch') =>
    entryListHref(entryListQuery({ ...view, filters: { ...filters, [drop]: undefined } }));
  const sortHeader = (sort: EntrySort, label: string, firstDir: 'asc' | 'desc'): SortHeader => {
    const current = view.sort === sort;
    const dir = current ? (view.dir === 'asc' ? 'desc' : 'asc') : firstDir;
    return {
      label,
      href: entryListHref(entryListQuery({ ...view, sort, dir })),
      sorted: current ? (view.dir === 'asc' ? 'ascending' : 'descending') : null,
    };
  };
  const hidden: Record<string, string> = {};
  if (filters.run) hidden.run = filters.run;
  if (filters.batch) hidden.batch = filters.batch;
  if (view.sort !== 'created') hidden.sort = view.sort;
  if (view.dir !== 'desc') hidden.dir = view.dir;
  const filtered = hasFilters(filters);
  const formValues = {
    q: filters.q ?? '',
    status: filters.status?.[0] ?? '',
    review: filters.review?.[0] ?? '',
    deployment: filters.deployment?.[0] ?? '',
    errors: filters.errors ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
    assigned: filters.assigned ?? '',
    by: filters.by ?? '',
  };
  const statuses = [...new Set([...entryStatuses, ...Object.keys(counts.byStatus ?? {})])];
  const shownTotal = counts.capped
    ? `${COUNT_CAP.toLocaleString('en-GB')}+`
    : counts.total.toLocaleString('en-GB');
  const withCount = (label: string, n: number | undefined) =>
    n === undefined ? label : `${label} (${n.toLocaleString('en-GB')})`;

  return (
    <main className="mx-auto max-w-screen-2xl px-4 py-6">
      <div className="mb-4 flex items-center justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold">Entries</h1>
          <p className="text-sm text-gray-600" aria-live="polite">
            <span data-testid="entry-total">{shownTotal}</span> {counts.total === 1 ? 'entry' : 'entries'}
            {filtered ? (counts.total === 1 ? ' matches' : ' match') : ''}
            {counts.byReview &&
              ` · ${reviewStates.map((state) => `${counts.byReview?.[state].toLocaleString('en-GB')} ${words(state)}`).join(', ')}`}
          </p>
          <div className="mt-1 flex flex-wrap gap-2">
            {filters.run && (
              <ScopeChip
                label="Run"
                value={runName ?? filters.run.slice(0, 8)}
                removeHref={withoutScope('run')}
              >
                <Link href={`/runs/${filters.run}`} className="underline">
                  {runName ?? filters.run.slice(0, 8)}
                </Link>
              </ScopeChip>
            )}
            {filters.batch && (
              <ScopeChip label="Batch" value={filters.batch.slice(0, 8)} removeHref={withoutScope('batch')}>
                <span className="font-mono">{filters.batch.slice(0, 8)}</span>
              </ScopeChip>
            )}
          </div>
        </div>
        <div className="flex items-start gap-2">
          <ExportButton query={entryListQuery({ filters })} />
          {(counts.byReview?.to_review ?? 1) > 0 && (
            <Link
              href={entryListHref(query, '/entries/review-next')}
              className={buttonClasses('secondary')}
              prefetch={false}
            >
              Review next
            </Link>
          )}
          <NewExtractionLink />
        </div>
      </div>
      <EntryFilterBar
        key={query}
        values={formValues}
        hidden={hidden}
        filtered={filtered}
        statusOptions={statuses.map((s) => ({
          value: s,
          label: withCount(words(s), counts.byStatus ? (counts.byStatus[s] ?? 0) : undefined),
        }))}
        reviewOptions={reviewStates.map((s) => ({
          value: s,
          label: withCount(words(s), counts.byReview?.[s]),
        }))}
        deploymentOptions={deployments.map((d) => ({ value: d.id, label: d.name }))}
      />
      {rows.length === 0 ? (
        <EmptyState>
          {filtered ? (
            <>
              No entries match these filters.{' '}
              <Link href="/entries" className="font-medium text-indigo-700 underline">
                Show every entry
              </Link>
              .
            </>
          ) : (
            <>
              No entries yet.{' '}
              <Link href="/upload" className="font-medium text-indigo-700 underline">
                Upload a document
              </Link>{' '}
              to extract its data.
            </>
          )}
        </EmptyState>
      ) : (
        <EntryTable
          approveSelected={approveSelected}
          undoApprove={undoApproveSelected}
          queue={query}
          sortHeaders={{
            name: sortHeader('name', 'Document', 'asc'),
            errors: sortHeader('errors', 'Errors', 'desc'),
            created: sortHeader('created', 'Created (UTC)', 'desc'),
          }}
          rows={rows.map((entry) => ({
            id: entry.id,
            documentName: entry.documentName,
            status: entry.status,
            errorCount: entry.errorCount,
            reviewState: entry.reviewState,
            deployment: deploymentName.get(entry.deploymentId) ?? entry.deploymentId.slice(0, 8),
            batch: entry.batchId,
            created: dateFormat.format(entry.createdAt),
            reviewing: (() => {
              const claim = claims.get(entry.id);
              return claim && claim.userId !== user.id ? claim.name : null;
            })(),
            assignee: entry.assignedTo ? (assignees.get(entry.assignedTo) ?? null) : null,
          }))}
        />
      )}
      <nav aria-label="Pages" className="mt-4 flex justify-end gap-2">
        {after && (
          <Link href={entryListHref(query)} className={buttonClasses('secondary')}>
            First page
          </Link>
        )}
        {next && (
          <Link
            href={entryListHref(entryListQuery(view, { after: next }))}
            className={buttonClasses('secondary')}
          >
            Next page
          </Link>
        )}
      </nav>
    </main>
  );
}

function ScopeChip({
  label,
  value,
  removeHref,
  children,
}: {
  label: string;
  value: string;
  removeHref: string;
  children: React.ReactNode;
}) {
  return (
    <p className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-600/20 ring-inset">
      {label} {children}
      <Link
        href={removeHref}
        aria-label={`Remove the ${label.toLowerCase()} filter (${value})`}
        className="rounded-full px-1.5 text-indigo-700 hover:bg-indigo-100"
      >
        ×
      </Link>
    </p>
  );
}
