'use client';

import { createContext, useContext } from 'react';
import { type Control, useFieldArray } from 'react-hook-form';
import type { ProblemStore } from '@/components/review/editor/problem-store';
import type { FormValues, Row } from '@/lib/review/form-values';

/** What every field of the editor needs; stable between keystrokes (only `generation` changes, rarely). */
export interface EditorContextValue {
  control: Control<FormValues>;
  problems: ProblemStore;
  /** Bumped when the values are replaced from outside, so inputs show them instead of what was typed. */
  generation: number;
  /** Sets a field's value (a data value: converted to form values here). */
  change: (name: string, value: unknown) => void;
  focusSource: (pointer: string) => void;
  /** The confidence of the value at a pointer when it is low, else null. */
  lowConfidence: (pointer: string) => number | null;
}

const Context = createContext<EditorContextValue | null>(null);
export const EditorProvider = Context.Provider;

export function useEditor(): EditorContextValue {
  const ctx = useContext(Context);
  if (!ctx) throw new Error('useEditor outside the review editor');
  return ctx;
}

/**
 * The rows of an array field, with stable ids. The form's values have no static shape (any
 * schema), so the one cast of names to react-hook-form's typed paths lives here.
 */
export function useRows(name: string) {
  const { control } = useEditor();
  return useFieldArray({
    control: control as unknown as Control<{ rows: Row[] }>,
    name: name as 'rows',
  });
}
