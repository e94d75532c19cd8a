'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Status } from '@/components/review/editor/EditorFooter';
import type { ProblemStore } from '@/components/review/editor/problem-store';
import type { Entry, Patch } from '@/lib/contract/schemas';
import { deepEqual, diffToPatches } from '@/lib/review/diff';
import { type Draft, draftKey, makeDraft, parseDraft, rebase } from '@/lib/review/draft';
import { type FormValues, fromFormValues, toFormValues } from '@/lib/review/form-values';

type Data = Record<string, unknown>;

export type SaveResult =
  | { ok: true; data: unknown }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

export interface SaveInput {
  entryId: string;
  patches: Patch[];
  notes: string | null;
  baseUpdatedAt: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The save action may answer with the updated entry (`{entry}` or the entry itself). */
function entryIn(data: unknown): Entry | null {
  const candidate =
    data && typeof data === 'object' && 'entry' in data ? (data as { entry: unknown }).entry : data;
  if (
    candidate &&
    typeof candidate === 'object' &&
    'data' in candidate &&
    'updated_at' in candidate &&
    typeof (candidate as Entry).updated_at === 'string'
  )
    return candidate as Entry;
  return null;
}

/** A save refused because the entry changed meanwhile: who (when the desk knows) and when, in local time. */
function conflictIn(data: unknown): string | null {
  if (!data || typeof data !== 'object' || (data as { outcome?: unknown }).outcome !== 'conflict')
    return null;
  const { updatedAt, changedBy } = data as { updatedAt?: string; changedBy?: string | null };
  const when = updatedAt ? new Date(updatedAt).toLocaleString() : 'just now';
  return (
    `Conflict: ${changedBy ?? 'someone'} changed this entry at ${when}, after you opened it. Nothing was ` +
    'overwritten and your edits are kept: show their version, or apply your changes on top of it.'
  );
}

/** The desk's save action may queue a correction in its outbox instead of sending it. */
const isQueued = (data: unknown) =>
  Boolean(data && typeof data === 'object' && (data as { outcome?: unknown }).outcome === 'queued');

function readDraft(entryId: string): Draft | null {
  try {
    return parseDraft(window.localStorage.getItem(draftKey(entryId)), entryId);
  } catch {
    return null;
  }
}

function writeDraft(entryId: string, draft: Draft | null) {
  try {
    if (draft) window.localStorage.setItem(draftKey(entryId), JSON.stringify(draft));
    else window.localStorage.removeItem(draftKey(entryId));
  } catch {
    // Storage full or disabled: the edits are still on the page.
  }
}

/**
 * The versions behind the form: the one edits are made on (`current`), a newer one that
 * arrived meanwhile, edits kept in this browser from an earlier visit, a correction waiting in
 * the desk's outbox; and what saving, discarding and adopting do to the form.
 */
export function useEntryDraft({
  entry,
  form,
  store,
  save,
}: {
  entry: Entry;
  form: UseFormReturn<FormValues>;
  store: ProblemStore;
  save: (input: SaveInput) => Promise<SaveResult>;
}) {
  const [current, setCurrent] = useState<Entry>(entry);
  const [newer, setNewer] = useState<Entry | null>(null);
  const [oldDraft, setOldDraft] = useState<Draft | null>(null);
  const [status, setStatusState] = useState<Status>(null);
  const [undo, setUndoState] = useState<FormValues | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saveFieldErrors, setSaveFieldErrors] = useState<Record<string, string[]>>({});
  const [generation, setGeneration] = useState(0);
  /** Edits accepted into the desk's outbox, not yet applied by the service: still shown as the values. */
  const queued = useRef<{ baseUpdatedAt: string; data: Data } | null>(null);
  const currentRef = useRef(current);
  currentRef.current = current;
  const statusRef = useRef(status);
  const undoRef = useRef(undo);
  const setStatus = useCallback((s: Status) => {
    statusRef.current = s;
    setStatusState(s);
  }, []);
  const setUndo = useCallback((u: FormValues | null) => {
    undoRef.current = u;
    setUndoState(u);
  }, []);
  /** Set once this browser's stored draft has been looked at (it must not be overwritten before). */
  const draftReady = useRef(false);
  const oldDraftRef = useRef(oldDraft);
  oldDraftRef.current = oldDraft;

