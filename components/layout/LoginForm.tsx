'use client';

import { useActionState } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';

export function LoginForm({
  callbackUrl,
  login,
}: {
  callbackUrl: string;
  login: (state: string | null, form: FormData) => Promise<string | null>;
}) {
  const [error, action, pending] = useActionState(login, null);
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <div>
        <Label htmlFor="email">Email</Label>
        <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
      </div>
      <div>
        <Label htmlFor="password">Password</Label>
        <Input id="password" name="password" type="password" autoComplete="current-password" required />
      </div>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <SubmitButton pending={pending} busyLabel="Signing in…" className="w-full">
        Sign in
      </SubmitButton>
    </form>
  );
}
