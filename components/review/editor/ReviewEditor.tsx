'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type EditorContextValue, EditorProvider } from '@/components/review/editor/context';
import { EditorFooter } from '@/components/review/editor/EditorFooter';
import { focusField } from '@/components/review/editor/focus';
import { currencyOf, InputLocaleProvider } from '@/components/review/editor/input-locale';
import { JumpToField } from '@/components/review/editor/JumpToField';
import { NodeList } from '@/components/review/editor/NodeList';
import { NewerVersionNotice, OldDraftNotice } from '@/components/review/editor/Notices';
import { ProblemSummary } from '@/components/review/editor/ProblemSummary';
import { ProblemStore } from '@/components/review/editor/problem-store';
import { type SaveInput, type SaveResult, useEntryDraft } from '@/components/review/editor/use-entry-draft';
import { useLiveValidator } from '@/components/review/editor/use-live-validator';
import { watchWhenIdle } from '@/components/review/editor/watch-when-idle';
import { LowConfidenceDot } from '@/components/review/fields';
import { PatchPreview } from '@/components/review/PatchPreview';
import type { Entry, Patch, Source } from '@/lib/contract/schemas';
import { lowConfidencePointers } from '@/lib/review/errors';
import {
  buildFormModel,
  fieldPointers,
  focusTargetFor,
  formPointers,
  pointerLabels,
} from '@/lib/review/form-model';
import {
  basePointer,
  currentPointer,
  type FormValues,
  toFormValue,
  toFormValues,
} from '@/lib/review/form-values';
import { exceptionFirstOrder, nextInOrder } from '@/lib/review/navigation';
import { findProblems } from '@/lib/review/problems';

export type { SaveInput, SaveResult };

