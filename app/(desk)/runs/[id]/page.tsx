import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AssignControl } from '@/components/entries/AssignControl';
import { QueryProvider } from '@/components/providers/QueryProvider';
import { RunLive } from '@/components/runs/RunLive';
import { requireUser } from '@/lib/auth';
import { listUsers } from '@/lib/auth/users';
import { getDb } from '@/lib/db/client';
import { findDeskDeployment } from '@/lib/desk/deployments';
import { getRunView } from '@/lib/desk/runs/views';
import { assignRunAction } from '../../entries/actions';

export const metadata: Metadata = { title: 'Run' };

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  const { id } = await params;
  const db = await getDb();
  const run = await getRunView(db, id);
  if (!run) notFound();
  const deployment = await findDeskDeployment(db, run.deploymentId);
  return (
    <main className="mx-auto max-w-screen-xl px-4 py-6">
      <Link href="/runs" className="text-sm font-medium text-indigo-700 hover:underline">
        ← Runs
      </Link>
      {user.role === 'admin' && (
        <div className="mt-2">
          <AssignControl
            label="Assign every entry of this run to"
            users={(await listUsers(db)).map((u) => ({ id: u.id, name: u.name || u.email }))}
            current={null}
            assign={async (assigneeId: string) => {
              'use server';
              return assignRunAction({ runId: id, assigneeId });
            }}
          />
        </div>
      )}
      <div className="mt-2">
        <QueryProvider>
          <RunLive initial={run} deploymentName={deployment?.name ?? run.deploymentId.slice(0, 8)} />
        </QueryProvider>
      </div>
    </main>
  );
}
