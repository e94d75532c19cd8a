import type { Metadata } from 'next';
import { ActionButton, ActionForm } from '@/components/settings/ActionForm';
import { SettingsSubpage } from '@/components/settings/SettingsSubpage';
import { SettingsTable } from '@/components/settings/SettingsTable';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { listApiTokens } from '@/lib/desk/api-tokens';
import { createTokenAction, revokeTokenAction } from './actions';

export const metadata: Metadata = { title: 'API tokens' };

const when = (d: Date | null) => (d ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '—');

export default async function TokensPage() {
  const user = await requireUser();
  const tokens = await listApiTokens(await getDb(), user.id);
  return (
    <SettingsSubpage
      title="API tokens"
      back={user.role === 'admin'}
      intro={
        <>
          Personal tokens for the desk API (<code>/api/v1</code>, described at{' '}
          <a className="text-indigo-700 underline" href="/api/v1/openapi.json">
            /api/v1/openapi.json
          </a>
          ): list entries, read one with its history, approve or reject — as you. Send{' '}
          <code>Authorization: Bearer emd_…</code>.
        </>
      }
    >
      <Card title="New token">
        <ActionForm
          action={createTokenAction}
          submit="Create token"
          shown={{ label: 'Your new token', field: 'token' }}
        >
          <Label htmlFor="token-name">Name</Label>
          <Input id="token-name" name="name" placeholder="e.g. ERP sync" required maxLength={100} />
        </ActionForm>
      </Card>
      <Card title="Your tokens">
        {tokens.length === 0 ? (
          <p className="text-sm text-gray-600">No tokens yet.</p>
        ) : (
          <SettingsTable headings={['Name', 'Starts with', 'Created', 'Last used']}>
            {tokens.map((t) => (
              <tr key={t.id} data-token-name={t.name}>
                <td className="py-2">{t.name}</td>
                <td className="font-mono">{t.prefix}…</td>
                <td>{when(t.createdAt)}</td>
                <td>{when(t.lastUsedAt)}</td>
                <td className="text-right">
                  {t.revokedAt ? (
                    <span className="text-gray-500">revoked {when(t.revokedAt)}</span>
                  ) : (
                    <ActionButton
                      action={revokeTokenAction}
                      input={{ id: t.id }}
                      variant="danger"
                      confirm={`Revoke the token "${t.name}"? Programs using it stop working at once.`}
                      label={`Revoke ${t.name}`}
                    >
                      Revoke
                    </ActionButton>
                  )}
                </td>
              </tr>
            ))}
          </SettingsTable>
        )}
      </Card>
    </SettingsSubpage>
  );
}
