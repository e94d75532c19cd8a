'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { ReviewStateBadge, StatusBadge } from '@/components/entries/StatusBadge';
import { ProgressBar } from '@/components/runs/ProgressBar';
import { RunStatusBadge } from '@/components/runs/RunStatusBadge';
import { buttonClasses } from '@/components/ui/button';
import { Table, Tbody, Td, Th, Thead } from '@/components/ui/table';
import type { RunView } from '@/lib/desk/runs/views';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

function formatThroughput(perSecond: number): string {
  if (perSecond <= 0) return '—';
  return perSecond >= 1
    ? `${perSecond.toFixed(1)} documents/s`
    : `${(perSecond * 60).toFixed(1)} documents/min`;
}

const isFinished = (run: RunView) => run.status === 'completed' || run.status === 'failed';
/** Finished, and every finished item can be opened for review: nothing more will change. */
const isSettled = (run: RunView) =>
  isFinished(run) && run.items.every((i) => !i.entryId || i.reviewable || i.submitError);

async function fetchRun(id: string): Promise<RunView> {
  const response = await fetch(`/api/runs/${id}`, { cache: 'no-store' });
  if (!response.ok)
    throw new Error(response.status === 401 ? 'Your session has ended.' : `HTTP ${response.status}`);
  return response.json();
}

