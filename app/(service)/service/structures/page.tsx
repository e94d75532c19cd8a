import type { Metadata } from 'next';
import Link from 'next/link';
import { formatDateTime } from '@/components/service-admin/format';
import { NameAndIdCells } from '@/components/service-admin/NameAndIdCells';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState, PageHeader, Table, Tbody, Td, Th, Thead } from '@/components/ui/table';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { listStructures } from '@/lib/service/admin/structures';

export const metadata: Metadata = { title: 'Structures' };

export default async function StructuresPage() {
  await requireUser('admin');
  const structures = await listStructures(await getDb());
  return (
    <main className="mx-auto max-w-screen-2xl px-4 py-6">
      <PageHeader
        title="Structures"
        description="Versioned JSON Schemas with extraction hints. A deployment points to one version; a new version never changes the old ones or the entries made with them."
        actions={
          <Link href="/service/structures/new" className={buttonClasses('primary')}>
            Import a structure
          </Link>
        }
      />
      {structures.length === 0 ? (
        <EmptyState>
          No structures yet.{' '}
          <Link href="/service/structures/new" className="font-medium text-indigo-700 underline">
            Import one from JSON
          </Link>
          .
        </EmptyState>
      ) : (
        <Table label="Structures">
          <Thead>
            <Th>Name</Th>
            <Th>Id</Th>
            <Th className="text-right">Latest version</Th>
            <Th className="text-right">Versions</Th>
            <Th>Created (UTC)</Th>
          </Thead>
          <Tbody>
            {structures.map((structure) => (
              <tr key={structure.id} className="hover:bg-gray-50" data-structure-id={structure.id}>
                <NameAndIdCells
                  href={`/service/structures/${structure.id}`}
                  name={structure.name}
                  id={structure.id}
                />
                <Td className="text-right">
                  {structure.latestVersion ? (
                    <Badge tone="indigo">v{structure.latestVersion}</Badge>
                  ) : (
                    <span className="text-gray-500">—</span>
                  )}
                </Td>
                <Td className="text-right tabular-nums text-gray-700">{structure.versionCount}</Td>
                <Td className="whitespace-nowrap text-gray-600">{formatDateTime(structure.createdAt)}</Td>
              </tr>
            ))}
          </Tbody>
        </Table>
      )}
    </main>
  );
}
