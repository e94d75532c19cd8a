import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { formatDateTime } from '@/components/service-admin/format';
import { JsonBlock } from '@/components/service-admin/JsonBlock';
import { StructureJsonForm } from '@/components/service-admin/StructureJsonForm';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Id, PageHeader, Table, Tbody, Td, Th, Thead } from '@/components/ui/table';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { getStructure, getStructureVersion } from '@/lib/service/admin/structures';
import { addStructureVersionAction } from '../actions';

export const metadata: Metadata = { title: 'Structure' };

export default async function StructurePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ version?: string }>;
}) {
  await requireUser('admin');
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const db = await getDb();
  const structure = await getStructure(db, id);
  if (!structure) notFound();
  const latest = structure.versions[0]?.version;
  const requested = Number(query.version);
  const selectedVersion =
    Number.isSafeInteger(requested) && structure.versions.some((v) => v.version === requested)
      ? requested
      : latest;
  const selected = selectedVersion ? await getStructureVersion(db, id, selectedVersion) : null;
  const exportHref = (version: number) => `/service/structures/${id}/versions/${version}/export`;

  return (
    <main className="mx-auto max-w-screen-2xl px-4 py-6">
      <PageHeader
        back={{ href: '/service/structures', label: 'Structures' }}
        title={structure.name}
        description={
          <>
            <Id value={structure.id} /> · created {formatDateTime(structure.createdAt)} (UTC) ·{' '}
            {structure.versions.length} {structure.versions.length === 1 ? 'version' : 'versions'}
          </>
        }
        actions={
          selected && (
            <a href={exportHref(selected.version)} className={buttonClasses('secondary')} download>
              Export version {selected.version} as JSON
            </a>
          )
        }
      />
      {query.version && selectedVersion !== requested && (
        <p role="alert" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          This structure has no version {query.version}; showing the latest instead.
        </p>
      )}

      <div className="space-y-6">
        <div>
          <Table label="Versions">
            <Thead>
              <Th>Version</Th>
              <Th>Created (UTC)</Th>
              <Th className="text-right">Used by</Th>
              <Th>
                <span className="sr-only">Export</span>
              </Th>
            </Thead>
            <Tbody>
              {structure.versions.map((version) => {
                const isSelected = version.version === selectedVersion;
                return (
                  <tr
                    key={version.version}
                    className={isSelected ? 'bg-indigo-50/60' : 'hover:bg-gray-50'}
                    data-version={version.version}
                  >
                    <Td className="whitespace-nowrap">
                      <Link
                        href={`/service/structures/${id}?version=${version.version}`}
                        aria-current={isSelected ? 'true' : undefined}
                        className="font-medium text-indigo-700 hover:underline"
                      >
                        v{version.version}
                      </Link>{' '}
                      {version.version === latest && <Badge tone="indigo">latest</Badge>}
                    </Td>
                    <Td className="whitespace-nowrap text-gray-600">{formatDateTime(version.createdAt)}</Td>
                    <Td className="whitespace-nowrap text-right tabular-nums text-gray-700">
                      {version.deploymentCount} {version.deploymentCount === 1 ? 'deployment' : 'deployments'}
                    </Td>
                    <Td className="text-right">
                      <a
                        href={exportHref(version.version)}
                        download
                        className="text-xs font-medium text-indigo-700 hover:underline"
                        aria-label={`Export version ${version.version}`}
                      >
                        Export
                      </a>
                    </Td>
                  </tr>
                );
              })}
            </Tbody>
          </Table>
        </div>

        <div className="min-w-0 space-y-6">
          {selected ? (
            <div className="grid gap-6 lg:grid-cols-2">
              <Card title={`Schema — version ${selected.version}`}>
                <JsonBlock value={selected.schema} label={`JSON Schema of version ${selected.version}`} />
              </Card>
              <Card title={`Extraction hints — version ${selected.version}`}>
                <JsonBlock value={selected.hints} label={`Extraction hints of version ${selected.version}`} />
              </Card>
            </div>
          ) : (
            <Card>
              <p className="text-sm text-gray-600">This structure has no versions yet. Add one below.</p>
            </Card>
          )}
          <Card title="New version">
            <p className="mb-4 text-sm text-gray-600">
              Starts from {selected ? `version ${selected.version}` : 'an empty document'}: edit it here, or
              paste or upload a whole document. It is saved as version {(latest ?? 0) + 1}; the versions
              before it and the entries extracted with them do not change. Point a deployment to it on the
              Deployments page.
            </p>
            <StructureJsonForm
              // A fresh form whenever another version is selected, so its JSON is the starting point.
              key={selected?.version ?? 0}
              action={addStructureVersionAction}
              structureId={id}
              defaultJson={
                selected ? JSON.stringify({ schema: selected.schema, hints: selected.hints }, null, 2) : ''
              }
              submitLabel="Save as new version"
            />
          </Card>
        </div>
      </div>
    </main>
  );
}
