'use client';

import { useEffect, useState } from 'react';
import { useInputLocale } from '@/components/review/editor/input-locale';
import { TypedInput } from '@/components/review/editor/typed-input';
import type { FieldType } from '@/lib/review/field-types';
import {
  displayValue as display,
  fitsWidget,
  fromRawText,
  isNumericField as isNumeric,
} from '@/lib/review/field-types';
import type { EnumValue } from '@/lib/review/form-model';

/** A DOM id for a JSON Pointer (ids cannot hold every character a key may have). */
export function fieldId(pointer: string): string {
  return `f${Array.from(pointer)
    .map((ch) => (/[A-Za-z0-9_-]/.test(ch) ? ch : `.${ch.codePointAt(0)?.toString(16)}.`))
    .join('')}`;
}

/** One message shown under a field: a validation error of the entry, or a save problem. */
export interface FieldMessage {
  message: string;
  severity: 'error' | 'warning';
}

export interface FieldInputProps {
  pointer: string;
  label: string;
  fieldType: FieldType;
  enumValues?: EnumValue[];
  value: unknown;
  messages?: FieldMessage[];
  /** The confidence of a value flagged as low, else null. */
  lowConfidence?: number | null;
  required?: boolean;
  description?: string;
  /** In a table cell: the label is for screen readers only. */
  hideLabel?: boolean;
  onChange: (value: unknown) => void;
  onFocus: () => void;
  /** What is wrong with the text typed (null once it reads as a value): the editor blocks saving. */
  onProblem?: (message: string | null) => void;
  /** Changes when the values are replaced from outside (discard, a newer version). */
  generation?: number;
}

const inputClasses =
  'block w-full rounded-md border-0 px-2 py-1 text-sm text-gray-900 shadow-sm ring-1 ring-inset ring-gray-300 placeholder:text-gray-400 focus:outline-none focus:ring-2 focus:ring-inset focus:ring-indigo-600 aria-[invalid=true]:bg-red-50 aria-[invalid=true]:ring-red-500';

export function LowConfidenceDot({ confidence }: { confidence: number }) {
  const text = `low confidence ${confidence.toFixed(2)}`;
  return (
    <span
      className="inline-block h-2 w-2 shrink-0 rounded-full bg-amber-500"
      title={text}
      role="img"
      aria-label={text}
    />
  );
}

export function FieldMessages({ id, messages }: { id?: string; messages: FieldMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="mt-0.5 space-y-0.5 text-xs">
      {messages.map((m, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: messages may repeat; their order is stable
          key={i}
          className={m.severity === 'error' ? 'text-red-700' : 'text-amber-700'}
        >
          {m.severity === 'warning' && <span className="font-medium">Warning: </span>}
          {m.message}
        </li>
      ))}
    </ul>
  );
}

