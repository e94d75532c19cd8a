import type { Metadata } from 'next';
import Link from 'next/link';
import { ProgressBar } from '@/components/runs/ProgressBar';
import { RunStatusBadge } from '@/components/runs/RunStatusBadge';
import { buttonClasses } from '@/components/ui/button';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { listDeskDeployments } from '@/lib/desk/deployments';
import { listRuns } from '@/lib/desk/runs';

export const metadata: Metadata = { title: 'Runs' };

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export default async function RunsPage() {
  await requireUser();
  const db = await getDb();
  const [runs, deployments] = await Promise.all([listRuns(db, { limit: 200 }), listDeskDeployments(db)]);
  const deploymentName = new Map(deployments.map((d) => [d.id, d.name]));
  return (
    <main className="mx-auto max-w-screen-2xl px-4 py-6">
      <div className="mb-4 flex items-center justify-between">
        <div>
          <h1 className="text-xl font-semibold">Runs</h1>
          <p className="text-sm text-gray-600">Documents sent together, as async entries or batches.</p>
        </div>
        <Link href="/upload?mode=many" className={buttonClasses('primary')}>
          New run
        </Link>
      </div>
      {runs.length === 0 ? (
        <div className="rounded-lg border border-dashed border-gray-300 bg-white p-10 text-center text-sm text-gray-600">
          No runs yet.{' '}
          <Link href="/upload?mode=many" className="font-medium text-indigo-700 underline">
            Send many documents
          </Link>{' '}
          at once to start one.
        </div>
      ) : (
        <div className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-600">
              <tr>
                <th scope="col" className="px-4 py-2.5">
                  Run
                </th>
                <th scope="col" className="px-4 py-2.5">
                  Status
                </th>
                <th scope="col" className="w-64 px-4 py-2.5">
                  Progress
                </th>
                <th scope="col" className="px-4 py-2.5 text-right">
                  Completed
                </th>
                <th scope="col" className="px-4 py-2.5 text-right">
                  Failed
                </th>
                <th scope="col" className="px-4 py-2.5">
                  Deployment
                </th>
                <th scope="col" className="px-4 py-2.5">
                  Started (UTC)
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {runs.map((run) => (
                <tr key={run.id} className="hover:bg-gray-50" data-run-id={run.id}>
                  <td className="px-4 py-2.5">
                    <Link href={`/runs/${run.id}`} className="font-medium text-indigo-700 hover:underline">
                      {run.name}
                    </Link>
                  </td>
                  <td className="px-4 py-2.5">
                    <RunStatusBadge status={run.status} />
                  </td>
                  <td className="px-4 py-2.5">
                    <ProgressBar
                      total={run.totalItems}
                      completed={run.completedItems}
                      failed={run.failedItems}
                      label={`Progress of ${run.name}`}
                    />
                    <span className="text-xs text-gray-500">
                      {run.completedItems + run.failedItems} / {run.totalItems}
                    </span>
                  </td>
                  <td className="px-4 py-2.5 text-right tabular-nums text-green-700">{run.completedItems}</td>
                  <td
                    className={`px-4 py-2.5 text-right tabular-nums ${run.failedItems ? 'font-semibold text-red-700' : 'text-gray-500'}`}
                  >
                    {run.failedItems}
                  </td>
                  <td className="px-4 py-2.5 text-gray-700">
                    {deploymentName.get(run.deploymentId) ?? run.deploymentId.slice(0, 8)}
                  </td>
                  <td className="px-4 py-2.5 whitespace-nowrap text-gray-600">
                    {dateFormat.format(new Date(run.createdAt))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