function Stat({
  label,
  value,
  tone = 'text-gray-900',
}: {
  label: string;
  value: string | number;
  tone?: string;
}) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className={`mt-0.5 text-lg font-semibold tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}

/** A run's page body: polls /api/runs/{id} every second until the run has settled. */
export function RunLive({ initial, deploymentName }: { initial: RunView; deploymentName: string }) {
  const query = useQuery({
    queryKey: ['run', initial.id],
    queryFn: () => fetchRun(initial.id),
    initialData: initial,
    refetchInterval: (q) => (q.state.data && isSettled(q.state.data) ? false : 1_000),
    refetchIntervalInBackground: true,
  });
  const run = query.data;
  const done = run.completedItems + run.failedItems;
  const inFlight = run.totalItems - done;
  const finished = isFinished(run);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold">{run.name}</h1>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-gray-600">
            <RunStatusBadge status={run.status} />
            <span>
              {deploymentName} ·{' '}
              {run.mode === 'async'
                ? 'async entry'
                : `${run.batches.length} batch${run.batches.length === 1 ? '' : 'es'}`}{' '}
              · started {dateFormat.format(new Date(run.createdAt))} UTC
            </span>
          </p>
        </div>
        {finished ? (
          <Link href={`/entries?run=${run.id}`} className={buttonClasses('primary')}>
            Review these entries
          </Link>
        ) : (
          <span className="text-sm text-gray-500" aria-live="polite">
            Updating live…
          </span>
        )}
      </div>

      <section className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200" aria-label="Progress">
        <div className="mb-3 flex items-baseline justify-between text-sm">
          <span className="font-medium text-gray-900" data-testid="run-progress-text">
            {done} of {run.totalItems} finished
          </span>
          <span className="text-gray-600">
            {run.totalItems ? Math.round((done / run.totalItems) * 100) : 0}%
          </span>
        </div>
        <ProgressBar
          total={run.totalItems}
          completed={run.completedItems}
          failed={run.failedItems}
          label="Run progress"
        />
        <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-5">
          <Stat label="Completed" value={run.completedItems} tone="text-green-700" />
          <Stat
            label="Failed"
            value={run.failedItems}
            tone={run.failedItems ? 'text-red-700' : 'text-gray-900'}
          />
          <Stat label="In flight" value={inFlight} />
          <Stat label={finished ? 'Took' : 'Elapsed'} value={formatDuration(run.elapsedMs)} />
          <Stat label="Throughput" value={formatThroughput(run.throughputPerSecond)} />
        </dl>
        <p className="mt-3 text-xs text-gray-500">
          {run.webhooks
            ? run.lastWebhookAt
              ? `Webhooks on: last event received ${dateFormat.format(new Date(run.lastWebhookAt))} UTC.`
              : 'Webhooks on: no event received yet; the desk also polls the service.'
            : 'Webhooks off for this run: the desk polls the service for progress.'}
          {run.lastPollError && (
            <span className="text-amber-800"> Last poll failed: {run.lastPollError}</span>
          )}
          {query.isError && (
            <span className="text-amber-800"> Live updates paused: {String(query.error.message)}</span>
          )}
        </p>
      </section>

      {run.failedWebhooks.length > 0 && (
        <section
          className="rounded-lg bg-white shadow-sm ring-1 ring-gray-200"
          aria-labelledby="failed-webhooks"
        >
          <h2 id="failed-webhooks" className="border-b border-gray-200 px-4 py-3 text-sm font-semibold">
            Failed webhook deliveries ({run.failedWebhooks.length})
          </h2>
          <p className="px-4 pt-2 text-xs text-gray-600">
            As reported by the service. The desk polls for what these would have told it.
          </p>
          <Table framed={false}>
            <Thead>
              <Th>Event</Th>
              <Th>Delivery</Th>
              <Th className="text-right">Attempts</Th>
              <Th>Answer</Th>
              <Th>Item</Th>
            </Thead>
            <Tbody>
              {run.failedWebhooks.slice(0, 200).map((w) => (
                <tr key={w.webhookId}>
                  <Td className="font-mono text-xs">{w.event}</Td>
                  <Td>{w.status}</Td>
                  <Td className="text-right tabular-nums">{w.attemptCount}</Td>
                  <Td className="text-gray-700">
                    {w.httpStatus ? `HTTP ${w.httpStatus}` : ''} {w.errorMessage ?? ''}
                  </Td>
                  <Td className="text-gray-700">
                    {typeof w.itemMetadata?.filename === 'string'
                      ? w.itemMetadata.filename
                      : typeof w.itemMetadata?.url === 'string'
                        ? w.itemMetadata.url
                        : '—'}
                  </Td>
                </tr>
              ))}
            </Tbody>
          </Table>
        </section>
      )}

      <section
        className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200"
        aria-labelledby="run-items"
      >
        <h2 id="run-items" className="border-b border-gray-200 px-4 py-3 text-sm font-semibold">
          Documents ({run.totalItems})
        </h2>
        <Table framed={false}>
          <Thead>
            <Th className="w-12 text-right">#</Th>
            <Th>Document</Th>
            <Th>Status</Th>
            <Th className="text-right">Errors</Th>
            <Th>Review</Th>
          </Thead>
          <Tbody>
            {run.items.map((item) => (
              <tr key={item.position} data-run-item={item.position} data-status={item.status}>
                <Td className="text-right tabular-nums text-gray-500">{item.position + 1}</Td>
                <Td className="max-w-md truncate" title={item.documentName}>
                  {item.documentName}
                  {item.submitError && <p className="text-xs text-red-700">{item.submitError}</p>}
                </Td>
                <Td>
                  <StatusBadge status={item.status} />
                </Td>
                <Td
                  className={`text-right tabular-nums ${item.errorCount ? 'font-semibold text-red-700' : 'text-gray-500'}`}
                >
                  {item.errorCount}
                </Td>
                <Td>
                  {item.reviewable && item.entryId ? (
                    <span className="inline-flex items-center gap-2">
                      <Link
                        href={`/entries/${item.entryId}`}
                        className="font-medium text-indigo-700 hover:underline"
                      >
                        Review
                      </Link>
                      {item.reviewState && <ReviewStateBadge state={item.reviewState} />}
                    </span>
                  ) : (
                    <span className="text-gray-500">—</span>
                  )}
                </Td>
              </tr>
            ))}
          </Tbody>
        </Table>
      </section>
    </div>
  );
}
