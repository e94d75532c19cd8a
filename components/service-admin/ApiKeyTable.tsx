import { Badge } from '@/components/ui/badge';
import { EmptyState, Table, Tbody, Td, Th, Thead } from '@/components/ui/table';
import type { ApiKeySummary } from '@/lib/service/admin/accounts';
import { RevokeKeyButton } from './ApiKeyForms';
import type { FormAction } from './form';
import { formatDateTime } from './format';

/** An account's API keys: when each was made and last used, whether it still works, and Revoke. */
export function ApiKeyTable({
  accountId,
  keys,
  revokeKey,
}: {
  accountId: string;
  keys: ApiKeySummary[];
  revokeKey: FormAction<{ id: string }>;
}) {
  if (keys.length === 0) return <EmptyState>This account has no API keys yet.</EmptyState>;
  return (
    <Table label="API keys">
      <Thead>
        <Th>Name</Th>
        <Th>Prefix</Th>
        <Th>Created (UTC)</Th>
        <Th>Last used (UTC)</Th>
        <Th>Status</Th>
        <Th>
          <span className="sr-only">Actions</span>
        </Th>
      </Thead>
      <Tbody>
        {keys.map((key) => (
          <tr key={key.id} data-key-id={key.id} className={key.revokedAt ? 'text-gray-500' : ''}>
            <Td className="font-medium">{key.name}</Td>
            <Td className="whitespace-nowrap">
              <code className="font-mono text-xs">{key.prefix}…</code>
            </Td>
            <Td className="whitespace-nowrap">{formatDateTime(key.createdAt)}</Td>
            <Td className="whitespace-nowrap">{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</Td>
            <Td className="whitespace-nowrap">
              {key.revokedAt ? (
                <Badge tone="red">Revoked {formatDateTime(key.revokedAt)}</Badge>
              ) : (
                <Badge tone="green">Active</Badge>
              )}
            </Td>
            <Td className="text-right align-top">
              {!key.revokedAt && (
                <RevokeKeyButton action={revokeKey} accountId={accountId} keyId={key.id} keyName={key.name} />
              )}
            </Td>
          </tr>
        ))}
      </Tbody>
    </Table>
  );
}
