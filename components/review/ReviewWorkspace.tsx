'use client';

import { useRouter } from 'next/navigation';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import {
  DocumentViewer,
  type DocumentViewerProps,
  type Highlight,
} from '@/components/document-viewer/DocumentViewer';
import {
  ReviewEditor,
  type ReviewEditorProps,
  type SaveResult,
} from '@/components/review/editor/ReviewEditor';
import { OutboxNotice } from '@/components/review/OutboxNotice';
import { ReasonDialog } from '@/components/review/ReasonDialog';
import { ReviewHistory } from '@/components/review/ReviewHistory';
import { ShortcutHelp } from '@/components/review/ShortcutHelp';
import { Button, buttonClasses } from '@/components/ui/button';
import type { Patch } from '@/lib/contract/schemas';
import type { DecisionDto } from '@/lib/desk/decisions';
import type { HistoryItem } from '@/lib/desk/history';
import type { OutboxItemDto } from '@/lib/desk/outbox';
import { draftKey, parseDraft } from '@/lib/review/draft';
import { fillField, isTypingTarget } from '@/lib/review/keys';

/** What the desk's save action answers (the editor only needs `entry`). */
export type SaveOutcome =
  | { outcome: 'sent'; patchesApplied: number; entry?: unknown }
  | { outcome: 'queued'; outboxId: string; reason: string }
  | { outcome: 'conflict'; updatedAt: string; changedBy: string | null };

type Result<T = unknown> =
  | { ok: true; data: T }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

type Decide = (
  input:
    | { entryId: string; decision: 'approved'; reason?: string | null }
    | { entryId: string; decision: 'rejected'; reason: string },
) => Promise<SaveResult>;

type SaveInput = Parameters<ReviewEditorProps['save']>[0];

/** Unsaved edits of the editor, which it keeps in this browser until they are saved or discarded. */
function unsavedChanges(entryId: string): number {
  try {
    return parseDraft(window.localStorage.getItem(draftKey(entryId)), entryId)?.patches.length ?? 0;
  } catch {
    return 0;
  }
}

export interface ReviewWorkspaceProps extends Pick<ReviewEditorProps, 'entry' | 'schema'> {
  save: (input: SaveInput) => Promise<Result<SaveOutcome>>;
  document: Pick<DocumentViewerProps, 'src' | 'mimeType' | 'text' | 'textLayerSrc'> | null;
  decide?: Decide;
  pollOutbox?: (input: { entryId: string }) => Promise<Result<OutboxItemDto[]>>;
  outbox?: OutboxItemDto[];
  history?: HistoryItem[];
  latestDecision?: DecisionDto | null;
  nextHref?: string | null;
  /** The entry's deployment requires zero errors to approve (an admin setting). */
  requireZeroErrors?: boolean;
}

// Stable defaults: a fresh `[]` per render would re-run the effect that copies `outbox` into state, forever.
const NO_OUTBOX: OutboxItemDto[] = [];
const NO_HISTORY: HistoryItem[] = [];

