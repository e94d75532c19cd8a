import type { Metadata } from 'next';
import Link from 'next/link';
import { CreateDeploymentForm } from '@/components/service-admin/DeploymentForms';
import { formatDateTime, formatPrice } from '@/components/service-admin/format';
import { ListPageWithForm } from '@/components/service-admin/ListPageWithForm';
import { NameAndIdCells } from '@/components/service-admin/NameAndIdCells';
import { Badge } from '@/components/ui/badge';
import { Table, Tbody, Td, Th, Thead } from '@/components/ui/table';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { listAccounts } from '@/lib/service/admin/accounts';
import { listAdminDeployments } from '@/lib/service/admin/deployments';
import { listStructureChoices } from '@/lib/service/admin/structures';
import { createDeploymentAction } from './actions';

export const metadata: Metadata = { title: 'Deployments' };

export default async function DeploymentsPage() {
  await requireUser('admin');
  const db = await getDb();
  const [deployments, choices, accounts] = await Promise.all([
    listAdminDeployments(db),
    listStructureChoices(db),
    listAccounts(db),
  ]);
  return (
    <ListPageWithForm
      title="Deployments"
      description="A deployment is the stable id callers process documents with. It points to one structure version; repointing it never changes the API calls, and every change is kept in its history."
      emptyMessage={deployments.length === 0 && 'No deployments yet. Create one with the form.'}
      formTitle="New deployment"
      form={
        choices.length === 0 ? (
          <p className="text-sm text-gray-600">
            Import a structure first:{' '}
            <Link href="/service/structures/new" className="font-medium text-indigo-700 underline">
              Import a structure
            </Link>
            .
          </p>
        ) : (
          <CreateDeploymentForm
            action={createDeploymentAction}
            choices={choices}
            accounts={accounts.map((a) => ({ id: a.id, name: a.name }))}
          />
        )
      }
    >
      <Table label="Deployments">
        <Thead>
          <Th>Name</Th>
          <Th>Id</Th>
          <Th>Structure</Th>
          <Th className="text-right">Price per page</Th>
          <Th>Offered to</Th>
          <Th>Updated (UTC)</Th>
        </Thead>
        <Tbody>
          {deployments.map((deployment) => (
            <tr key={deployment.id} className="hover:bg-gray-50" data-deployment-id={deployment.id}>
              <NameAndIdCells
                href={`/service/deployments/${deployment.id}`}
                name={deployment.name}
                id={deployment.id}
              />
              <Td className="whitespace-nowrap">
                <Link
                  href={`/service/structures/${deployment.structureId}?version=${deployment.structureVersion}`}
                  className="text-gray-800 hover:text-indigo-700 hover:underline"
                >
                  {deployment.structureName}
                </Link>{' '}
                <Badge tone="indigo">v{deployment.structureVersion}</Badge>
              </Td>
              <Td className="text-right tabular-nums">{formatPrice(deployment.pricePerPage)}</Td>
              <Td className="text-gray-700">
                {deployment.accountName ?? <span className="text-gray-500">Every account</span>}
              </Td>
              <Td className="whitespace-nowrap text-gray-600">{formatDateTime(deployment.updatedAt)}</Td>
            </tr>
          ))}
        </Tbody>
      </Table>
    </ListPageWithForm>
  );
}
