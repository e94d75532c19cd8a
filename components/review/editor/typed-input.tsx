'use client';

import { useEffect, useRef, useState } from 'react';
import { useInputLocale } from '@/components/review/editor/input-locale';
import {
  datePattern,
  formatDate,
  formatNumber,
  type ReadResult,
  readDate,
  readNumber,
} from '@/lib/review/locale-text';

export interface TypedInputProps {
  common: Record<string, unknown>;
  fieldType: 'number' | 'integer' | 'money' | 'date';
  value: unknown;
  className: string;
  onChange: (value: unknown) => void;
  /** What is wrong with the text on screen (null once it reads as a value): blocks saving. */
  onProblem: (message: string | null) => void;
  /** Changes when the values are replaced from outside (discard, a newer version): show them. */
  generation: number;
}

/**
 * A number, money or date field as plain text that is never re-written while the reviewer
 * types: the text stays exactly as typed, the value is read from it on each key, and only on
 * leaving the field is it shown again in the reviewer's format. Text that reads as no value
 * stays on screen and is reported, so it can be fixed instead of silently saved as null.
 */
export function TypedInput({
  common,
  fieldType,
  value,
  className,
  onChange,
  onProblem,
  generation,
}: TypedInputProps) {
  const loc = useInputLocale();
  const isDate = fieldType === 'date';
  const read = (text: string): ReadResult<unknown> =>
    isDate
      ? readDate(text, loc.dateOrder)
      : readNumber(text, { decimal: loc.decimal, integer: fieldType === 'integer' });
  const show = (v: unknown): string => {
    if (v === null || v === undefined) return '';
    if (isDate) return typeof v === 'string' ? formatDate(v, loc.dateOrder) : String(v);
    if (typeof v !== 'number') return String(v);
    return formatNumber(v, {
      locale: loc.locale,
      minimumFractionDigits: fieldType === 'money' ? loc.moneyDigits : 0,
    });
  };
  const format = `${loc.locale}|${loc.dateOrder}|${loc.moneyDigits}`;
  const [text, setText] = useState(() => show(value));
  const seen = useRef({ generation, format });
  const problemRef = useRef(onProblem);
  problemRef.current = onProblem;

  // The value changed from outside, or the format did: show it, unless the text on screen
  // already reads as it (then the reviewer's own text stays).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read/show follow `format`
  useEffect(() => {
    const reset = seen.current.generation !== generation || seen.current.format !== format;
    seen.current = { generation, format };
    setText((t) => {
      const r = read(t);
      if (!reset && r.ok && r.value === (value ?? null)) return t;
      if (!reset && !r.ok) return t;
      problemRef.current(null);
      return show(value);
    });
  }, [value, generation, format]);

  // A field that goes away takes its problem with it.
  useEffect(() => () => problemRef.current(null), []);

  return (
    <input
      {...common}
      type="text"
      inputMode={isDate ? undefined : fieldType === 'integer' ? 'numeric' : 'decimal'}
      autoComplete="off"
      placeholder={isDate ? datePattern(loc.dateOrder) : undefined}
      value={text}
      onChange={(e) => {
        const t = e.target.value;
        setText(t);
        const r = read(t);
        if (r.ok) {
          onProblem(null);
          if (r.value !== (value ?? null)) onChange(r.value);
        } else onProblem(r.message);
      }}
      onBlur={() => {
        const r = read(text);
        if (r.ok) setText(show(r.value));
      }}
      className={`${className} ${isDate ? '' : 'text-right tabular-nums'}`}
    />
  );
}
