import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { TopUpForm } from '@/components/service-admin/AccountForms';
import { CreateKeyForm } from '@/components/service-admin/ApiKeyForms';
import { ApiKeyTable } from '@/components/service-admin/ApiKeyTable';
import { formatDateTime, formatEur } from '@/components/service-admin/format';
import { Card } from '@/components/ui/card';
import { Id, PageHeader } from '@/components/ui/table';
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
        back={{ href: '/service/accounts', label: 'Accounts & keys' }}
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
          <ApiKeyTable accountId={account.id} keys={keys} revokeKey={revokeKeyAction} />
        </section>
      </div>
    </main>
  );
}
