import type { Metadata } from 'next';
import { ActionButton, ActionForm } from '@/components/settings/ActionForm';
import { SettingsSubpage } from '@/components/settings/SettingsSubpage';
import { SettingsTable } from '@/components/settings/SettingsTable';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { deskWebhookEvents } from '@/lib/db/schema/desk-team';
import { listDeliveries, listEndpoints } from '@/lib/desk/webhooks/endpoints';
import {
  createEndpointAction,
  deleteEndpointAction,
  replayDeliveryAction,
  setEndpointActiveAction,
} from './actions';

export const metadata: Metadata = { title: 'Webhooks' };

const when = (d: Date | null) => (d ? `${d.toISOString().slice(0, 19).replace('T', ' ')}` : '—');

export default async function WebhooksPage() {
  await requireUser('admin');
  const db = await getDb();
  const [endpoints, deliveries] = await Promise.all([listEndpoints(db), listDeliveries(db, { limit: 50 })]);
  const urlOf = new Map(endpoints.map((e) => [e.id, e.url]));
  return (
    <SettingsSubpage
      title="Webhooks"
      wide
      intro={
        <>
          The desk POSTs its events to these URLs as JSON (<code>event_id</code>, <code>event</code>,{' '}
          <code>created_at</code>, <code>data</code>), signed like the extraction service:{' '}
          <code>X-Service-Signature: t=…,v1=…</code> (HMAC-SHA256 of <code>t.body</code> with the endpoint's
          secret). The <code>X-Service-Delivery</code> id stays the same on retries and replays. Failed
          deliveries are retried with exponential backoff, 14 times. Private addresses are refused unless
          listed in <code>EMEND_WEBHOOK_ALLOW_HOSTS</code>.
        </>
      }
    >
      <Card title="New endpoint">
        <ActionForm
          action={createEndpointAction}
          submit="Add endpoint"
          shown={{ label: "The endpoint's signing secret", field: 'secret' }}
        >
          <div className="grid gap-3 md:grid-cols-2">
            <div>
              <Label htmlFor="wh-url">URL</Label>
              <Input
                id="wh-url"
                name="url"
                type="url"
                required
                placeholder="https://example.com/hooks/emend"
              />
            </div>
            <div>
              <Label htmlFor="wh-secret">Secret (empty: make one)</Label>
              <Input id="wh-secret" name="secret" autoComplete="off" minLength={16} />
            </div>
          </div>
          <fieldset className="mt-3">
            <legend className="text-sm font-medium text-gray-700">Events</legend>
            <div className="mt-1 flex flex-wrap gap-4 text-sm">
              {deskWebhookEvents.map((e) => (
                <label key={e} className="inline-flex items-center gap-1.5">
                  <input type="checkbox" name="events" value={e} defaultChecked={e === 'entry.approved'} />{' '}
                  {e}
                </label>
              ))}
            </div>
          </fieldset>
        </ActionForm>
      </Card>
      <Card title="Endpoints">
        {endpoints.length === 0 ? (
          <p className="text-sm text-gray-600">No endpoints yet.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {endpoints.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap items-center gap-3 py-2 text-sm"
                data-endpoint-url={e.url}
              >
                <span className="font-mono">{e.url}</span>
                <span className="text-gray-600">{e.events.join(', ')}</span>
                {!e.active && <Badge tone="gray">off</Badge>}
                {e.pending > 0 && <Badge tone="amber">{e.pending} pending</Badge>}
                {e.failed > 0 && <Badge tone="red">{e.failed} failed</Badge>}
                <span className="ml-auto flex gap-2">
                  <ActionButton action={setEndpointActiveAction} input={{ id: e.id, active: !e.active }}>
                    {e.active ? 'Pause' : 'Resume'}
                  </ActionButton>
                  <ActionButton
                    action={deleteEndpointAction}
                    input={{ id: e.id }}
                    variant="danger"
                    confirm={`Delete ${e.url} and its deliveries?`}
                  >
                    Delete
                  </ActionButton>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Recent deliveries">
        {deliveries.length === 0 ? (
          <p className="text-sm text-gray-600">Nothing sent yet.</p>
        ) : (
          <SettingsTable
            label="Deliveries"
            headings={['Event', 'Endpoint', 'State', 'Attempts', 'Created (UTC)']}
            alignTop
          >
            {deliveries.map((d) => (
              <tr key={d.id} data-delivery-id={d.id}>
                <td className="py-2">
                  {d.event}
                  <span className="block font-mono text-xs text-gray-500">{d.id}</span>
                </td>
                <td className="max-w-56 truncate font-mono text-xs">{urlOf.get(d.endpointId)}</td>
                <td>
                  <Badge tone={d.state === 'delivered' ? 'green' : d.state === 'failed' ? 'red' : 'amber'}>
                    {d.state}
                  </Badge>
                </td>
                <td>
                  <details>
                    <summary className="cursor-pointer">{d.attempts}</summary>
                    <ol className="mt-1 space-y-0.5 text-xs text-gray-700">
                      {d.tries.map((t) => (
                        <li key={t.attempt}>
                          #{t.attempt} {when(t.createdAt)} · {t.httpStatus ?? 'no answer'} · {t.durationMs} ms
                          {t.error ? ` · ${t.error}` : ''}
                        </li>
                      ))}
                    </ol>
                  </details>
                </td>
                <td>{when(d.createdAt)}</td>
                <td className="text-right">
                  <ActionButton action={replayDeliveryAction} input={{ id: d.id }} label={`Replay ${d.id}`}>
                    Replay
                  </ActionButton>
                </td>
              </tr>
            ))}
          </SettingsTable>
        )}
      </Card>
    </SettingsSubpage>
  );
}
