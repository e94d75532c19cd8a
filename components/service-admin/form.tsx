'use client';

import { type FormEvent, type ReactNode, useState, useTransition } from 'react';
import { Label } from '@/components/ui/input';
import type { ActionResult } from '@/lib/action';

export type FormAction<T> = (form: FormData) => Promise<ActionResult<T>>;

/**
 * Submits a form to a server action without React's automatic form reset: on a bad input the
 * form keeps everything the admin typed, and the field errors sit next to the fields. On
 * success `onSuccess` decides (reset, navigate, show the result).
 */
export function useActionForm<T>(
  action: FormAction<T>,
  onSuccess?: (data: T, form: HTMLFormElement) => void,
) {
  const [state, setState] = useState<ActionResult<T> | null>(null);
  const [pending, startTransition] = useTransition();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    startTransition(async () => {
      let result: ActionResult<T>;
      try {
        result = await action(data);
      } catch {
        result = { ok: false, message: 'The server could not be reached. Nothing was changed; try again.' };
      }
      setState(result);
      if (result.ok) onSuccess?.(result.data, form);
    });
  };
  const fieldErrors = state && !state.ok ? state.fieldErrors : undefined;
  /** Props for an input: marks it invalid and points it at its error message. */
  const fieldProps = (name: string) =>
    fieldErrors?.[name]?.length
      ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` }
      : { 'aria-invalid': false as const };
  return { state, pending, onSubmit, fieldErrors, fieldProps, reset: () => setState(null) };
}

export function FieldError({ name, errors }: { name: string; errors?: Record<string, string[]> }) {
  const messages = errors?.[name];
  if (!messages?.length) return null;
  return (
    <div id={`${name}-error`} className="mt-1 space-y-0.5 text-sm text-red-700">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/**
 * A labelled control, a hint under it when it needs one, and the field's error messages,
 * which the control points at through `fieldProps(name)`.
 */
export function FormField({
  id,
  label,
  name,
  errors,
  hint,
  children,
}: {
  id: string;
  label: string;
  name: string;
  errors?: Record<string, string[]>;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && <p className="mt-1 text-xs text-gray-500">{hint}</p>}
      <FieldError name={name} errors={errors} />
    </div>
  );
}

/** The form-level message: the error (role=alert) or a success note. */
export function FormMessage({
  state,
  success,
}: {
  state: ActionResult<unknown> | null;
  success?: string | null;
}) {
  if (!state) return null;
  if (!state.ok) {
    // When the message is already shown next to its field, say only that nothing was saved.
    const repeated = Object.values(state.fieldErrors ?? {}).some((messages) =>
      messages.includes(state.message),
    );
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
        {repeated ? 'Nothing was saved: fix the highlighted field and try again.' : state.message}
      </p>
    );
  }
  if (!success) return null;
  return (
    <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
      {success}
    </p>
  );
}