const fmt = (d: Date | string) =>
  `${new Date(d).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/**
 * Document on the left, data on the right; focusing a field highlights where it was read.
 * The desk's side of reviewing lives here: approve/reject, the outbox state, history, the
 * review queue and the page's keyboard shortcuts.
 */
export function ReviewWorkspace({
  entry,
  schema,
  document,
  save,
  decide,
  pollOutbox,
  outbox = NO_OUTBOX,
  history = NO_HISTORY,
  latestDecision = null,
  nextHref = null,
  requireZeroErrors = false,
}: ReviewWorkspaceProps) {
  const router = useRouter();
  const [highlight, setHighlight] = useState<Highlight>(null);
  const [tab, setTab] = useState<'data' | 'history'>('data');
  const [queued, setQueued] = useState<OutboxItemDto[]>(outbox);
  const [justSent, setJustSent] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  /** Approving an entry with errors: asks for the override reason. */
  /** Why the override is asked: the page's count, or the desk's answer when it knew better. */
  const [overriding, setOverriding] = useState<string | null>(null);
  const errorCount = (entry.errors ?? []).filter((e) => e.severity === 'error').length;
  const [helpOpen, setHelpOpen] = useState(false);
  /** A conflicting outbox correction the reviewer asked to have back in the form. */
  const [putBack, setPutBack] = useState<{ id: string; patches: Patch[] } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  /** The last field the reviewer was in: a text selected in the document fills it. */
  const lastField = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);

  useEffect(() => setQueued(outbox), [outbox]);
  const pending = queued.some((q) => q.state === 'pending');

  // While a correction waits in the outbox, ask every 2 s how it is doing.
  useEffect(() => {
    if (!pending || !pollOutbox) return;
    const timer = setInterval(async () => {
      const result = await pollOutbox({ entryId: entry.entry_id }).catch(() => null);
      if (!result?.ok) return;
      const wasPending = new Set(queued.filter((q) => q.state === 'pending').map((q) => q.id));
      const settled = result.data.filter((q) => q.state !== 'pending' && wasPending.has(q.id));
      // Only what this page already shows, and anything newly pending: old conflicts stay hidden.
      const shown = new Set(queued.map((q) => q.id));
      setQueued(result.data.filter((q) => q.state === 'pending' || shown.has(q.id)));
      if (settled.length > 0 && !result.data.some((q) => q.state === 'pending')) {
        setJustSent(settled.some((q) => q.state === 'sent'));
        router.refresh();
      }
    }, 2_000);
    return () => clearInterval(timer);
  }, [pending, pollOutbox, entry.entry_id, queued, router]);

  const saveAndTrack = useCallback(
    async (input: SaveInput): Promise<SaveResult> => {
      const result = await save(input);
      if (!result.ok) return result;
      const outcome = result.data;
      const { patches, notes } = input;
      setJustSent(false);
      if (outcome.outcome === 'queued') {
        setQueued((q) => [
          {
            id: outcome.outboxId,
            entryId: entry.entry_id,
            state: 'pending',
            attempts: 0,
            lastError: outcome.reason,
            patches,
            notes,
            userEmail: null,
            createdAt: new Date(),
            sentAt: null,
            nextAttemptAt: new Date(),
          },
          ...q,
        ]);
      }
      setNotice(null);
      router.refresh();
      return result;
    },
    [save, entry.entry_id, router],
  );

  const approve = useCallback(async () => {
    if (!decide) return;
    const changes = unsavedChanges(entry.entry_id);
    if (changes > 0) {
      setNotice({
        tone: 'error',
        text: `Save or discard your ${changes} unsaved change${changes === 1 ? '' : 's'} before approving.`,
      });
      return;
    }
    if (errorCount > 0) {
      if (requireZeroErrors)
        setNotice({
          tone: 'error',
          text: `This entry has ${errorCount} error${errorCount === 1 ? '' : 's'} and its deployment requires zero errors to approve: fix them first.`,
        });
      else
        setOverriding(
          `This entry still has ${errorCount} error${errorCount === 1 ? '' : 's'}. Approving it anyway records your reason with the approval.`,
        );
      return;
    }
    const result = await decide({ entryId: entry.entry_id, decision: 'approved' });
    if (result.ok) {
      setNotice({ tone: 'ok', text: `Approved.${nextHref ? ' Alt+N opens the next entry.' : ''}` });
      router.refresh();
    } else if (result.fieldErrors?.reason) {
      // The desk knows of errors this page has not shown yet (a save's new version still loading).
      setOverriding(result.message);
    } else setNotice({ tone: 'error', text: result.message });
  }, [decide, entry.entry_id, nextHref, router, errorCount, requireZeroErrors]);

  // Ctrl/Cmd+Enter approve, Alt+N next entry, ? help (Ctrl/Cmd+S and Alt+↓/↑ are the editor's).
  // A key without a modifier never fires while the reviewer types in a field; none fires
  // while a dialog is open.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (window.document.querySelector('dialog[open]')) return;
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key === 'Enter') {
        e.preventDefault();
        void approve();
      } else if (e.altKey && !mod && e.code === 'KeyN') {
        e.preventDefault();
        if (nextHref) router.push(nextHref);
        else setNotice({ tone: 'ok', text: 'No other entry is waiting for review.' });
      } else if (e.key === '?' && !mod && !e.altKey && !isTypingTarget(e.target)) {
        e.preventDefault();
        setHelpOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [approve, nextHref, router]);

  return (
    <div className="grid h-[calc(100vh-7.5rem)] min-h-[560px] grid-cols-1 gap-3 lg:grid-cols-2">
      <section
        aria-label="Document"
        className="min-h-0 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200"
      >
        {document ? (
          <DocumentViewer
            {...document}
            highlight={highlight}
            onSelectText={(text) => {
              if (!lastField.current || !fillField(lastField.current, text)) return false;
              // The value now comes from the selection, not from where it was first read.
              setHighlight(null);
              return true;
            }}
          />
        ) : (
          <p className="p-4 text-sm text-gray-600">The desk has no copy of this document.</p>
        )}
      </section>
      <section
        aria-label="Extracted data"
        className="flex min-h-0 flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200"
        onFocus={(e) => {
          const el = e.target;
          if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.dataset.pointer) {
            lastField.current = el;
          }
        }}
      >
        <div className="flex flex-wrap items-center gap-2 border-b border-gray-200 px-3 py-1.5">
          <div role="tablist" aria-label="Review panels" className="flex gap-1">
            {(['data', 'history'] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                id={`tab-${t}`}
                aria-selected={tab === t}
                aria-controls={`panel-${t}`}
                tabIndex={tab === t ? 0 : -1}
                onClick={() => setTab(t)}
                onKeyDown={(e) => {
                  // The tabs pattern: arrow keys move between tabs, Tab moves into the panel.
                  if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
                  e.preventDefault();
                  const other = t === 'data' ? 'history' : 'data';
                  setTab(other);
                  window.document.getElementById(`tab-${other}`)?.focus();
                }}
                className={`rounded-md px-2.5 py-1 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                  tab === t ? 'bg-indigo-50 text-indigo-800' : 'text-gray-600 hover:bg-gray-100'
                }`}
              >
                {t === 'data' ? 'Data' : `History (${history.length})`}
              </button>
            ))}
          </div>
          <span className="ml-auto flex items-center gap-1.5">
            {decide && (
              <>
                <Button variant="secondary" onClick={() => setRejecting(true)}>
                  Reject…
                </Button>
                <Button
                  onClick={() => void approve()}
                  title="Ctrl+Enter"
                  className="!bg-green-700 hover:!bg-green-600"
                >
                  Approve
                </Button>
              </>
            )}
            {nextHref ? (
              <a href={nextHref} className={buttonClasses('secondary')} title="Alt+N">
                Next entry →
              </a>
            ) : (
              <span className="px-2 text-xs text-gray-500">No other entry to review</span>
            )}
            <Button
              variant="ghost"
              aria-label="Keyboard shortcuts"
              title="Keyboard shortcuts (?)"
              onClick={() => setHelpOpen(true)}
            >
              ?
            </Button>
          </span>
        </div>
        {(latestDecision || notice || queued.some((q) => q.state !== 'sent') || justSent) && (
          <div className="space-y-2 border-b border-gray-200 px-3 py-2">
            {latestDecision && (
              <p
                data-testid="latest-decision"
                className={`rounded-md px-3 py-1.5 text-sm ring-1 ${
                  latestDecision.decision === 'approved'
                    ? 'bg-green-50 text-green-900 ring-green-200'
                    : 'bg-red-50 text-red-900 ring-red-200'
                }`}
              >
                <strong>{latestDecision.decision === 'approved' ? 'Approved' : 'Rejected'}</strong> by{' '}
                {latestDecision.userEmail ?? 'unknown'}, {fmt(latestDecision.createdAt)}
                {latestDecision.reason && <> — reason: {latestDecision.reason}</>}
              </p>
            )}
            <OutboxNotice
              items={queued}
              justSent={justSent}
              onRestore={(item) => setPutBack({ id: `${item.id}:${Date.now()}`, patches: item.patches })}
            />
            <p
              role={notice?.tone === 'error' ? 'alert' : 'status'}
              className={`text-sm empty:hidden ${notice?.tone === 'error' ? 'text-red-700' : 'text-green-700'}`}
            >
              {notice?.text}
            </p>
          </div>
        )}
        <TabPanel name="data" shown={tab === 'data'} className="min-h-0 flex-1">
          <ReviewEditor
            entry={entry}
            schema={schema}
            save={saveAndTrack}
            putBack={putBack}
            onFocusSource={(source) => setHighlight(source ? { page: source.page, bbox: source.bbox } : null)}
          />
        </TabPanel>
        <TabPanel name="history" shown={tab === 'history'} className="min-h-0 flex-1 overflow-auto p-3">
          <ReviewHistory items={history} />
        </TabPanel>
      </section>
      {rejecting && decide && (
        <ReasonDialog
          id="reject"
          title="Reject this entry?"
          label="Reason (required)"
          placeholder="e.g. Not an invoice; wrong document uploaded"
          missing="A rejection needs a reason."
          confirmLabel="Reject entry"
          sendingLabel="Rejecting…"
          danger
          onCancel={() => setRejecting(false)}
          onConfirm={async (reason) => {
            const result = await decide({ entryId: entry.entry_id, decision: 'rejected', reason });
            if (result.ok) {
              setRejecting(false);
              setNotice({ tone: 'ok', text: 'Rejected.' });
              router.refresh();
            }
            return result;
          }}
        />
      )}
      {overriding !== null && decide && (
        <ReasonDialog
          id="approve-override"
          title="Approve with errors?"
          label="Why is it right as it is? (required, kept in the history)"
          placeholder="e.g. The total on the document is itself wrong; the supplier confirmed it"
          missing="Approving with errors needs a reason."
          confirmLabel="Approve anyway"
          sendingLabel="Approving…"
          onCancel={() => setOverriding(null)}
          onConfirm={async (reason) => {
            const result = await decide({ entryId: entry.entry_id, decision: 'approved', reason });
            if (result.ok) {
              setOverriding(null);
              setNotice({
                tone: 'ok',
                text: `Approved with a reason.${nextHref ? ' Alt+N opens the next entry.' : ''}`,
              });
              router.refresh();
            }
            return result;
          }}
        >
          <p className="text-sm text-gray-700">{overriding}</p>
        </ReasonDialog>
      )}
      {helpOpen && <ShortcutHelp onClose={() => setHelpOpen(false)} />}
    </div>
  );
}

/** The panel the tab `tab-{name}` shows; hidden, not unmounted, so unsaved edits survive a switch. */
function TabPanel({
  name,
  shown,
  className,
  children,
}: {
  name: string;
  shown: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <div
      id={`panel-${name}`}
      role="tabpanel"
      aria-labelledby={`tab-${name}`}
      hidden={!shown}
      className={className}
    >
      {children}
    </div>
  );
}
