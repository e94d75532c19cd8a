import type { Metadata } from 'next';
import { CreateAccountForm } from '@/components/service-admin/AccountForms';
import { formatDateTime, formatEur } from '@/components/service-admin/format';
import { ListPageWithForm } from '@/components/service-admin/ListPageWithForm';
import { NameAndIdCells } from '@/components/service-admin/NameAndIdCells';
import { Table, Tbody, Td, Th, Thead } from '@/components/ui/table';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { listAccounts } from '@/lib/service/admin/accounts';
import { createAccountAction } from './actions';

export const metadata: Metadata = { title: 'Accounts & keys' };

export default async function AccountsPage() {
  await requireUser('admin');
  const accounts = await listAccounts(await getDb());
  return (
    <ListPageWithForm
      title="Accounts & keys"
      description="Every API key belongs to an account; processing is paid from the account's credits (EUR) and refused when they run out."
      emptyMessage={accounts.length === 0 && 'No accounts yet. Create one with the form.'}
      formTitle="New account"
      form={<CreateAccountForm action={createAccountAction} />}
    >
      <Table label="Accounts">
        <Thead>
          <Th>Name</Th>
          <Th>Id</Th>
          <Th className="text-right">Credits</Th>
          <Th className="text-right">Active keys</Th>
          <Th>Created (UTC)</Th>
        </Thead>
        <Tbody>
          {accounts.map((account) => (
            <tr key={account.id} className="hover:bg-gray-50" data-account-id={account.id}>
              <NameAndIdCells href={`/service/accounts/${account.id}`} name={account.name} id={account.id} />
              <Td
                className={`text-right tabular-nums ${account.credits <= 0 ? 'font-semibold text-red-700' : ''}`}
              >
                {formatEur(account.credits)}
              </Td>
              <Td className="text-right tabular-nums text-gray-700">
                {account.activeKeyCount}
                {account.keyCount > account.activeKeyCount && (
                  <span className="text-gray-500">
                    {' '}
                    ({account.keyCount - account.activeKeyCount} revoked)
                  </span>
                )}
              </Td>
              <Td className="whitespace-nowrap text-gray-600">{formatDateTime(account.createdAt)}</Td>
            </tr>
          ))}
        </Tbody>
      </Table>
    </ListPageWithForm>
  );
}
