import type { Metadata } from 'next';
import { forgetLearnedAction } from '@/app/(service)/service/memory/actions';
import { ForgetForm } from '@/components/service-admin/ForgetForm';
import { formatDateTime } from '@/components/service-admin/format';
import { Badge } from '@/components/ui/badge';
import { EmptyState, PageHeader, Table, Tbody, Td, Th, Thead } from '@/components/ui/table';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import type { Anchor } from '@/lib/service/engine/memory/anchors';
import { listMemory, type MemoryRow } from '@/lib/service/learning/memory-store';

export const metadata: Metadata = { title: 'Learned from corrections' };

const SIDE = { inline: 'after', right: 'right of', below: 'under', above: 'above' } as const;

function whereLearned(anchor: Anchor): string {
  const where =
    anchor.kind === 'label'
      ? `${SIDE[anchor.position]} “${anchor.label}”`
      : anchor.kind === 'columns'
        ? `columns ${Object.entries(anchor.captions)
            .map(([key, caption]) => `“${caption}” → ${key}`)
            .join(', ')}`
        : `at ${Math.round(anchor.bbox[0] * 100)} % across, ${Math.round(anchor.bbox[1] * 100)} % down page ${anchor.page}`;
  // Confirmed (left as read) rather than corrected: used only where the rules are unsure.
  return anchor.confirmed ? `${where} (confirmed)` : where;
}

/** Rows grouped by structure, then by issuer within one account and tenant. */
function group(rows: MemoryRow[]) {
  const out = new Map<string, { structure: string; issuers: Map<string, MemoryRow[]> }>();
  for (const r of rows) {
    const s = out.get(r.structureId) ?? { structure: r.structureName ?? r.structureId, issuers: new Map() };
    out.set(r.structureId, s);
    const key = `${r.accountId}|${r.tenantId}|${r.fingerprint}`;
    s.issuers.set(key, [...(s.issuers.get(key) ?? []), r]);
  }
  return out;
}

export default async function MemoryPage() {
  await requireUser('admin');
  const rows = await listMemory(await getDb());
  const groups = group(rows);
  return (
    <main className="mx-auto max-w-screen-2xl space-y-6 px-4 py-6">
      <PageHeader
        title="Learned from corrections"
        description="When a correction sets a value its document shows, the service remembers where it is printed for that issuer, per account and tenant, and reads the issuer's next document there first. Values a Save left as they were are confirmed: used only where the rules are unsure. Forget what is wrong; a later correction also replaces it."
      />
      {rows.length === 0 ? (
        <EmptyState>
          Nothing learned yet: correct an entry whose values are printed in its document.
        </EmptyState>
      ) : (
        [...groups.entries()].map(([structureId, { structure, issuers }]) => (
          <section key={structureId} aria-label={structure} className="space-y-3">
            <h2 className="text-base font-semibold text-gray-900">{structure}</h2>
            {[...issuers.values()].map((fields) => {
              const first = fields[0];
              return (
                <div
                  key={first.id}
                  className="rounded-md bg-white p-3 ring-1 ring-gray-200"
                  data-issuer={first.issuer}
                >
                  <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-medium text-gray-900">{first.issuer}</span>
                    <Badge tone="gray">{first.accountName ?? first.accountId}</Badge>
                    {first.tenantId && <Badge tone="indigo">tenant {first.tenantId}</Badge>}
                    <span className="ml-auto">
                      <ForgetForm
                        action={forgetLearnedAction}
                        label={`Forget everything learned about ${first.issuer}`}
                        fields={{
                          accountId: first.accountId,
                          tenantId: first.tenantId,
                          structureId: first.structureId,
                          fingerprint: first.fingerprint,
                        }}
                      />
                    </span>
                  </div>
                  <Table label={`Fields learned for ${first.issuer}`}>
                    <Thead>
                      <Th>Field</Th>
                      <Th>Where</Th>
                      <Th>Taught by the value</Th>
                      <Th>Updated (UTC)</Th>
                      <Th className="text-right">Delete</Th>
                    </Thead>
                    <Tbody>
                      {fields.map((f) => (
                        <tr key={f.id}>
                          <Td className="font-mono text-xs">{f.field}</Td>
                          <Td>{whereLearned(f.anchor)}</Td>
                          <Td className="font-mono text-xs">{JSON.stringify(f.example)}</Td>
                          <Td>{formatDateTime(f.updatedAt)}</Td>
                          <Td className="text-right">
                            <ForgetForm
                              action={forgetLearnedAction}
                              label={`Forget ${f.field} of ${f.issuer}`}
                              fields={{ id: f.id }}
                            />
                          </Td>
                        </tr>
                      ))}
                    </Tbody>
                  </Table>
                </div>
              );
            })}
          </section>
        ))
      )}
    </main>
  );
}
