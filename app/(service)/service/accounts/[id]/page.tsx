import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { TopUpForm } from '@/components/service-admin/AccountForms';
import { CreateKeyForm, RevokeKeyButton } from '@/components/service-admin/ApiKeyForms';
import { formatDateTime, formatEur } from '@/components/service-admin/format';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState, Id, PageHeader, Table, Tbody, Td, Th, Thead } from '@/components/ui/table';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { getAccount, listApiKeys } from '@/lib/service/admin/accounts';
import { createKeyAction, revokeKeyAction, topUpAction } from '../actions';

export const metadata: Metadata = { title: 'Account' };

export default async function AccountPage({ params }: { params: Promise<{ id: string }> }) {
  await requireUser('admin');
  const { id } = await params;
  const db = await getDb();
  const account = await getAccount(db, id);
  if (!account) notFound();
  const keys = await listApiKeys(db, id);

  return (
    <main className="mx-auto max-w-screen-2xl px-4 py-6">
      <PageHeader
        back={
          <Link href="/service/accounts" className="text-indigo-700 hover:underline">
            ← Accounts & keys
          </Link>
        }
        title={account.name}
        description={
          <>
            <Id value={account.id} /> · created {formatDateTime(account.createdAt)} (UTC)
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <Card title="Credits">
          <p className="mb-4">
            <span className="block text-xs font-medium uppercase tracking-wide text-gray-500">Balance</span>
            <span
              data-testid="account-credits"
              className={`text-2xl font-semibold tabular-nums ${account.credits <= 0 ? 'text-red-700' : 'text-gray-900'}`}
            >
              {formatEur(account.credits)}
            </span>
          </p>
          <TopUpForm action={topUpAction} accountId={account.id} />
        </Card>

        <section className="min-w-0 space-y-4" aria-labelledby="keys-heading">
          <Card title={<span id="keys-heading">API keys</span>}>
            <p className="mb-4 text-sm text-gray-600">
              Callers send a key in the <code>x-api-key</code> header (or as a Bearer token). A key is shown
              once, when it is created; the list shows its first characters so you can recognise it.
            </p>
            <CreateKeyForm action={createKeyAction} accountId={account.id} />
          </Card>
          {keys.length === 0 ? (
            <EmptyState>This account has no API keys yet.</EmptyState>
          ) : (
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
                    <Td className="whitespace-nowrap">
                      {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}
                    </Td>
                    <Td className="whitespace-nowrap">
                      {key.revokedAt ? (
                        <Badge tone="red">Revoked {formatDateTime(key.revokedAt)}</Badge>
                      ) : (
                        <Badge tone="green">Active</Badge>
                      )}
                    </Td>
                    <Td className="text-right align-top">
                      {!key.revokedAt && (
                        <RevokeKeyButton
                          action={revokeKeyAction}
                          accountId={account.id}
                          keyId={key.id}
                          keyName={key.name}
                        />
                      )}
                    </Td>
                  </tr>
                ))}
              </Tbody>
            </Table>
          )}
        </section>
      </div>
    </main>
  );
}
