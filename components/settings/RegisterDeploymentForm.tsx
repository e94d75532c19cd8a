'use client';

import { useState, useTransition } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input, Label, Textarea } from '@/components/ui/input';
import type { ActionResult } from '@/lib/action';

type Result = ActionResult<{ id: string; name: string }>;
type Register = (form: FormData) => Promise<Result>;

/** Adds a deployment of a v3 service that does not list them (Emend's listing is an extension). */
export function RegisterDeploymentForm({ register }: { register: Register }) {
  const [state, setState] = useState<Result | null>(null);
  const [pending, start] = useTransition();
  const errors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  /** Marks a field invalid and points it at its message (`deployment-{name}-error`). */
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `deployment-${name}-error` } : {};
  const fieldError = (name: string) => <FieldError id={`deployment-${name}-error`} messages={errors[name]} />;
  return (
    <form
      // Submitted by hand, not as a form action: a refused registration keeps what was typed.
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const data = new FormData(form);
        start(async () => {
          const result = await register(data);
          setState(result);
          if (result.ok) form.reset();
        });
      }}
      className="space-y-3"
      noValidate
    >
      <div>
        <Label htmlFor="deployment-id">Deployment id</Label>
        <Input
          id="deployment-id"
          name="id"
          required
          placeholder="e.g. 3f0c2a9e-…"
          {...invalid('id')}
          className="font-mono"
        />
        {fieldError('id')}
      </div>
      <div>
        <Label htmlFor="deployment-name">Name</Label>
        <Input id="deployment-name" name="name" required {...invalid('name')} />
        {fieldError('name')}
      </div>
      <div>
        <Label htmlFor="deployment-schema">
          JSON Schema (optional: without it the form follows each entry’s data)
        </Label>
        <Textarea
          id="deployment-schema"
          name="schema"
          rows={4}
          spellCheck={false}
          className="font-mono text-xs"
          {...invalid('schema')}
        />
        {fieldError('schema')}
      </div>
      <div className="flex items-center gap-3">
        <SubmitButton pending={pending} busyLabel="Registering…">
          Register deployment
        </SubmitButton>
        {state && (
          <p
            role={state.ok ? 'status' : 'alert'}
            className={`text-sm ${state.ok ? 'text-green-800' : 'text-red-700'}`}
          >
            {state.ok
              ? `Registered “${state.data.name}”: it can be used for new extractions now.`
              : state.message}
          </p>
        )}
      </div>
    </form>
  );
}
