import type { OutboxItemDto } from '@/lib/desk/outbox';

/** Where the reviewer's saved-but-not-yet-sent corrections stand. */
export function OutboxNotice({
  items,
  justSent,
  onRestore,
}: {
  items: OutboxItemDto[];
  justSent: boolean;
  /** Puts a conflicting correction's changes back into the form, on the latest version. */
  onRestore?: (item: OutboxItemDto) => void;
}) {
  const open = items.filter((i) => i.state !== 'sent');
  if (open.length === 0 && !justSent) return null;
  return (
    <div className="space-y-2" data-testid="outbox-notice">
      {open.map((item) =>
        item.state === 'pending' ? (
          <p
            key={item.id}
            role="status"
            className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            <strong>Queued — will be sent when the service is back.</strong> {item.patches.length} change
            {item.patches.length === 1 ? '' : 's'} kept in the desk&rsquo;s outbox
            {item.attempts > 0 ? `; tried ${item.attempts} time${item.attempts === 1 ? '' : 's'}` : ''}.
            {item.lastError && <span className="block text-xs text-amber-800">{item.lastError}</span>}
          </p>
        ) : (
          <p
            key={item.id}
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200"
          >
            <strong>{item.state === 'conflict' ? 'Conflict:' : 'Not sent:'}</strong> {item.lastError}
            <span className="mt-1 block font-mono text-xs">
              {item.patches.map((p) => `${p.path}: ${JSON.stringify(p.value)}`).join(' · ')}
            </span>
            {onRestore && item.state === 'conflict' && (
              <button
                type="button"
                onClick={() => onRestore(item)}
                className="mt-1 text-sm font-medium text-indigo-700 underline hover:text-indigo-600"
              >
                Put these changes back in the form
              </button>
            )}
          </p>
        ),
      )}
      {justSent && open.length === 0 && (
        <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900 ring-1 ring-green-200">
          <strong>Sent</strong> — the queued correction reached the service.
        </p>
      )}
    </div>
  );
}