export function FieldInput(props: FieldInputProps) {
  const { pointer, label, fieldType, value, messages = [], lowConfidence, required, hideLabel } = props;
  const id = fieldId(pointer);
  // Once a value does not fit the widget, the field stays text while it is on screen:
  // switching back and forth while the reviewer types would be jarring.
  const fits = fitsWidget(value, fieldType);
  const [asText, setAsText] = useState(!fits);
  useEffect(() => {
    if (!fits) setAsText(true);
  }, [fits]);
  const invalid = messages.some((m) => m.severity === 'error');
  const describedBy = [messages.length ? `${id}-messages` : null, props.description ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    name: pointer,
    'data-pointer': pointer,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required || undefined,
    'aria-label': hideLabel ? label : undefined,
    onFocus: props.onFocus,
  };

  let control: React.ReactNode;
  if (asText || !fits) {
    control = (
      <input
        {...common}
        type="text"
        value={display(value)}
        onChange={(e) => props.onChange(fromRawText(e.target.value, fieldType))}
        className={inputClasses}
        title={`Extracted as ${JSON.stringify(value)}; expected ${fieldType === 'money' ? 'a number' : `a ${fieldType}`}`}
      />
    );
  } else if (fieldType === 'boolean') {
    control = (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(e) => props.onChange(e.target.checked)}
        className="h-4 w-4 rounded border-gray-300 text-indigo-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
      />
    );
  } else if (fieldType === 'enum') {
    const options = props.enumValues ?? [];
    const at = options.indexOf(value as EnumValue);
    const unknown = at === -1 && value !== null && value !== undefined;
    control = (
      <select
        {...common}
        value={at >= 0 ? String(at) : unknown ? 'current' : ''}
        onChange={(e) => {
          const v = e.target.value;
          if (v === 'current') return;
          props.onChange(v === '' ? null : options[Number(v)]);
        }}
        className={inputClasses}
      >
        <option value="">—</option>
        {unknown && <option value="current">{display(value)} (not an allowed value)</option>}
        {options.map((o, i) => (
          <option key={display(o)} value={String(i)}>
            {o === null ? 'null' : String(o)}
          </option>
        ))}
      </select>
    );
  } else if (fieldType === 'text') {
    control = (
      <textarea
        {...common}
        rows={3}
        value={display(value)}
        onChange={(e) => props.onChange(e.target.value)}
        className={inputClasses}
      />
    );
  } else if (fieldType === 'json') {
    control = <JsonInput common={common} value={value} onChange={props.onChange} />;
  } else if (isNumeric(fieldType) || fieldType === 'date') {
    control = (
      <TypedInput
        common={common}
        fieldType={fieldType as 'number' | 'integer' | 'money' | 'date'}
        value={value}
        className={inputClasses}
        onChange={props.onChange}
        onProblem={props.onProblem ?? noProblem}
        generation={props.generation ?? 0}
      />
    );
  } else {
    const type = fieldType === 'email' ? 'email' : 'text';
    control = (
      <input
        {...common}
        type={type}
        value={display(value)}
        placeholder={fieldType === 'datetime' ? 'YYYY-MM-DDThh:mm:ssZ' : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        className={inputClasses}
      />
    );
  }

  const dot = lowConfidence !== null && lowConfidence !== undefined && (
    <LowConfidenceDot confidence={lowConfidence} />
  );
  return (
    <div className={`min-w-0 ${hideLabel ? 'relative' : ''}`}>
      {hideLabel ? (
        dot && <div className="absolute -right-0.5 -top-0.5 z-10 flex">{dot}</div>
      ) : (
        <label htmlFor={id} className="mb-0.5 flex items-center gap-1.5 text-xs font-medium text-gray-600">
          <span className="truncate">{label}</span>
          {fieldType === 'money' && <CurrencyTag />}
          {required && (
            <span className="text-red-600" title="required">
              *
            </span>
          )}
          {dot}
        </label>
      )}
      {control}
      {props.description && !hideLabel && (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-gray-500">
          {props.description}
        </p>
      )}
      <FieldMessages id={`${id}-messages`} messages={messages} />
    </div>
  );
}

const noProblem = () => {};

/** The entry's currency beside a money field's label. */
function CurrencyTag() {
  const { currency } = useInputLocale();
  return currency ? <span className="font-normal text-gray-500">{currency}</span> : null;
}

/** Any JSON value as text; the value changes only when the text parses. */
function JsonInput({
  common,
  value,
  onChange,
}: {
  common: Record<string, unknown>;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const [draft, setDraft] = useState(() => JSON.stringify(value ?? null, null, 2));
  const [bad, setBad] = useState(false);
  // The value changed from outside (discard, undo, a reload): show it.
  useEffect(() => {
    setDraft((d) => {
      try {
        if (JSON.stringify(JSON.parse(d)) === JSON.stringify(value ?? null)) return d;
      } catch {}
      setBad(false);
      return JSON.stringify(value ?? null, null, 2);
    });
  }, [value]);
  return (
    <>
      <textarea
        {...common}
        rows={Math.min(8, draft.split('\n').length)}
        spellCheck={false}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          try {
            onChange(JSON.parse(e.target.value));
            setBad(false);
          } catch {
            setBad(true);
          }
        }}
        className={`${inputClasses} font-mono text-xs`}
      />
      {bad && (
        <p className="mt-0.5 text-xs text-red-700">Not valid JSON yet: the last valid value is kept.</p>
      )}
    </>
  );
}
