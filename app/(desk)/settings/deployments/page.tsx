import type { Metadata } from 'next';
import Link from 'next/link';
import { RegisterDeploymentForm } from '@/components/settings/RegisterDeploymentForm';
import { ZeroErrorsToggle } from '@/components/settings/ZeroErrorsToggle';
import { Card } from '@/components/ui/card';
import { Table, Tbody, Td, Th, Thead } from '@/components/ui/table';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { deskClient } from '@/lib/desk/api';
import { zeroErrorDeployments } from '@/lib/desk/approval';
import { currentDeployments } from '@/lib/desk/deployments';
import { registerDeploymentAction, setRequireZeroErrorsAction } from './actions';

export const metadata: Metadata = { title: 'Deployments · Settings' };

export default async function DeploymentsSettingsPage() {
  await requireUser('admin');
  const db = await getDb();
  const [deployments, zeroErrors] = await Promise.all([
    currentDeployments(db, deskClient),
    zeroErrorDeployments(db),
  ]);
  return (
    <main className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <div className="flex items-center gap-3">
        <Link href="/settings" className="text-sm text-indigo-700 hover:underline">
          ← Settings
        </Link>
        <h1 className="text-xl font-semibold">Deployments</h1>
      </div>
      <Card title="Approval">
        <p className="mb-3 text-sm text-gray-600">
          An entry with errors is approved only with a reason, kept in its history. Where a deployment
          requires zero errors, its entries cannot be approved until the errors are fixed.
        </p>
        {deployments.length === 0 ? (
          <p className="text-sm text-gray-600">The desk knows no deployments yet.</p>
        ) : (
          <Table label="Deployments">
            <Thead>
              <Th>Name</Th>
              <Th>Id</Th>
              <Th>Source</Th>
              <Th>Approval</Th>
            </Thead>
            <Tbody>
              {deployments.map((d) => (
                <tr key={d.id} data-deployment-id={d.id}>
                  <Td>{d.name}</Td>
                  <Td className="font-mono text-xs">{d.id}</Td>
                  <Td>{d.source === 'service' ? 'from the service' : 'registered here'}</Td>
                  <Td>
                    <ZeroErrorsToggle
                      deploymentId={d.id}
                      name={d.name}
                      required={zeroErrors.has(d.id)}
                      setRequired={setRequireZeroErrorsAction}
                    />
                  </Td>
                </tr>
              ))}
            </Tbody>
          </Table>
        )}
      </Card>
      <Card title="Register a deployment">
        <p className="mb-3 text-sm text-gray-600">
          A v3 service other than Emend’s own does not list its deployments: register each by the id it gave
          you. (From a terminal:{' '}
          <code>npm run --silent emend -- deployments add --id … --name … [--schema file.json]</code>.)
        </p>
        <RegisterDeploymentForm register={registerDeploymentAction} />
      </Card>
    </main>
  );
}
