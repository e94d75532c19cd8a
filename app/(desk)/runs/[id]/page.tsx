import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { QueryProvider } from '@/components/providers/QueryProvider';
import { RunLive } from '@/components/runs/RunLive';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { findDeskDeployment } from '@/lib/desk/deployments';
import { getRunView } from '@/lib/desk/runs/views';

export const metadata: Metadata = { title: 'Run' };

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  await requireUser();
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
      <div className="mt-2">
        <QueryProvider>
          <RunLive initial={run} deploymentName={deployment?.name ?? run.deploymentId.slice(0, 8)} />
        </QueryProvider>
      </div>
    </main>
  );
}
