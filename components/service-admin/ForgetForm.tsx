'use client';

import { SubmitButton } from '@/components/ui/button';
import { type FormAction, FormMessage, useActionForm } from './form';

/** A button that deletes what was learned (one field, or an issuer), with the server's answer. */
export function ForgetForm({
  action,
  fields,
  label,
}: {
  action: FormAction<{ deleted: number }>;
  /** Hidden inputs naming what to forget. */
  fields: Record<string, string>;
  label: string;
}) {
  const { state, pending, onSubmit } = useActionForm(action);
  return (
    <form onSubmit={onSubmit} className="inline-flex items-center gap-2" noValidate>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton pending={pending} busyLabel="Forgetting…" variant="ghost" aria-label={label}>
        Forget
      </SubmitButton>
      {state && !state.ok && <FormMessage state={state} />}
    </form>
  );
}
