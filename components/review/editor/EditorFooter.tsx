'use client';

import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useDateOrder } from '@/components/review/editor/input-locale';
import { type ProblemStore, useTypingCount } from '@/components/review/editor/problem-store';
import { watchWhenIdle } from '@/components/review/editor/watch-when-idle';
import { Button } from '@/components/ui/button';
import { diffToPatches } from '@/lib/review/diff';
import { type FormValues, fromFormValues } from '@/lib/review/form-values';
import { datePattern } from '@/lib/review/locale-text';

export type Status = { tone: 'ok' | 'error' | 'info'; text: string } | null;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Save, discard (or undo it), how many changes wait, and what just happened. */
export function EditorFooter({
  form,
  base,
  generation,
  store,
  status,
  canUndo,
  onSave,
  onDiscard,
  onUndo,
}: {
  form: UseFormReturn<FormValues>;
  base: Record<string, unknown>;
  /** Changes when the values are replaced (discard, undo, a newer version): counted again. */
  generation: number;
  store: ProblemStore;
  status: Status;
  canUndo: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onUndo: () => void;
}) {
  const changes = useChangeCount(form, base, generation);
  const typing = useTypingCount(store);
  const blocked = typing > 0;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-gray-200 bg-white px-4 py-2.5">
      <Button
        onClick={onSave}
        disabled={changes === 0 || blocked}
        title={blocked ? 'Fix or clear the fields marked invalid first' : 'Ctrl+S / ⌘S'}
        aria-keyshortcuts="Control+S Meta+S"
      >
        Save
      </Button>
      {canUndo ? (
        <Button variant="secondary" onClick={onUndo}>
          Undo discard
        </Button>
      ) : (
        <Button variant="secondary" onClick={onDiscard} disabled={changes === 0 && !blocked}>
          Discard changes
        </Button>
      )}
      <span className="text-sm text-gray-600">
        {changes > 0 ? plural(changes, 'unsaved change') : 'No changes'}
        {blocked && `, ${plural(typing, 'field')} to fix before saving`}
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

/**
 * How many patches the edits make. Counting diffs the whole document, so it runs once the
 * keystroke has painted (coalesced while typing fast): it may lag a key behind, the input never.
 */
function useChangeCount(
  form: UseFormReturn<FormValues>,
  base: Record<string, unknown>,
  generation: number,
): number {
  const [changes, setChanges] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a replaced form (generation) is counted again
  useEffect(() => {
    const count = () => setChanges(diffToPatches(base, fromFormValues(form.getValues())).length);
    count();
    return watchWhenIdle(form, count);
  }, [form, base, generation]);
  return changes;
}
