'use client';

import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label, Textarea } from '@/components/ui/input';
import type { ActionResult } from '@/lib/action';

type Result = ActionResult<{ id: string; name: string }>;
type Register = (form: FormData) => Promise<Result>;

/** Adds a deployment of a v3 service that does not list them (Emend's listing is an extension). */
export function RegisterDeploymentForm({ register }: { register: Register }) {
  const [state, setState] = useState<Result | null>(null);
  const [pending, start] = useTransition();
  const errors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  const fieldError = (name: string) =>
    errors[name]?.[0] ? (
      <p id={`deployment-${name}-error`} className="mt-1 text-sm text-red-700">
        {errors[name][0]}
      </p>
    ) : null;
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
          aria-invalid={errors.id ? true : undefined}
          aria-describedby={errors.id ? 'deployment-id-error' : undefined}
          className="font-mono"
        />
        {fieldError('id')}
      </div>
      <div>
        <Label htmlFor="deployment-name">Name</Label>
        <Input
          id="deployment-name"
          name="name"
          required
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'deployment-name-error' : undefined}
        />
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
          aria-invalid={errors.schema ? true : undefined}
          aria-describedby={errors.schema ? 'deployment-schema-error' : undefined}
        />
        {fieldError('schema')}
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Registering…' : 'Register deployment'}
        </Button>
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