export interface ReviewEditorProps {
  entry: Entry;
  schema: Record<string, unknown> | null;
  save: (input: SaveInput) => Promise<SaveResult>;
  onFocusSource?: (source: Source | null) => void;
  /** Changes to put back into the form (a conflicting outbox correction); `id` makes each request apply once. */
  putBack?: { id: string; patches: Patch[] } | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The extracted data as a form (one react-hook-form for the entry); edits leave as JSON
 * Pointer patches, built from the original and the edited values, after a preview.
 */
export function ReviewEditor({ entry, schema, save, onFocusSource, putBack }: ReviewEditorProps) {
  const form = useForm<FormValues>({ defaultValues: toFormValues(entry.data) });
  const [store] = useState(() => new ProblemStore());
  const draft = useEntryDraft({ entry, form, store, save });
  const { current, edit, edited } = draft;
  const putBackDone = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per request, not per render of the hook
  useEffect(() => {
    if (!putBack || putBackDone.current === putBack.id) return;
    putBackDone.current = putBack.id;
    draft.putBack(putBack.patches);
  }, [putBack]);
  const [jumping, setJumping] = useState<{ labels: Map<string, string>; inputs: string[] } | null>(null);
  const [preview, setPreview] = useState<{
    patches: Patch[];
    labels: Map<string, string>;
    remaining: string[];
  } | null>(null);

  // The form's shape follows the version edits are made on, not each keystroke.
  const model = useMemo(() => buildFormModel(schema, current.data), [schema, current.data]);
  const lowConfidence = useMemo(() => lowConfidencePointers(current.confidence), [current.confidence]);
  const currency = useMemo(() => currencyOf(current.data), [current.data]);

  // Problems follow the values as they are typed; fields and the summary subscribe to them.
  const live = useLiveValidator(schema);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a replaced form (generation) is checked again
  useEffect(() => {
    const find = (values: FormValues) =>
      store.setFound(
        findProblems({ errors: current.errors, saveFieldErrors: draft.saveFieldErrors, model, values, live }),
      );
    find(form.getValues());
    // Checked once the keystroke has painted (coalesced while typing fast), never before it.
    return watchWhenIdle(form, () => find(form.getValues()));
  }, [form, store, model, current.errors, draft.saveFieldErrors, live, draft.generation]);

  // The page passes a new function on each of its renders: kept in a ref, so the fields'
  // context (and with it every field) does not change with it.
  const onFocusSourceRef = useRef(onFocusSource);
  onFocusSourceRef.current = onFocusSource;
  /** The place a value was read: the field's own source, else its row's or its table's. */
  const focusSource = useCallback(
    (pointer: string) => {
      const onFocusSource = onFocusSourceRef.current;
      if (!onFocusSource) return;
      const base = basePointer(pointer, form.getValues());
      for (let p = base ?? ''; p !== ''; p = p.slice(0, p.lastIndexOf('/'))) {
        const source = current.sources[p];
        if (source) return onFocusSource(source);
      }
      onFocusSource(null);
    },
    [current.sources, form],
  );

  const ctx = useMemo<EditorContextValue>(
    () => ({
      control: form.control,
      problems: store,
      generation: draft.generation,
      change: (name, value) => {
        // No shouldDirty: react-hook-form would deep-compare the whole form on every key; what
        // changed is the diff of the original and the edited values (the footer, the preview).
        form.setValue(name, toFormValue(value));
        edit();
      },
      focusSource,
      lowConfidence: (pointer) => {
        const base = basePointer(pointer, form.getValues());
        return (base !== null && lowConfidence.get(base)) || null;
      },
    }),
    [form, store, draft.generation, edit, focusSource, lowConfidence],
  );

  /** Where each place of the form is now, for the summary, the preview and keyboard moves. */
  const where = useCallback(() => {
    const data = edited();
    return {
      inputs: fieldPointers(model, data),
      labels: pointerLabels(model, data),
      shown: new Set(formPointers(model, data)),
    };
  }, [edited, model]);

  const { setStatus, setSaveError, patchesNow } = draft;
  const openPreview = useCallback(() => {
    if (store.typingCount() > 0) {
      setStatus({
        tone: 'error',
        text: 'Some fields hold text that is not a value yet: fix or clear them before saving.',
      });
      return;
    }
    const patches = patchesNow();
    if (patches.length === 0) {
      setStatus({ tone: 'info', text: 'Nothing to save: no field changed.' });
      return;
    }
    setSaveError(null);
    const { labels } = where();
    const remaining = store
      .problems()
      .filter((p) => p.severity === 'error')
      .map((p) => `${labels.get(p.path) ?? (p.path || 'Whole document')}: ${p.message}`);
    setPreview({ patches, labels, remaining });
  }, [store, setStatus, setSaveError, patchesNow, where]);

  // Ctrl/Cmd+S opens the preview; Alt+↓/↑ jump to the next/previous field with a problem.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        if (!preview) openPreview();
      } else if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        if (!preview) {
          const { inputs, labels } = where();
          setJumping({ inputs, labels });
        }
      } else if (e.altKey && !e.ctrlKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
        const { inputs } = where();
        const targets = new Set(store.problems().map((p) => focusTargetFor(p.path, inputs)));
        const problemInputs = inputs.filter((p) => targets.has(p));
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
  }, [openPreview, preview, where, store]);

  /** Fields that need a look: with a problem, or read with low confidence (where they are now). */
  const fieldsRef = useRef<HTMLDivElement>(null);
  const flagged = useCallback(() => {
    const { inputs: all } = where();
    // Tab follows the page's order (plain fields in a grid come before fieldsets and tables).
    const inputs = Array.from(
      fieldsRef.current?.querySelectorAll<HTMLElement>('[data-pointer]') ?? [],
      (el) => el.dataset.pointer ?? '',
    ).filter((p) => all.includes(p));
    const values = form.getValues();
    const targets = new Set<string>();
    for (const p of store.problems()) {
      const t = focusTargetFor(p.path, inputs);
      if (t) targets.add(t);
    }
    for (const base of lowConfidence.keys()) {
      const p = currentPointer(base, values);
      if (p && inputs.includes(p)) targets.add(p);
    }
    return { inputs, order: exceptionFirstOrder(inputs, targets), first: targets.size > 0 };
  }, [where, form, store, lowConfidence]);

  // Tab between fields visits the flagged ones first (in form order), then the rest; Tab
  // into the form lands on the first flagged field.
  const onTab = useCallback(
    (e: React.KeyboardEvent) => {
      if (e.key !== 'Tab' || e.ctrlKey || e.altKey || e.metaKey) return;
      const pointer = (e.target as HTMLElement).dataset?.pointer;
      if (!pointer) return;
      const { order } = flagged();
      const next = nextInOrder(order, pointer, e.shiftKey);
      if (next === null) return;
      e.preventDefault();
      focusField(next);
    },
    [flagged],
  );
  const onEnterForm = useCallback(
    (e: React.FocusEvent) => {
      // From another field, Tab itself chose (onTab); from anywhere else, this is the way in.
      const from = e.relatedTarget as HTMLElement | null;
      if (from?.dataset?.pointer) return;
      if (!tabbing.current || !(e.target as HTMLElement).dataset?.pointer) return;
      const { order, first } = flagged();
      if (first && order[0] !== (e.target as HTMLElement).dataset.pointer) focusField(order[0]);
    },
    [flagged],
  );
  // Whether focus is moving by the keyboard (a click into a field must stay where it is).
  const tabbing = useRef(false);
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (e.key === 'Tab') tabbing.current = true;
    };
    const up = () => {
      tabbing.current = false;
    };
    window.addEventListener('keydown', down, true);
    window.addEventListener('pointerdown', up, true);
    window.addEventListener('keyup', up, true);
    return () => {
      window.removeEventListener('keydown', down, true);
      window.removeEventListener('pointerdown', up, true);
      window.removeEventListener('keyup', up, true);
    };
  }, []);

  return (
    <InputLocaleProvider currency={currency}>
      <EditorProvider value={ctx}>
        <div className="flex h-full flex-col">
          {/* biome-ignore lint/a11y/noStaticElementInteractions: Tab order within the fields, the fields themselves take the keys */}
          <div
            ref={fieldsRef}
            className="min-h-0 flex-1 space-y-4 overflow-auto p-4"
            onKeyDown={onTab}
            onFocus={onEnterForm}
          >
            {draft.newer && <NewerVersionNotice newer={draft.newer} onAdopt={draft.adoptNewer} />}
            {draft.oldDraft && <OldDraftNotice draft={draft.oldDraft} onResolve={draft.resolveOldDraft} />}
            <ProblemSummary store={store} where={where} />
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
              <NodeList nodes={model} />
            )}
          </div>
          <EditorFooter
            form={form}
            base={current.data}
            generation={draft.generation}
            store={store}
            status={draft.status}
            canUndo={draft.undo !== null}
            onSave={openPreview}
            onDiscard={draft.discard}
            onUndo={draft.undoDiscard}
          />
          {jumping && (
            <JumpToField
              labels={jumping.labels}
              inputs={jumping.inputs}
              onJump={focusField}
              onClose={() => setJumping(null)}
            />
          )}
          {preview && (
            <PatchPreview
              original={current.data}
              patches={preview.patches}
              labels={preview.labels}
              remaining={preview.remaining}
              error={draft.saveError}
              onCancel={() => setPreview(null)}
              onConfirm={async (notes) => {
                const result = await draft.confirm(preview.patches, notes);
                if (result.ok) setPreview(null);
                return result;
              }}
            />
          )}
        </div>
      </EditorProvider>
    </InputLocaleProvider>
  );
}
