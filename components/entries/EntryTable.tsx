'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, useTransition } from 'react';
import { BulkApproveDialog, UndoToast } from '@/components/entries/BulkApprove';
import { ReviewStateBadge, StatusBadge } from '@/components/entries/StatusBadge';
import { ShortcutHelp } from '@/components/review/ShortcutHelp';
import { Button } from '@/components/ui/button';
import { Table, Tbody, Td, Th, Thead } from '@/components/ui/table';
import type { ActionResult } from '@/lib/action';
import { entryReviewHref } from '@/lib/desk/entry-links';
import { isTypingTarget } from '@/lib/review/keys';

export interface EntryTableRow {
  id: string;
  documentName: string;
  status: string;
  errorCount: number;
  reviewState: string;
  deployment: string;
  batch: string | null;
  created: string;
  /** Who has the entry open now ("Ana is reviewing"), if anyone else. */
  reviewing: string | null;
  /** The reviewer an admin assigned it to. */
  assignee: string | null;
}

export interface SortHeader {
  label: string;
  href: string;
  /** `ascending`/`descending` when the list is sorted by this column. */
  sorted: 'ascending' | 'descending' | null;
}

const LIST_SHORTCUTS: [string, string][] = [
  ['j / k', 'Next / previous entry'],
  ['Enter', 'Open the entry for review'],
  ['x', 'Select or unselect the entry'],
  ['Shift + A', 'Approve the selected entries'],
  ['/', 'Search'],
  ['?', 'This list of shortcuts'],
];

/**
 * The entries table: links to review (carrying the list's filters as the review queue),
 * selection with bulk approve, and keyboard moves (j/k, Enter, x) for working through it.
 */