  const edited = useCallback(() => fromFormValues(form.getValues()), [form]);
  const patchesNow = useCallback(() => diffToPatches(currentRef.current.data, edited()), [edited]);

  /** Replaces the form's values (inputs show them, not what was typed). */
  const load = useCallback(
    (values: FormValues) => {
      form.reset(values);
      store.clearTyping();
      setGeneration((g) => g + 1);
    },
    [form, store],
  );

  /** After a keystroke: an old "Saved" and a pending undo no longer apply (no re-render otherwise). */
  const edit = useCallback(() => {
    if (undoRef.current) setUndo(null);
    if (statusRef.current?.tone === 'ok') setStatus(null);
  }, [setStatus, setUndo]);

  // A new version from the server (after a save, or a refresh): take it unless it would
  // throw away edits; then the reviewer chooses.
  useEffect(() => {
    const cur = currentRef.current;
    if (entry === cur) return;
    const waiting = queued.current;
    if (waiting && entry.updated_at === waiting.baseUpdatedAt) {
      // The service has not applied the queued correction yet: keep showing it.
      setCurrent({ ...entry, data: waiting.data });
      return;
    }
    if (waiting) {
      queued.current = null;
      // The footer said "Queued…": say it has gone through rather than leave it stale.
      if (statusRef.current?.text.startsWith('Queued'))
        setStatus({ tone: 'ok', text: 'Sent — the queued correction reached the service.' });
    }
    if (deepEqual(entry.data, cur.data)) {
      // Same values (a refresh, or the version our own save produced): new errors and
      // timestamps, and any edits since still apply as they are.
      setCurrent(entry);
      return;
    }
    if (patchesNow().length === 0) {
      setCurrent(entry);
      load(toFormValues(entry.data));
      setNewer(null);
    } else setNewer(entry);
  }, [entry, load, patchesNow, setStatus]);

  // Unsaved edits from an earlier visit: restore them when made on this very version,
  // otherwise offer them.
  useEffect(() => {
    if (draftReady.current) return;
    draftReady.current = true;
    const draft = readDraft(entry.entry_id);
    if (!draft) return;
    if (draft.baseUpdatedAt === entry.updated_at) {
      const r = rebase(entry.data, draft.patches);
      if (r.ok && r.changes > 0) {
        load(toFormValues(r.data));
        setStatus({
          tone: 'info',
          text: `Restored ${plural(r.changes, 'unsaved change')} from this browser.`,
        });
      }
    } else {
      // Before the next effect runs: the draft must not be overwritten by the fresh form.
      oldDraftRef.current = draft;
      setOldDraft(draft);
    }
  }, [entry, load, setStatus]);

