'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { currencyOf, InputLocaleProvider, useDateOrder } from '@/components/review/editor/input-locale';
import {
  FieldInput,
  type FieldMessage,
  FieldMessages,
  fieldId,
  LowConfidenceDot,
} from '@/components/review/fields';
import { PatchPreview } from '@/components/review/PatchPreview';
import { Button } from '@/components/ui/button';
import type { Entry, Patch, Source } from '@/lib/contract/schemas';
import { deepEqual, diffToPatches, valueAt, withValueAt } from '@/lib/review/diff';
import { type Draft, draftKey, makeDraft, parseDraft, rebase } from '@/lib/review/draft';
import { lowConfidencePointers } from '@/lib/review/errors';
import {
  buildFormModel,
  cellPointer,
  emptyRow,
  type FormNode,
  fieldPointers,
  focusTargetFor,
  formPointers,
  type ListNode,
  pointerLabels,
  type TableNode,
} from '@/lib/review/form-model';
import { datePattern } from '@/lib/review/locale-text';
import { emptyRequiredPointers } from '@/lib/review/required';

export type SaveResult =
  | { ok: true; data: unknown }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

export interface SaveInput {
  entryId: string;
  patches: Patch[];
  notes: string | null;
  baseUpdatedAt: string;
}

export interface ReviewEditorProps {
  entry: Entry;
  schema: Record<string, unknown> | null;
  save: (input: SaveInput) => Promise<SaveResult>;
  onFocusSource?: (source: Source | null) => void;
}

