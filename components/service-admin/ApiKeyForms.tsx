'use client';

import { useState } from 'react';
import { Button, SubmitButton } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { type FormAction, FormField, FormMessage, useActionForm } from './form';

/** Creates a key and shows it once, in a box to copy from: only its hash is kept. */
export function CreateKeyForm({
  action,
  accountId,
}: {
  action: FormAction<{ key: string; name: string }>;
  accountId: string;
}) {
  const { state, pending, onSubmit, fieldErrors, fieldProps, reset } = useActionForm(action, (_data, form) =>
    form.reset(),
  );
  const [copied, setCopied] = useState(false);
  const created = state?.ok ? state.data : null;

  async function copy(key: string) {
    try {
      await navigator.clipboard.writeText(key);
      setCopied(true);
    } catch {
      // No clipboard access (plain http, permissions): the key is selected in the box instead.
      setCopied(false);
    }
  }

  return (
    <div className="space-y-4">
      {created && (
        <section
          aria-label="New API key"
          className="space-y-2 rounded-md bg-amber-50 p-3 ring-1 ring-inset ring-amber-600/30"
        >
          <p className="text-sm font-semibold text-amber-900">
            Copy the key &ldquo;{created.name}&rdquo; now: it will not be shown again.
          </p>
          <p className="text-xs text-amber-900">
            Only a hash of it is stored. Keep it in an environment variable or a secret store, never in source
            code. If it is lost, create a new key and revoke this one.
          </p>
          <div className="flex gap-2">
            <Input
              readOnly
              aria-label="API key"
              value={created.key}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs"
              data-testid="new-api-key"
            />
            <Button variant="secondary" onClick={() => copy(created.key)}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setCopied(false);
                reset();
              }}
            >
              Done
            </Button>
          </div>
        </section>
      )}
      <form onSubmit={onSubmit} className="space-y-3" noValidate>
        <input type="hidden" name="accountId" value={accountId} />
        <FormField id="key-name" label="Key name" name="name" errors={fieldErrors}>
          <div className="flex gap-2">
            <Input
              id="key-name"
              name="name"
              maxLength={100}
              placeholder="Production server"
              className="max-w-72"
              {...fieldProps('name')}
            />
            <SubmitButton pending={pending} busyLabel="Creating…">
              Create key
            </SubmitButton>
          </div>
        </FormField>
        {state && !state.ok && <FormMessage state={state} />}
      </form>
    </div>
  );
}

/** Revoke, after a confirmation that names the key; programs using it stop working at once. */
export function RevokeKeyButton({
  action,
  accountId,
  keyId,
  keyName,
}: {
  action: FormAction<{ id: string }>;
  accountId: string;
  keyId: string;
  keyName: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const { state, pending, onSubmit } = useActionForm(action, () => setConfirming(false));
  if (!confirming) {
    return (
      <div className="space-y-1">
        <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Revoke ${keyName}`}>
          Revoke
        </Button>
        {state && !state.ok && <FormMessage state={state} />}
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-2" aria-label={`Confirm revoking ${keyName}`}>
      <input type="hidden" name="accountId" value={accountId} />
      <input type="hidden" name="keyId" value={keyId} />
      <p className="max-w-64 text-xs text-gray-700">
        Revoke &ldquo;{keyName}&rdquo;? Requests with this key are refused from now on. This cannot be undone.
      </p>
      <div className="flex gap-2">
        <SubmitButton pending={pending} busyLabel="Revoking…" variant="danger">
          Revoke key
        </SubmitButton>
        <Button variant="ghost" onClick={() => setConfirming(false)} disabled={pending}>
          Cancel
        </Button>
      </div>
      <FormMessage state={state} />
    </form>
  );
}
