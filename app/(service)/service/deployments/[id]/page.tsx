import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { EditDeploymentForm } from '@/components/service-admin/DeploymentForms';
import { formatDateTime, formatPrice } from '@/components/service-admin/format';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Id, PageHeader, Table, Tbody, Td, Th, Thead } from '@/components/ui/table';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import {
  type DeploymentChange,
  getAdminDeployment,
  listDeploymentHistory,
  type StructureRef,
} from '@/lib/service/admin/deployments';
import { listStructureChoices } from '@/lib/service/admin/structures';
import { editDeploymentAction } from '../actions';

export const metadata: Metadata = { title: 'Deployment' };

function structureLabel(ref: StructureRef | null): string {
  if (!ref) return '—';
  return `${ref.structureName ?? ref.structureId.slice(0, 8)} v${ref.version ?? '?'}`;
}

function ChangeLine({ change }: { change: DeploymentChange }) {
  const [label, from, to] =
    change.field === 'name'
      ? ['Name', change.from, change.to]
      : change.field === 'structure'
        ? ['Structure', change.from && structureLabel(change.from), structureLabel(change.to)]
        : ['Price per page', change.from === null ? null : formatPrice(change.from), formatPrice(change.to)];
  return (
    <li>
      <span className="font-medium text-gray-900">{label}</span>:{' '}
      {from !== null && (
        <>
          <span className="text-gray-500 line-through decoration-gray-400">{from}</span> →{' '}
        </>
      )}
      <span className="text-gray-900">{to}</span>
    </li>
  );
}

export default async function DeploymentPage({ params }: { params: Promise<{ id: string }> }) {
  await requireUser('admin');
  const { id } = await params;
  const db = await getDb();
  const deployment = await getAdminDeployment(db, id);
  if (!deployment) notFound();
  const [history, choices] = await Promise.all([listDeploymentHistory(db, id), listStructureChoices(db)]);
  const newestFirst = [...history].reverse();

  return (
    <main className="mx-auto max-w-screen-2xl px-4 py-6">
      <PageHeader
        back={
          <Link href="/service/deployments" className="text-indigo-700 hover:underline">
            ← Deployments
          </Link>
        }
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
        <section className="min-w-0" aria-labelledby="history-heading">
          <h2 id="history-heading" className="mb-2 text-sm font-semibold text-gray-900">
            History <span className="font-normal text-gray-500">— every change, newest first</span>
          </h2>
          <Table label="Deployment history">
            <Thead>
              <Th>When (UTC)</Th>
              <Th>What changed</Th>
            </Thead>
            <Tbody>
              {newestFirst.map((item) => (
                <tr key={item.id} data-history-id={item.id}>
                  <Td className="whitespace-nowrap align-top text-gray-600">
                    {formatDateTime(item.createdAt)}
                  </Td>
                  <Td>
                    {item.created && (
                      <div className="mb-1">
                        <Badge tone="green">Created</Badge>
                      </div>
                    )}
                    {item.changes.length > 0 ? (
                      <ul className="space-y-0.5">
                        {item.changes.map((change) => (
                          <ChangeLine key={change.field} change={change} />
                        ))}
                      </ul>
                    ) : (
                      !item.created && <span className="text-gray-500">No visible change</span>
                    )}
                  </Td>
                </tr>
              ))}
            </Tbody>
          </Table>
        </section>
      </div>
    </main>
  );
}