  // Keep the unsaved edits in this browser until they are saved or discarded: written a moment
  // after the typing stops (and when the page goes away), not on every key.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    // Only edits not yet written: the page going away must not overwrite a draft put there
    // meanwhile (the outbox's "put these changes back" writes one, then reloads).
    const flush = () => {
      if (!timer) return;
      clearTimeout(timer);
      timer = null;
      if (!draftReady.current || oldDraftRef.current) return;
      const cur = currentRef.current;
      writeDraft(cur.entry_id, makeDraft(cur.entry_id, cur.updated_at, cur.data, edited()));
    };
    const sub = form.watch(() => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, 300);
    });
    window.addEventListener('pagehide', flush);
    return () => {
      sub.unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [form, edited]);
  // A new base (saved, adopted) or a resolved old draft: the stored draft follows at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the old draft is resolved
  useEffect(() => {
    if (!draftReady.current || oldDraftRef.current) return;
    writeDraft(current.entry_id, makeDraft(current.entry_id, current.updated_at, current.data, edited()));
  }, [current, oldDraft, edited]);

  async function confirm(sent: Patch[], notes: string | null) {
    const before = currentRef.current;
    const data = edited();
    let result: SaveResult;
    try {
      result = await save({
        entryId: before.entry_id,
        patches: sent,
        notes,
        baseUpdatedAt: before.updated_at,
      });
    } catch (error) {
      result = {
        ok: false,
        message: `The desk server could not be reached (${(error as Error).message}). Your changes are kept on this page and in this browser; try again.`,
      };
    }
    const conflict = result.ok ? conflictIn(result.data) : null;
    if (conflict) result = { ok: false, message: conflict };
    if (result.ok) {
      const updated = entryIn(result.data);
      const wasQueued = isQueued(result.data);
      if (updated) {
        setCurrent(updated);
        currentRef.current = updated;
        load(toFormValues(updated.data));
      } else {
        // The page's refresh brings the new version; until then the saved values are the base.
        if (wasQueued) queued.current = { baseUpdatedAt: before.updated_at, data };
        const next = { ...before, data };
        setCurrent(next);
        currentRef.current = next;
        load(toFormValues(data));
      }
      setSaveError(null);
      setSaveFieldErrors({});
      setNewer(null);
      setStatus(
        wasQueued
          ? {
              tone: 'info',
              text: `Queued — ${plural(sent.length, 'patch', 'patches')} kept in the desk's outbox until the service is back.`,
            }
          : { tone: 'ok', text: `Saved — ${plural(sent.length, 'patch', 'patches')}` },
      );
    } else {
      // The edits stay in the form: nothing the reviewer typed is lost.
      setSaveError(result.message);
      setSaveFieldErrors(result.fieldErrors ?? {});
      setStatus({ tone: 'error', text: result.message });
    }
    return result;
  }

  function discard() {
    setUndo(structuredClone(form.getValues()));
    load(toFormValues(currentRef.current.data));
    setStatus({ tone: 'info', text: 'Changes discarded.' });
  }

  function undoDiscard() {
    if (!undoRef.current) return;
    load(undoRef.current);
    setUndo(null);
    setStatus(null);
  }

  function adoptNewer(keepEdits: boolean) {
    if (!newer) return;
    let data = newer.data;
    if (keepEdits) {
      const r = rebase(newer.data, patchesNow());
      if (!r.ok) {
        setStatus({
          tone: 'error',
          text: `Your changes no longer apply to the latest version (${r.message}).`,
        });
        return;
      }
      data = r.data;
    }
    setCurrent(newer);
    currentRef.current = newer;
    load(toFormValues(data));
    setNewer(null);
    setSaveError(null);
    setStatus({
      tone: 'info',
      text: keepEdits ? 'Your changes now apply to the latest version.' : 'Latest version loaded.',
    });
  }

  /**
   * A correction that never reached the service (a conflict in the outbox) handed back as
   * unsaved edits on top of what the form shows: the reviewer checks them and saves again.
   */
  function putBack(patches: Patch[]) {
    const changes = loadRebased(edited(), patches);
    if (changes === null) return;
    setStatus({
      tone: 'info',
      text:
        changes > 0
          ? `${plural(changes, 'change')} put back on the latest version; check them, then save.`
          : 'The latest version already has those values.',
    });
  }

  /** Edits re-applied on `base` into the form: how many changed, or null (said) when they no longer apply. */
  function loadRebased(base: Data, patches: Patch[]): number | null {
    const r = rebase(base, patches);
    if (!r.ok) {
      setStatus({ tone: 'error', text: `Those changes no longer apply to this version (${r.message}).` });
      return null;
    }
    load(toFormValues(r.data));
    return r.changes;
  }

  function resolveOldDraft(apply: boolean) {
    if (!oldDraft) return;
    if (apply) {
      const changes = loadRebased(currentRef.current.data, oldDraft.patches);
      if (changes === null) return;
      setStatus({
        tone: 'info',
        text: `${plural(changes, 'earlier change')} applied; check them, then save.`,
      });
    } else setStatus({ tone: 'info', text: 'Earlier unsaved changes discarded.' });
    setOldDraft(null);
  }

  return {
    current,
    newer,
    oldDraft,
    status,
    setStatus,
    undo,
    saveError,
    setSaveError,
    saveFieldErrors,
    generation,
    edit,
    edited,
    patchesNow,
    confirm,
    discard,
    undoDiscard,
    adoptNewer,
    putBack,
    resolveOldDraft,
  };
}
