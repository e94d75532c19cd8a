'use client';

import { memo, useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useEditor } from '@/components/review/editor/context';
import { useFieldMessages } from '@/components/review/editor/problem-store';
import { FieldInput } from '@/components/review/fields';
import type { FieldType } from '@/lib/review/field-types';
import type { EnumValue } from '@/lib/review/form-model';
import { fromFormValue } from '@/lib/review/form-values';

export interface FormFieldProps {
  pointer: string;
  /** The react-hook-form name of the value. */
  name: string;
  label: string;
  fieldType: FieldType;
  enumValues?: EnumValue[];
  required?: boolean;
  description?: string;
  hideLabel?: boolean;
}

/**
 * One input bound to its own value and its own problems: a keystroke re-renders this field
 * only (and whatever watches all values: the footer, the live checks).
 */
export const FormField = memo(function FormField(props: FormFieldProps) {
  const { pointer, name } = props;
  const ctx = useEditor();
  const raw = useWatch({ control: ctx.control, name });
  const messages = useFieldMessages(ctx.problems, pointer);
  // Text that is no value yet belongs to the field, wherever its row moves.
  const typed = useRef<{ pointer: string; message: string | null }>({ pointer, message: null });
  useEffect(() => {
    const last = typed.current;
    if (last.pointer === pointer) return;
    if (last.message !== null) {
      ctx.problems.setTyping(last.pointer, null);
      ctx.problems.setTyping(pointer, last.message);
    }
    typed.current = { pointer, message: last.message };
  }, [pointer, ctx.problems]);
  return (
    <FieldInput
      pointer={pointer}
      label={props.label}
      fieldType={props.fieldType}
      enumValues={props.enumValues}
      required={props.required}
      description={props.description}
      hideLabel={props.hideLabel}
      value={fromFormValue(raw)}
      messages={messages}
      lowConfidence={ctx.lowConfidence(pointer)}
      onChange={(v) => ctx.change(name, v)}
      onFocus={() => ctx.focusSource(pointer)}
      onProblem={(m) => {
        typed.current = { pointer, message: m };
        ctx.problems.setTyping(pointer, m);
      }}
      generation={ctx.generation}
    />
  );
});
