import type { Metadata } from 'next';
import Link from 'next/link';
import { ReviewStateBadge, StatusBadge } from '@/components/entries/StatusBadge';
import { buttonClasses } from '@/components/ui/button';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { listDeskDeployments } from '@/lib/desk/deployments';
import { countIndexedEntries, listIndexedEntries } from '@/lib/desk/entries';
import { findRunName } from '@/lib/desk/runs';

export const metadata: Metadata = { title: 'Entries' };

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

function parseCursor(value: string | undefined) {
  const [createdAt, id] = (value ?? '').split('_');
  return createdAt && id && !Number.isNaN(Date.parse(createdAt)) && /^[0-9a-f-]{36}$/.test(id)
    ? { createdAt, id }
    : undefined;
}

export default async function EntriesPage({
  searchParams,
}: {
  searchParams: Promise<{ after?: string; run?: string }>;
}) {
  await requireUser();
  const db = await getDb();
  const { after, run } = await searchParams;
  // `?run=<id>`: the review queue of one run (from its page); an unknown run filters nothing.
  const runName = typeof run === 'string' ? await findRunName(db, run) : null;
  const runId = runName ? run : undefined;
  const [{ rows, next }, total, deployments] = await Promise.all([
    listIndexedEntries(db, { after: parseCursor(after), runId }),
    countIndexedEntries(db, { runId }),
    listDeskDeployments(db),
  ]);
  const runQuery = runId ? `run=${runId}&` : '';
  const deploymentName = new Map(deployments.map((d) => [d.id, d.name]));

  return (
    <main className="mx-auto max-w-screen-2xl px-4 py-6">
      <div className="mb-4 flex items-center justify-between">
        <div>
          <h1 className="text-xl font-semibold">Entries</h1>
          <p className="text-sm text-gray-600">{total} entries</p>
          {runId && (
            <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-600/20 ring-inset">
              Filtered to run{' '}
              <Link href={`/runs/${runId}`} className="underline">
                {runName}
              </Link>
              <Link
                href="/entries"
                aria-label="Remove the run filter"
                className="rounded-full px-1.5 text-indigo-700 hover:bg-indigo-100"
              >
                ×
              </Link>
            </p>
          )}
        </div>
        <Link href="/upload" className={buttonClasses('primary')}>
          New extraction
        </Link>
      </div>
      {rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-gray-300 bg-white p-10 text-center text-sm text-gray-600">
          No entries yet.{' '}
          <Link href="/upload" className="font-medium text-indigo-700 underline">
            Upload a document
          </Link>{' '}
          to extract its data.
        </div>
      ) : (
        <div className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-600">
              <tr>
                <th scope="col" className="px-4 py-2.5">
                  Document
                </th>
                <th scope="col" className="px-4 py-2.5">
                  Status
                </th>
                <th scope="col" className="px-4 py-2.5 text-right">
                  Errors
                </th>
                <th scope="col" className="px-4 py-2.5">
                  Review
                </th>
                <th scope="col" className="px-4 py-2.5">
                  Deployment
                </th>
                <th scope="col" className="px-4 py-2.5">
                  Created (UTC)
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((entry) => (
                <tr key={entry.id} className="hover:bg-gray-50" data-entry-id={entry.id}>
                  <td className="px-4 py-2.5">
                    <Link
                      href={`/entries/${entry.id}`}
                      className="font-medium text-indigo-700 hover:underline"
                    >
                      {entry.documentName}
                    </Link>
                  </td>
                  <td className="px-4 py-2.5">
                    <StatusBadge status={entry.status} />
                  </td>
                  <td
                    className={`px-4 py-2.5 text-right tabular-nums ${entry.errorCount ? 'font-semibold text-red-700' : 'text-gray-500'}`}
                  >
                    {entry.errorCount}
                  </td>
                  <td className="px-4 py-2.5">
                    <ReviewStateBadge state={entry.reviewState} />
                  </td>
                  <td className="px-4 py-2.5 text-gray-700">
                    {deploymentName.get(entry.deploymentId) ?? entry.deploymentId.slice(0, 8)}
                  </td>
                  <td className="px-4 py-2.5 whitespace-nowrap text-gray-600">
                    {dateFormat.format(entry.createdAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-4 flex justify-end gap-2">
        {after && (
          <Link href={runId ? `/entries?run=${runId}` : '/entries'} className={buttonClasses('secondary')}>
            Newest
          </Link>
        )}
        {next && (
          <Link
            href={`/entries?${runQuery}after=${next.createdAt}_${next.id}`}
            className={buttonClasses('secondary')}
          >
            Older
          </Link>
        )}
      </div>
    </main>
  );
}