export function EntryTable({
  rows,
  queue,
  sortHeaders,
  approveSelected,
  undoApprove,
}: {
  rows: EntryTableRow[];
  /** The bulk approve action (a server action of the entries page). */
  approveSelected: (
    entryIds: string[],
  ) => Promise<
    ActionResult<{ approved: number; skipped: number; withErrors: number; decisionIds: string[] }>
  >;
  /** Undoes a bulk approval by its decisions (offered for 10 s). */
  undoApprove: (decisionIds: string[]) => Promise<ActionResult<{ undone: number }>>;
  /** The list's query string, carried to the review page as its queue. */
  queue: string;
  sortHeaders: { name: SortHeader; errors: SortHeader; created: SortHeader };
}) {
  const router = useRouter();
  const [active, setActive] = useState(-1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [help, setHelp] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [undo, setUndo] = useState<{ decisionIds: string[]; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  const hrefOf = useCallback((id: string) => entryReviewHref(id, queue), [queue]);

  // A new page of rows: drop the selection of rows no longer shown.
  useEffect(() => {
    const ids = new Set(rows.map((r) => r.id));
    setSelected((s) => new Set([...s].filter((id) => ids.has(id))));
    setActive((a) => Math.min(a, rows.length - 1));
  }, [rows]);

  const toggle = useCallback((id: string) => {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  // Bulk approve asks first: how many will be approved, how many are skipped and why.
  const approve = useCallback(() => {
    if (selected.size === 0) {
      setMessage({ tone: 'error', text: 'Select entries to approve first (x, or the checkboxes).' });
      return;
    }
    setConfirming(true);
  }, [selected]);

  const confirmApprove = useCallback(() => {
    setConfirming(false);
    const ids = [...selected];
    startTransition(async () => {
      const result = await approveSelected(ids);
      if (!result.ok) {
        setMessage({ tone: 'error', text: result.message });
        return;
      }
      const { approved, skipped, withErrors, decisionIds } = result.data;
      const text = `Approved ${approved} ${approved === 1 ? 'entry' : 'entries'}.`;
      setMessage({
        tone: 'ok',
        text:
          text +
          (skipped
            ? ` Skipped ${skipped}${withErrors ? ` (${withErrors} with errors: approve those one by one, with a reason)` : ' (already approved or still being extracted)'}.`
            : ''),
      });
      if (decisionIds.length > 0) setUndo({ decisionIds, text });
      setSelected(new Set());
      router.refresh();
    });
  }, [selected, router, approveSelected]);

  const undoLast = useCallback(() => {
    const last = undo;
    setUndo(null);
    if (!last) return;
    startTransition(async () => {
      const result = await undoApprove(last.decisionIds);
      setMessage(
        result.ok
          ? {
              tone: 'ok',
              text: `Undone: ${result.data.undone} ${result.data.undone === 1 ? 'entry is' : 'entries are'} back as before.`,
            }
          : { tone: 'error', text: result.message },
      );
      router.refresh();
    });
  }, [undo, undoApprove, router]);
  const expireUndo = useCallback(() => setUndo(null), []);

  const move = useCallback(
    (delta: number) => {
      setActive((a) => {
        const next = Math.max(0, Math.min(rows.length - 1, a + delta));
        rowRefs.current[next]?.scrollIntoView({ block: 'nearest' });
        return next;
      });
    },
    [rows.length],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      if (help || confirming) return;
      const row = rows[active];
      if (e.key === 'j') move(1);
      else if (e.key === 'k') move(-1);
      else if (e.key === 'x' && row) toggle(row.id);
      else if (e.key === 'Enter' && row && (e.target as HTMLElement | null)?.tagName !== 'A')
        router.push(hrefOf(row.id));
      else if (e.key === 'A' && e.shiftKey) approve();
      else if (e.key === '/') document.getElementById('entry-search')?.focus();
      else if (e.key === '?') setHelp(true);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rows, active, move, toggle, approve, router, hrefOf, help, confirming]);

  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));

  return (
    <div>
      <div className="mb-2 flex min-h-9 flex-wrap items-center gap-3 text-sm">
        <Button variant="secondary" onClick={approve} disabled={pending || selected.size === 0}>
          {pending ? 'Approving…' : `Approve selected (${selected.size})`}
        </Button>
        <span className="text-gray-600">
          <kbd className="rounded bg-gray-100 px-1 font-mono text-xs ring-1 ring-gray-300">j</kbd>/
          <kbd className="rounded bg-gray-100 px-1 font-mono text-xs ring-1 ring-gray-300">k</kbd> move,{' '}
          <kbd className="rounded bg-gray-100 px-1 font-mono text-xs ring-1 ring-gray-300">x</kbd> select,{' '}
          <kbd className="rounded bg-gray-100 px-1 font-mono text-xs ring-1 ring-gray-300">Enter</kbd> open,{' '}
          <button type="button" className="underline" onClick={() => setHelp(true)}>
            all shortcuts (?)
          </button>
        </span>
        {message && (
          <p
            role={message.tone === 'error' ? 'alert' : 'status'}
            className={message.tone === 'error' ? 'text-red-700' : 'text-green-800'}
          >
            {message.text}
          </p>
        )}
      </div>
      <Table label="Entries">
        <Thead>
          <Th className="w-8">
            <input
              type="checkbox"
              aria-label="Select every entry on this page"
              checked={allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)))}
              className="size-4 rounded border-gray-300 text-indigo-600"
            />
          </Th>
          <SortableHeader header={sortHeaders.name} />
          <Th>Status</Th>
          <SortableHeader header={sortHeaders.errors} align="right" />
          <Th>Review</Th>
          <Th>Deployment</Th>
          <Th>Batch</Th>
          <SortableHeader header={sortHeaders.created} />
        </Thead>
        <Tbody>
          {rows.map((entry, i) => (
            <tr
              key={entry.id}
              ref={(el) => {
                rowRefs.current[i] = el;
              }}
              data-entry-id={entry.id}
              aria-current={i === active ? 'true' : undefined}
              onClick={() => setActive(i)}
              className={
                i === active
                  ? 'bg-indigo-50 outline outline-2 -outline-offset-2 outline-indigo-500'
                  : selected.has(entry.id)
                    ? 'bg-indigo-50/50'
                    : 'hover:bg-gray-50'
              }
            >
              <Td>
                <input
                  type="checkbox"
                  aria-label={`Select ${entry.documentName}`}
                  checked={selected.has(entry.id)}
                  onChange={() => toggle(entry.id)}
                  className="size-4 rounded border-gray-300 text-indigo-600"
                />
              </Td>
              <Td className="max-w-xs truncate">
                <Link href={hrefOf(entry.id)} className="font-medium text-indigo-700 hover:underline">
                  {entry.documentName}
                </Link>
                {(entry.reviewing || entry.assignee) && (
                  <span className="mt-0.5 flex gap-2 text-xs">
                    {entry.reviewing && (
                      <span className="text-amber-800" data-testid="row-reviewing">
                        {entry.reviewing} is reviewing
                      </span>
                    )}
                    {entry.assignee && <span className="text-gray-600">→ {entry.assignee}</span>}
                  </span>
                )}
              </Td>
              <Td>
                <StatusBadge status={entry.status} />
              </Td>
              <Td
                className={`text-right tabular-nums ${entry.errorCount ? 'font-semibold text-red-700' : 'text-gray-500'}`}
              >
                {entry.errorCount}
              </Td>
              <Td>
                <ReviewStateBadge state={entry.reviewState} />
              </Td>
              <Td className="text-gray-700">{entry.deployment}</Td>
              <Td className="font-mono text-xs text-gray-600">
                {entry.batch ? (
                  <Link
                    href={`/entries?batch=${entry.batch}`}
                    title={`Only the entries of batch ${entry.batch}`}
                    className="text-gray-700 underline decoration-gray-300 hover:decoration-gray-700"
                  >
                    {entry.batch.slice(0, 8)}
                  </Link>
                ) : (
                  <span className="text-gray-500">—</span>
                )}
              </Td>
              <Td className="whitespace-nowrap text-gray-600">{entry.created}</Td>
            </tr>
          ))}
        </Tbody>
      </Table>
      {help && <ShortcutHelp shortcuts={LIST_SHORTCUTS} onClose={() => setHelp(false)} />}
      {confirming && (
        <BulkApproveDialog
          rows={rows.filter((r) => selected.has(r.id))}
          onCancel={() => setConfirming(false)}
          onConfirm={confirmApprove}
        />
      )}
      {undo && <UndoToast text={undo.text} onUndo={undoLast} onExpire={expireUndo} />}
    </div>
  );
}

function SortableHeader({ header, align }: { header: SortHeader; align?: 'right' }) {
  const arrow = header.sorted === 'ascending' ? '↑' : header.sorted === 'descending' ? '↓' : '';
  return (
    <Th aria-sort={header.sorted ?? undefined} className={align === 'right' ? 'text-right' : ''}>
      <Link
        href={header.href}
        className="inline-flex items-center gap-1 uppercase hover:text-gray-900 hover:underline"
      >
        {header.label}
        <span aria-hidden="true">{arrow}</span>
      </Link>
    </Th>
  );
}
