import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { EditDeploymentForm } from '@/components/service-admin/DeploymentForms';
import { DeploymentHistory } from '@/components/service-admin/DeploymentHistory';
import { formatPrice } from '@/components/service-admin/format';
import { Card } from '@/components/ui/card';
import { Id, PageHeader } from '@/components/ui/table';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { getAdminDeployment, listDeploymentHistory } from '@/lib/service/admin/deployments';
import { listStructureChoices } from '@/lib/service/admin/structures';
import { editDeploymentAction } from '../actions';

export const metadata: Metadata = { title: 'Deployment' };

export default async function DeploymentPage({ params }: { params: Promise<{ id: string }> }) {
  await requireUser('admin');
  const { id } = await params;
  const db = await getDb();
  const deployment = await getAdminDeployment(db, id);
  if (!deployment) notFound();
  const [history, choices] = await Promise.all([listDeploymentHistory(db, id), listStructureChoices(db)]);

  return (
    <main className="mx-auto max-w-screen-2xl px-4 py-6">
      <PageHeader
        back={{ href: '/service/deployments', label: 'Deployments' }}
        title={deployment.name}
        description={
          <>
            <Id value={deployment.id} /> ·{' '}
            <Link
              href={`/service/structures/${deployment.structureId}?version=${deployment.structureVersion}`}
              className="text-indigo-700 underline"
            >
              {deployment.structureName} v{deployment.structureVersion}
            </Link>{' '}
            · {formatPrice(deployment.pricePerPage)} per page · offered to{' '}
            {deployment.accountName ?? 'every account'}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[24rem_1fr]">
        <Card title="Settings">
          <EditDeploymentForm
            action={editDeploymentAction}
            choices={choices}
            deployment={{
              id: deployment.id,
              name: deployment.name,
              structureId: deployment.structureId,
              structureVersion: deployment.structureVersion,
              pricePerPage: deployment.pricePerPage,
            }}
          />
        </Card>
        <DeploymentHistory history={history} />
      </div>
    </main>
  );
}
