import type { Metadata } from 'next';
import Link from 'next/link';
import { NoRunsYet } from '@/components/runs/NoRunsYet';
import { RunProgress } from '@/components/runs/RunProgress';
import { RunStatusBadge } from '@/components/runs/RunStatusBadge';
import { EmptyState, Table, Tbody, Td, Th, Thead } from '@/components/ui/table';
import { NewRunLink } from '@/components/upload/UploadLinks';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { deskClient } from '@/lib/desk/api';
import { currentDeployments } from '@/lib/desk/deployments';
import { listRuns } from '@/lib/desk/runs/views';

export const metadata: Metadata = { title: 'Runs' };

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export default async function RunsPage() {
  await requireUser();
  const db = await getDb();
  const [runs, deployments] = await Promise.all([
    listRuns(db, { limit: 200 }),
    currentDeployments(db, deskClient),
  ]);
  const deploymentName = new Map(deployments.map((d) => [d.id, d.name]));
  return (
    <main className="mx-auto max-w-screen-2xl px-4 py-6">
      <div className="mb-4 flex items-center justify-between">
        <div>
          <h1 className="text-xl font-semibold">Runs</h1>
          <p className="text-sm text-gray-600">Documents sent together, as async entries or batches.</p>
        </div>
        <NewRunLink />
      </div>
      {runs.length === 0 ? (
        <EmptyState>
          <NoRunsYet />
        </EmptyState>
      ) : (
        <Table label="Runs">
          <Thead>
            <Th>Run</Th>
            <Th>Status</Th>
            <Th className="w-64">Progress</Th>
            <Th className="text-right">Completed</Th>
            <Th className="text-right">Failed</Th>
            <Th>Deployment</Th>
            <Th>Started (UTC)</Th>
          </Thead>
          <Tbody>
            {runs.map((run) => (
              <tr key={run.id} className="hover:bg-gray-50" data-run-id={run.id}>
                <Td>
                  <Link href={`/runs/${run.id}`} className="font-medium text-indigo-700 hover:underline">
                    {run.name}
                  </Link>
                </Td>
                <Td>
                  <RunStatusBadge status={run.status} />
                </Td>
                <Td>
                  <RunProgress run={run} countClassName="text-gray-500" />
                </Td>
                <Td className="text-right tabular-nums text-green-700">{run.completedItems}</Td>
                <Td
                  className={`text-right tabular-nums ${run.failedItems ? 'font-semibold text-red-700' : 'text-gray-500'}`}
                >
                  {run.failedItems}
                </Td>
                <Td className="text-gray-700">
                  {deploymentName.get(run.deploymentId) ?? run.deploymentId.slice(0, 8)}
                </Td>
                <Td className="whitespace-nowrap text-gray-600">
                  {dateFormat.format(new Date(run.createdAt))}
                </Td>
              </tr>
            ))}
          </Tbody>
        </Table>
      )}
    </main>
  );
}