type Data = Record<string, unknown>;
type Status = { tone: 'ok' | 'error' | 'info'; text: string } | null;
/** One listed problem: an entry validation error or a save problem, at a pointer. */
type Problem = { path: string; message: string; severity: 'error' | 'warning' };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function focusField(pointer: string) {
  const el = document.getElementById(fieldId(pointer));
  el?.focus();
  el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

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

/** The extracted data as a form; edits leave as JSON Pointer patches after a preview. */
export function ReviewEditor({ entry, schema, save, onFocusSource }: ReviewEditorProps) {
  /** The version the edits are made on (its `updated_at` goes with the save, for conflicts). */
  const [current, setCurrent] = useState<Entry>(entry);
  const [working, setWorking] = useState<Data>(entry.data);
  /** A newer version that arrived while there were unsaved edits. */
  const [newer, setNewer] = useState<Entry | null>(null);
  /** Unsaved edits found in this browser from an earlier visit, made on another version. */
  const [oldDraft, setOldDraft] = useState<Draft | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saveFieldErrors, setSaveFieldErrors] = useState<Record<string, string[]>>({});
  const [status, setStatus] = useState<Status>(null);
  const [undo, setUndo] = useState<Data | null>(null);
  /** Edits accepted into the desk's outbox, not yet applied by the service: still shown as the values. */
  const [queued, setQueued] = useState<{ baseUpdatedAt: string; data: Data } | null>(null);
  const queuedRef = useRef(queued);
  queuedRef.current = queued;
  /** Set once this browser's stored draft has been looked at (it must not be overwritten before). */
  const [draftReady, setDraftReady] = useState(false);
  /** Text typed into fields that reads as no value (`02/31/2026`, `12,3,4`): saving waits for a fix. */
  const [typing, setTyping] = useState<ReadonlyMap<string, string>>(new Map());
  /** Bumped when the values are replaced from outside, so inputs show them instead of what was typed. */
  const [generation, setGeneration] = useState(0);
  const replaced = useCallback(() => setGeneration((g) => g + 1), []);
  const reportTyping = useCallback((pointer: string, message: string | null) => {
    setTyping((prev) => {
      if ((prev.get(pointer) ?? null) === message) return prev;
      const next = new Map(prev);
      if (message === null) next.delete(pointer);
      else next.set(pointer, message);
      return next;
    });
  }, []);
  const blocked = typing.size > 0;
  const blockedRef = useRef(blocked);
  blockedRef.current = blocked;

  const patches = useMemo(() => diffToPatches(current.data, working), [current.data, working]);
  const dirty = patches.length > 0;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const currentRef = useRef(current);
  currentRef.current = current;

  // A new version from the server (after a save, or a refresh): take it unless it would
  // throw away edits; then the reviewer chooses.
  useEffect(() => {
    const cur = currentRef.current;
    if (entry === cur) return;
    const waiting = queuedRef.current;
    if (waiting && entry.updated_at === waiting.baseUpdatedAt) {
      // The service has not applied the queued correction yet: keep showing it.
      setCurrent({ ...entry, data: waiting.data });
      return;
    }
    if (waiting) {
      setQueued(null);
      // The footer said "Queued…": say it has gone through rather than leave it stale.
      setStatus((s) =>
        s?.text.startsWith('Queued')
          ? { tone: 'ok', text: 'Sent — the queued correction reached the service.' }
          : s,
      );
    }
    if (deepEqual(entry.data, cur.data)) {
      // Same values (a refresh, or the version our own save produced): new errors and
      // timestamps, and any edits since still apply as they are.
      setCurrent(entry);
      return;
    }
    if (!dirtyRef.current) {
      setCurrent(entry);
      setWorking(entry.data);
      setNewer(null);
      replaced();
    } else setNewer(entry);
  }, [entry, replaced]);

  // Unsaved edits from an earlier visit: restore them when made on this very version,
  // otherwise offer them.
  useEffect(() => {
    if (draftReady) return;
    setDraftReady(true);
    const draft = readDraft(entry.entry_id);
    if (!draft) return;
    if (draft.baseUpdatedAt === entry.updated_at) {
      const r = rebase(entry.data, draft.patches);
      if (r.ok && r.changes > 0) {
        setWorking(r.data);
        replaced();
        setStatus({
          tone: 'info',
          text: `Restored ${plural(r.changes, 'unsaved change')} from this browser.`,
        });
      }
    } else setOldDraft(draft);
  }, [entry, draftReady, replaced]);

  // Keep the unsaved edits in this browser until they are saved or discarded.
  useEffect(() => {
    if (!draftReady || oldDraft) return;
    writeDraft(current.entry_id, makeDraft(current.entry_id, current.updated_at, current.data, working));
  }, [draftReady, current, working, oldDraft]);

  const model = useMemo(() => buildFormModel(schema, working), [schema, working]);
  const inputs = useMemo(() => fieldPointers(model, working), [model, working]);
  const labels = useMemo(() => pointerLabels(model, working), [model, working]);
  const lowConfidence = useMemo(() => lowConfidencePointers(current.confidence), [current.confidence]);

  const emptyRequired = useMemo(() => emptyRequiredPointers(model, working), [model, working]);
  const problems: Problem[] = useMemo(() => {
    const fromEntry = (current.errors ?? []).map((e) => ({
      path: e.path,
      message: e.message,
      severity: e.severity,
    }));
    const flagged = new Set(fromEntry.map((e) => e.path));
    return [
      ...[...typing].map(([path, message]) => ({ path, message, severity: 'error' as const })),
      ...emptyRequired
        .filter((path) => !flagged.has(path) && !typing.has(path))
        .map((path) => ({ path, message: 'Required: it cannot be empty.', severity: 'error' as const })),
      ...fromEntry,
      ...Object.entries(saveFieldErrors).flatMap(([path, messages]) =>
        messages.map((message) => ({ path, message, severity: 'error' as const })),
      ),
    ];
  }, [current.errors, saveFieldErrors, typing, emptyRequired]);
  const messagesAt = useMemo(() => {
    const map = new Map<string, FieldMessage[]>();
    for (const p of problems) map.set(p.path, [...(map.get(p.path) ?? []), p]);
    return map;
  }, [problems]);
  const shownAt = useMemo(() => new Set(formPointers(model, working)), [model, working]);
  const errorCount = problems.filter((p) => p.severity === 'error').length;
  const warningCount = problems.length - errorCount;

  const setValue = useCallback((pointer: string, value: unknown) => {
    setWorking((prev) => withValueAt(prev, pointer, value));
    setUndo(null);
    setStatus((s) => (s?.tone === 'ok' ? null : s));
  }, []);

  /** The place a value was read: the field's own source, else its row's or its table's. */
  const focusSource = useCallback(
    (pointer: string) => {
      if (!onFocusSource) return;
      for (let p = pointer; p !== ''; p = p.slice(0, p.lastIndexOf('/'))) {
        const source = current.sources[p];
        if (source) return onFocusSource(source);
      }
      onFocusSource(null);
    },
    [current.sources, onFocusSource],
  );

  const openPreview = useCallback(() => {
    if (blockedRef.current) {
      setStatus({
        tone: 'error',
        text: 'Some fields hold text that is not a value yet: fix or clear them before saving.',
      });
      return;
    }
    if (!dirtyRef.current) {
      setStatus({ tone: 'info', text: 'Nothing to save: no field changed.' });
      return;
    }
    setSaveError(null);
    setPreviewing(true);
  }, []);

  // Ctrl/Cmd+S opens the preview; Alt+↓/↑ jump to the next/previous field with a problem.
  const problemInputs = useMemo(() => {
    const targets = problems
      .map((p) => focusTargetFor(p.path, inputs))
      .filter((p): p is string => p !== null);
    return inputs.filter((p) => targets.includes(p));
  }, [problems, inputs]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        if (!previewing) openPreview();
      } else if (e.altKey && !e.ctrlKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
        if (problemInputs.length === 0) return;
        e.preventDefault();
        const active = (document.activeElement as HTMLElement | null)?.dataset?.pointer;
        const at = active ? problemInputs.indexOf(active) : -1;
        const step = e.key === 'ArrowDown' ? 1 : -1;
        const next = at === -1 && step === -1 ? problemInputs.length - 1 : at + step;
        focusField(problemInputs[(next + problemInputs.length) % problemInputs.length]);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openPreview, previewing, problemInputs]);

  async function confirm(notes: string | null) {
    const sent = patches;
    let result: SaveResult;
    try {
      result = await save({
        entryId: current.entry_id,
        patches: sent,
        notes,
        baseUpdatedAt: current.updated_at,
      });
    } catch (error) {
      result = {
        ok: false,
        message: `The desk server could not be reached (${(error as Error).message}). Your changes are kept on this page and in this browser; try again.`,
      };
    }
    if (result.ok) {
      const updated = entryIn(result.data);
      const wasQueued = isQueued(result.data);
      if (updated) {
        setCurrent(updated);
        setWorking(updated.data);
        replaced();
      } else {
        // The page's refresh brings the new version; until then the saved values are the base.
        if (wasQueued) setQueued({ baseUpdatedAt: current.updated_at, data: working });
        setCurrent((c) => ({ ...c, data: working }));
      }
      setPreviewing(false);
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
    setUndo(working);
    setWorking(current.data);
    replaced();
    setStatus({ tone: 'info', text: 'Changes discarded.' });
  }

  function adoptNewer(keepEdits: boolean) {
    if (!newer) return;
    if (keepEdits) {
      const r = rebase(newer.data, patches);
      if (!r.ok) {
        setStatus({
          tone: 'error',
          text: `Your changes no longer apply to the latest version (${r.message}).`,
        });
        return;
      }
      setWorking(r.data);
    } else setWorking(newer.data);
    replaced();
    setCurrent(newer);
    setNewer(null);
    setSaveError(null);
    setStatus({
      tone: 'info',
      text: keepEdits ? 'Your changes now apply to the latest version.' : 'Latest version loaded.',
    });
  }

  function resolveOldDraft(apply: boolean) {
    if (!oldDraft) return;
    if (apply) {
      const r = rebase(current.data, oldDraft.patches);
      if (!r.ok) {
        setStatus({ tone: 'error', text: `Those changes no longer apply to this version (${r.message}).` });
        return;
      }
      setWorking(r.data);
      replaced();
      setStatus({
        tone: 'info',
        text: `${plural(r.changes, 'earlier change')} applied; check them, then save.`,
      });
    } else setStatus({ tone: 'info', text: 'Earlier unsaved changes discarded.' });
    setOldDraft(null);
  }

  const fieldProps = (pointer: string) => ({
    value: valueAt(working, pointer),
    messages: messagesAt.get(pointer),
    lowConfidence: lowConfidence.get(pointer) ?? null,
    onChange: (v: unknown) => setValue(pointer, v),
    onFocus: () => focusSource(pointer),
    onProblem: (message: string | null) => reportTyping(pointer, message),
    generation,
  });
  const currency = useMemo(() => currencyOf(working), [working]);
  const ctx: NodeContext = { working, fieldProps, messagesAt, setValue };

  return (
    <InputLocaleProvider currency={currency}>
      <div className="flex h-full flex-col">
        <div className="min-h-0 flex-1 space-y-4 overflow-auto p-4">
          {newer && (
            <Notice tone="amber">
              <p>
                This entry was changed elsewhere ({new Date(newer.updated_at).toLocaleString()}) while you
                were editing. Your changes are kept.
              </p>
              <div className="mt-2 flex gap-2">
                <Button onClick={() => adoptNewer(true)}>Apply my changes to the latest version</Button>
                <Button variant="secondary" onClick={() => adoptNewer(false)}>
                  Load the latest version without my changes
                </Button>
              </div>
            </Notice>
          )}
          {oldDraft && (
            <Notice tone="amber">
              <p>
                This browser holds {plural(oldDraft.patches.length, 'change')} you did not save, made on an
                earlier version of this entry
                {oldDraft.savedAt ? ` (${new Date(oldDraft.savedAt).toLocaleString()})` : ''}:
              </p>
              <ul className="mt-1 max-h-24 overflow-auto font-mono text-xs">
                {oldDraft.patches.map((p) => (
                  <li key={p.path}>
                    {p.path}: {JSON.stringify(p.value)}
                  </li>
                ))}
              </ul>
              <div className="mt-2 flex gap-2">
                <Button onClick={() => resolveOldDraft(true)}>Apply them to this version</Button>
                <Button variant="secondary" onClick={() => resolveOldDraft(false)}>
                  Discard them
                </Button>
              </div>
            </Notice>
          )}
          {problems.length > 0 && (
            <section aria-labelledby="error-summary" className="rounded-md bg-red-50 p-3 ring-1 ring-red-200">
              <h2 id="error-summary" className="text-sm font-semibold text-red-800">
                {errorCount > 0 && plural(errorCount, 'error')}
                {errorCount > 0 && warningCount > 0 && ', '}
                {warningCount > 0 && plural(warningCount, 'warning')} to check
                <span className="ml-2 text-xs font-normal text-red-700">
                  Alt+↓ / Alt+↑ moves between them
                </span>
              </h2>
              <ul className="mt-1 space-y-0.5 text-sm">
                {problems.map((p, i) => {
                  const target = focusTargetFor(p.path, inputs);
                  const where = labels.get(p.path) ?? (p.path === '' ? 'Whole document' : p.path);
                  const text = (
                    <>
                      <span className="font-medium">{where}</span>
                      {!shownAt.has(p.path) && p.path !== '' && !labels.has(p.path) && (
                        <span className="text-xs text-red-600"> (not in the form)</span>
                      )}
                      : {p.message}
                      {p.severity === 'warning' && (
                        <span className="ml-1 text-xs text-amber-700">(warning)</span>
                      )}
                    </>
                  );
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the same message may sit on one path twice
                    <li key={i} className={p.severity === 'error' ? 'text-red-800' : 'text-amber-800'}>
                      {target ? (
                        <button
                          type="button"
                          className="rounded-sm text-left hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
                          onClick={() => focusField(target)}
                          title={p.path || 'the whole document'}
                        >
                          {text}
                        </button>
                      ) : (
                        <span title={p.path || 'the whole document'}>{text}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
          {lowConfidence.size > 0 && (
            <p className="flex items-center gap-1.5 text-xs text-gray-600">
              <LowConfidenceDot confidence={Math.min(...lowConfidence.values())} />
              {plural(lowConfidence.size, 'value')} read with low confidence: check{' '}
              {lowConfidence.size === 1 ? 'it' : 'them'} against the document.
            </p>
          )}
          {model.length === 0 ? (
            <p className="text-sm text-gray-600">This entry has no data.</p>
          ) : (
            <NodeList nodes={model} ctx={ctx} />
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-gray-200 bg-white px-4 py-2.5">
          <Button
            onClick={openPreview}
            disabled={!dirty || blocked}
            title={blocked ? 'Fix or clear the fields marked invalid first' : 'Ctrl+S / ⌘S'}
            aria-keyshortcuts="Control+S Meta+S"
          >
            Save
          </Button>
          {undo ? (
            <Button
              variant="secondary"
              onClick={() => {
                setWorking(undo);
                replaced();
                setUndo(null);
                setStatus(null);
              }}
            >
              Undo discard
            </Button>
          ) : (
            <Button variant="secondary" onClick={discard} disabled={!dirty}>
              Discard changes
            </Button>
          )}
          <span className="text-sm text-gray-600">
            {dirty ? plural(patches.length, 'unsaved change') : 'No changes'}
            {blocked && `, ${plural(typing.size, 'field')} to fix before saving`}
          </span>
          <DateOrderChoice />
          <p
            role="status"
            aria-live="polite"
            className={`ml-auto max-w-full text-sm ${
              status?.tone === 'error'
                ? 'text-red-700'
                : status?.tone === 'ok'
                  ? 'text-green-700'
                  : 'text-gray-700'
            }`}
          >
            {status?.text}
          </p>
        </div>
        {previewing && (
          <PatchPreview
            original={current.data}
            patches={patches}
            labels={labels}
            error={saveError}
            onCancel={() => setPreviewing(false)}
            onConfirm={confirm}
          />
        )}
      </div>
    </InputLocaleProvider>
  );
}

/** Day-first or month-first dates: the reviewer's choice, kept in this browser. */
function DateOrderChoice() {
  const [order, setOrder] = useDateOrder();
  return (
    <label className="flex items-center gap-1 text-xs text-gray-600">
      Dates
      <select
        value={order}
        onChange={(e) => setOrder(e.target.value === 'mdy' ? 'mdy' : 'dmy')}
        className="rounded-md border-0 py-0.5 pl-1.5 pr-6 text-xs ring-1 ring-inset ring-gray-300"
      >
        <option value="dmy">{datePattern('dmy')}</option>
        <option value="mdy">{datePattern('mdy')}</option>
      </select>
    </label>
  );
}

function Notice({ tone, children }: { tone: 'amber'; children: React.ReactNode }) {
  return (
    <div
      role="alert"
      className={`rounded-md p-3 text-sm ring-1 ${tone === 'amber' ? 'bg-amber-50 text-amber-900 ring-amber-200' : ''}`}
    >
      {children}
    </div>
  );
}

type FieldPropsFor = (pointer: string) => {
  value: unknown;
  messages?: FieldMessage[];
  lowConfidence: number | null;
  onChange: (v: unknown) => void;
  onFocus: () => void;
  onProblem: (message: string | null) => void;
  generation: number;
};

interface NodeContext {
  working: Data;
  fieldProps: FieldPropsFor;
  messagesAt: Map<string, FieldMessage[]>;
  setValue: (pointer: string, value: unknown) => void;
}

/** Plain fields in a two-column grid first, then fieldsets and tables full width. */
function NodeList({ nodes, ctx }: { nodes: FormNode[]; ctx: NodeContext }) {
  const fields = nodes.filter((n) => n.kind === 'field' && n.fieldType !== 'json' && n.fieldType !== 'text');
  const wide = nodes.filter((n) => !fields.includes(n));
  return (
    <>
      {fields.length > 0 && (
        <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
          {fields.map((n) => (n.kind === 'field' ? <Field key={n.pointer} node={n} ctx={ctx} /> : null))}
        </div>
      )}
      {wide.map((n) => {
        if (n.kind === 'field') return <Field key={n.pointer} node={n} ctx={ctx} />;
        if (n.kind === 'list') return <ListField key={n.pointer} node={n} ctx={ctx} />;
        if (n.kind === 'table') return <TableField key={n.pointer} node={n} ctx={ctx} />;
        return (
          <fieldset key={n.pointer} className="min-w-0 rounded-md p-3 ring-1 ring-gray-200">
            <legend className="px-1 text-sm font-semibold text-gray-800">
              {n.label}
              {n.required && <span className="text-red-600"> *</span>}
            </legend>
            <FieldMessages messages={ctx.messagesAt.get(n.pointer) ?? []} />
            <div className="space-y-3">
              {n.children.length > 0 ? (
                <NodeList nodes={n.children} ctx={ctx} />
              ) : (
                <p className="text-xs text-gray-500">Empty.</p>
              )}
            </div>
          </fieldset>
        );
      })}
    </>
  );
}

function Field({ node, ctx }: { node: Extract<FormNode, { kind: 'field' }>; ctx: NodeContext }) {
  return (
    <FieldInput
      pointer={node.pointer}
      label={node.label}
      fieldType={node.fieldType}
      enumValues={node.enumValues}
      required={node.required}
      description={node.description}
      {...ctx.fieldProps(node.pointer)}
    />
  );
}

/** An array of primitives: one input per item, with add and remove. */
function ListField({ node, ctx }: { node: ListNode; ctx: NodeContext }) {
  const value = valueAt(ctx.working, node.pointer);
  const items = Array.isArray(value) ? value : [];
  return (
    <fieldset className="min-w-0 rounded-md p-3 ring-1 ring-gray-200">
      <legend className="px-1 text-sm font-semibold text-gray-800">
        {node.label} <span className="font-normal text-gray-500">({items.length})</span>
      </legend>
      <FieldMessages messages={ctx.messagesAt.get(node.pointer) ?? []} />
      <ul className="space-y-1.5">
        {items.map((_, i) => {
          const pointer = `${node.pointer}/${i}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity but their position
            <li key={i} className="flex items-start gap-1">
              <div className="min-w-0 flex-1">
                <FieldInput
                  pointer={pointer}
                  label={`${node.label} ${i + 1}`}
                  fieldType={node.fieldType}
                  enumValues={node.enumValues}
                  hideLabel
                  {...ctx.fieldProps(pointer)}
                />
              </div>
              <Button
                variant="ghost"
                aria-label={`Remove ${node.label} ${i + 1}`}
                onClick={() =>
                  ctx.setValue(
                    node.pointer,
                    items.filter((__, j) => j !== i),
                  )
                }
              >
                ✕
              </Button>
            </li>
          );
        })}
      </ul>
      <Button
        variant="secondary"
        className="mt-2"
        aria-label={`Add an item to ${node.label}`}
        onClick={() => ctx.setValue(node.pointer, [...items, node.fieldType === 'boolean' ? false : null])}
      >
        Add item
      </Button>
    </fieldset>
  );
}

function TableField({ node, ctx }: { node: TableNode; ctx: NodeContext }) {
  const value = valueAt(ctx.working, node.pointer);
  const rows = Array.isArray(value) ? (value as unknown[]) : [];
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row);
    ctx.setValue(node.pointer, next);
  };
  const addRow = () => {
    ctx.setValue(node.pointer, [...rows, emptyRow(node.columns)]);
    // Focus the new row's first cell once it is rendered.
    const first = node.columns[0];
    if (first) requestAnimationFrame(() => focusField(cellPointer(node.pointer, rows.length, first.key)));
  };
  return (
    <section
      aria-labelledby={`${fieldId(node.pointer)}-title`}
      className="min-w-0 rounded-md ring-1 ring-gray-200"
    >
      <header className="flex items-center justify-between gap-2 px-3 py-2">
        <h3 id={`${fieldId(node.pointer)}-title`} className="text-sm font-semibold text-gray-800">
          {node.label} <span className="font-normal text-gray-500">({rows.length})</span>
          {node.required && <span className="text-red-600"> *</span>}
        </h3>
        <Button variant="secondary" onClick={addRow}>
          Add row
        </Button>
      </header>
      <div className="px-3">
        <FieldMessages messages={ctx.messagesAt.get(node.pointer) ?? []} />
      </div>
      {rows.length === 0 ? (
        <p className="px-3 pb-3 text-xs text-gray-500">No rows.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead className="bg-gray-50 text-left text-xs font-medium text-gray-600">
              <tr>
                <th scope="col" className="w-8 px-2 py-1.5">
                  #
                </th>
                {node.columns.map((c) => (
                  <th key={c.key} scope="col" className="px-2 py-1.5">
                    {c.label}
                    {c.required && <span className="text-red-600"> *</span>}
                  </th>
                ))}
                <th scope="col" className="px-2 py-1.5">
                  <span className="sr-only">Row actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((_, i) => {
                const rowPointer = `${node.pointer}/${i}`;
                const rowMessages = ctx.messagesAt.get(rowPointer) ?? [];
                return [
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
                  <tr key={i} className="align-top">
                    <td className="px-2 py-1.5 text-xs text-gray-500">{i + 1}</td>
                    {node.columns.map((c) => {
                      const pointer = cellPointer(node.pointer, i, c.key);
                      return (
                        <td
                          key={c.key}
                          className={`px-1 py-1 ${c.fieldType === 'json' ? 'min-w-48' : 'min-w-24'}`}
                        >
                          <FieldInput
                            pointer={pointer}
                            label={`${c.label}, row ${i + 1}`}
                            fieldType={c.fieldType}
                            enumValues={c.enumValues}
                            required={c.required}
                            hideLabel
                            {...ctx.fieldProps(pointer)}
                          />
                        </td>
                      );
                    })}
                    <td className="whitespace-nowrap px-1 py-1">
                      <Button
                        variant="ghost"
                        className="px-1.5"
                        aria-label={`Move row ${i + 1} up`}
                        disabled={i === 0}
                        onClick={() => move(i, i - 1)}
                      >
                        ↑
                      </Button>
                      <Button
                        variant="ghost"
                        className="px-1.5"
                        aria-label={`Move row ${i + 1} down`}
                        disabled={i === rows.length - 1}
                        onClick={() => move(i, i + 1)}
                      >
                        ↓
                      </Button>
                      <Button
                        variant="ghost"
                        className="px-1.5"
                        aria-label={`Remove row ${i + 1}`}
                        onClick={() =>
                          ctx.setValue(
                            node.pointer,
                            rows.filter((__, j) => j !== i),
                          )
                        }
                      >
                        ✕
                      </Button>
                    </td>
                  </tr>,
                  rowMessages.length > 0 && (
                    <tr key={`${rowPointer}#messages`}>
                      <td />
                      <td colSpan={node.columns.length + 1} className="px-1 pb-1.5">
                        <FieldMessages messages={rowMessages} />
                      </td>
                    </tr>
                  ),
                ];
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
