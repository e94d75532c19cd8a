import type { Metadata } from 'next';
import { StructureJsonForm } from '@/components/service-admin/StructureJsonForm';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/table';
import { requireUser } from '@/lib/auth';
import { importStructureAction } from '../actions';

export const metadata: Metadata = { title: 'Import a structure' };

export default async function ImportStructurePage() {
  await requireUser('admin');
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <PageHeader
        back={{ href: '/service/structures', label: 'Structures' }}
        title="Import a structure"
        description="A JSON document {name, schema, hints} — for example one exported from another Emend service. It becomes version 1 of a new structure."
      />
      <Card>
        <StructureJsonForm action={importStructureAction} submitLabel="Import structure" />
      </Card>
    </main>
  );
}
