import type { HistoryItem } from '@/lib/desk/history';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) +
  ' UTC';

const show = (v: unknown) => JSON.stringify(v);

function Patches({ patches }: { patches: { path: string; value?: unknown }[] }) {
  return (
    <ul className="mt-1 space-y-0.5 font-mono text-xs text-gray-700">
      {patches.slice(0, 20).map((p) => (
        <li key={p.path} className="break-all">
          <span className="font-semibold">{p.path || '/'}</span>: {show(p.value)}
        </li>
      ))}
      {patches.length > 20 && <li className="font-sans text-gray-500">… and {patches.length - 20} more</li>}
    </ul>
  );
}

const queuedLabel: Record<string, string> = {
  pending: 'Queued',
  conflict: 'Conflict',
  failed: 'Not sent',
};

/** Every correction (who from the desk, what from the service), decision and queued save, newest first. */
export function ReviewHistory({ items }: { items: HistoryItem[] }) {
  return (
    <section aria-labelledby="review-history" className="rounded-md ring-1 ring-gray-200">
      {/* The tab already says "History (n)" on screen. */}
      <h2 id="review-history" className="sr-only">
        History ({items.length})
      </h2>
      {items.length === 0 ? (
        <p className="px-3 py-2 text-sm text-gray-600">No corrections or decisions yet.</p>
      ) : (
        <ol className="divide-y divide-gray-100" data-testid="review-history">
          {items.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="px-3 py-2 text-sm">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium text-gray-900">
                  {item.kind === 'correction' && 'Correction'}
                  {item.kind === 'decision' && (item.decision === 'approved' ? 'Approved' : 'Rejected')}
                  {item.kind === 'queued' && `${queuedLabel[item.state] ?? item.state} correction`}
                </span>
                <span className="text-gray-600">
                  by {item.who ?? (item.kind === 'correction' ? 'someone outside the desk' : 'unknown')}
                </span>
                <time dateTime={item.at} className="text-xs text-gray-500">
                  {when(item.at)}
                </time>
                {item.kind === 'correction' && item.known === 'desk' && (
                  <span className="text-xs text-amber-700">(not found on the service)</span>
                )}
              </p>
              {item.kind === 'decision' && item.reason && (
                <p className="mt-0.5 text-gray-700">Reason: {item.reason}</p>
              )}
              {item.kind !== 'decision' && item.notes && (
                <p className="mt-0.5 text-gray-700">Notes: {item.notes}</p>
              )}
              {item.kind === 'queued' && item.message && (
                <p
                  className={`mt-0.5 text-xs ${item.state === 'pending' ? 'text-gray-600' : 'text-red-700'}`}
                >
                  {item.message}
                </p>
              )}
              {item.kind !== 'decision' && <Patches patches={item.patches} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
