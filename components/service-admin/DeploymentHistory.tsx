import { Badge } from '@/components/ui/badge';
import { Table, Tbody, Td, Th, Thead } from '@/components/ui/table';
import type { DeploymentChange, DeploymentHistoryItem, StructureRef } from '@/lib/service/admin/deployments';
import { formatDateTime, formatPrice } from './format';

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

/** Every change made to a deployment, newest first: what it was and what it became. */
export function DeploymentHistory({ history }: { history: DeploymentHistoryItem[] }) {
  const newestFirst = [...history].reverse();
  return (
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
              <Td className="whitespace-nowrap align-top text-gray-600">{formatDateTime(item.createdAt)}</Td>
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
  );
}
