'use client';

import { useRouter } from 'next/navigation';
import { type ReactNode, useState, useTransition } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';

type Result<T> =
  | { ok: true; data: T }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

/**
 * A settings form posting its fields to a server action: shows the action's message and field
 * errors, refreshes the page on success, and can show what the action returned once (a new
 * token or secret that is never shown again).
 */
export function ActionForm<T>({
  action,
  children,
  submit,
  shown,
  className = '',
}: {
  action: (form: FormData) => Promise<Result<T>>;
  children: ReactNode;
  submit: string;
  /** A field of the result to show once (a new token or secret), with its label. */
  shown?: { label: string; field: string };
  className?: string;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<Result<T> | null>(null);
  return (
    <form
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const data = new FormData(form);
        start(async () => {
          const r = await action(data);
          setResult(r);
          if (r.ok) {
            form.reset();
            router.refresh();
          }
        });
      }}
    >
      {children}
      <div className="mt-3 flex items-center gap-3">
        <Button type="submit" disabled={pending}>
          {submit}
        </Button>
        {result && !result.ok && (
          <p role="alert" className="text-sm text-red-700">
            {result.message}
            {Object.entries(result.fieldErrors ?? {}).map(([field, messages]) => (
              <span key={field} className="block">
                {messages.join(' ')}
              </span>
            ))}
          </p>
        )}
      </div>
      {result?.ok && shown && (
        <div className="mt-3">
          <ShownOnce
            label={shown.label}
            value={String((result.data as Record<string, unknown>)[shown.field] ?? '')}
          />
        </div>
      )}
    </form>
  );
}

/** One button calling a server action with a fixed input (revoke, replay, delete…). */
export function ActionButton<I>({
  action,
  input,
  children,
  variant = 'secondary',
  confirm,
  label,
}: {
  action: (input: I) => Promise<Result<unknown>>;
  input: I;
  children: ReactNode;
  variant?: ButtonVariant;
  confirm?: string;
  label?: string;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant={variant}
        disabled={pending}
        aria-label={label}
        onClick={() => {
          if (confirm && !window.confirm(confirm)) return;
          start(async () => {
            const r = await action(input);
            if (r.ok) {
              setError(null);
              router.refresh();
            } else setError(r.message);
          });
        }}
      >
        {children}
      </Button>
      {error && (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}

/** A value shown once, to copy now. */
export function ShownOnce({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-amber-50 p-3 text-sm ring-1 ring-amber-200" role="status">
      <p className="font-medium text-amber-900">{label} — copy it now, it is not shown again:</p>
      <code className="mt-1 block break-all font-mono text-gray-900" data-testid="shown-once">
        {value}
      </code>
    </div>
  );
}
