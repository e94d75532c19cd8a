import type { Metadata } from 'next';
import Link from 'next/link';
import { checkServiceHealth, ServiceHealth } from '@/components/dashboard/ServiceHealth';
import { StatusBadge } from '@/components/entries/StatusBadge';
import { NoRunsYet } from '@/components/runs/NoRunsYet';
import { RunProgress } from '@/components/runs/RunProgress';
import { RunStatusBadge } from '@/components/runs/RunStatusBadge';
import { Card } from '@/components/ui/card';
import { NewExtractionLink, NewRunLink } from '@/components/upload/UploadLinks';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { deskOverview } from '@/lib/desk/runs/overview';
import { listRuns } from '@/lib/desk/runs/views';
import { usesEmbeddedService } from '@/lib/env';

export const metadata: Metadata = { title: 'Dashboard' };

const euro = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });
const statusOrder = ['completed', 'completed_with_errors', 'failed', 'processing', 'pending'];

export default async function Dashboard() {
  await requireUser();
  const db = await getDb();
  const [overview, inProgress, recent, health] = await Promise.all([
    deskOverview(db),
    listRuns(db, { inProgressOnly: true, limit: 5 }),
    listRuns(db, { limit: 5 }),
    checkServiceHealth(),
  ]);
  const statuses = [
    ...statusOrder.filter((s) => overview.statusCounts[s]),
    ...Object.keys(overview.statusCounts).filter((s) => !statusOrder.includes(s)),
  ];
  const runsShown = inProgress.length ? inProgress : recent;

  return (
    <main className="mx-auto max-w-screen-xl space-y-5 px-4 py-6">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold">Dashboard</h1>
        <div className="flex gap-2">
          <NewRunLink variant="secondary" />
          <NewExtractionLink />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card title="To review">
          <p className="text-3xl font-semibold tabular-nums text-indigo-700" data-testid="to-review-count">
            {overview.toReview}
          </p>
          <Link href="/entries" className="text-sm font-medium text-indigo-700 hover:underline">
            Open the entries →
          </Link>
        </Card>
        <Card title="Runs in progress">
          <p className="text-3xl font-semibold tabular-nums text-gray-900">{overview.runsInProgress}</p>
          <Link href="/runs" className="text-sm font-medium text-indigo-700 hover:underline">
            All runs →
          </Link>
        </Card>
        <Card title="Credits">
          <p className="text-lg font-semibold text-gray-900">Balance unknown</p>
          <p className="text-sm text-gray-600">
            The v3 interface has no balance endpoint
            {usesEmbeddedService() ? ' (the embedded service shows it in its own pages)' : ''}. Spent through
            this desk:{' '}
            <span className="font-medium tabular-nums text-gray-900">{euro.format(overview.spentEur)}</span>.
          </p>
        </Card>
        <Card title="Extraction service">
          <ServiceHealth health={health} />
        </Card>
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card title={`Entries by status (${overview.totalEntries})`}>
          {statuses.length === 0 ? (
            <p className="text-sm text-gray-600">No entries yet.</p>
          ) : (
            <ul className="space-y-2">
              {statuses.map((s) => (
                <li key={s} className="flex items-center justify-between text-sm">
                  <StatusBadge status={s} />
                  <span className="font-semibold tabular-nums">{overview.statusCounts[s]}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <div className="lg:col-span-2">
          <Card
            title={inProgress.length ? 'Runs in progress' : 'Recent runs'}
            actions={
              <Link href="/runs" className="text-sm font-medium text-indigo-700 hover:underline">
                All runs
              </Link>
            }
          >
            {runsShown.length === 0 ? (
              <p className="text-sm text-gray-600">
                <NoRunsYet />
              </p>
            ) : (
              <ul className="divide-y divide-gray-100">
                {runsShown.map((run) => (
                  <li key={run.id} className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 py-2.5">
                    <Link
                      href={`/runs/${run.id}`}
                      className="truncate text-sm font-medium text-indigo-700 hover:underline"
                    >
                      {run.name}
                    </Link>
                    <RunStatusBadge status={run.status} />
                    <RunProgress run={run} countClassName="text-gray-600 tabular-nums" />
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </main>
  );
}
