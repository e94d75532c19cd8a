'use client';

import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { FieldError, type FormAction, FormMessage, useActionForm } from './form';
import { formatEur } from './format';

export function CreateAccountForm({ action }: { action: FormAction<{ id: string }> }) {
  const router = useRouter();
  const { state, pending, onSubmit, fieldErrors, fieldProps } = useActionForm(action, (created) =>
    router.push(`/service/accounts/${created.id}`),
  );
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div>
        <Label htmlFor="account-name">Name</Label>
        <Input id="account-name" name="name" maxLength={100} placeholder="Acme Ltd" {...fieldProps('name')} />
        <FieldError name="name" errors={fieldErrors} />
      </div>
      <div>
        <Label htmlFor="account-credits">Starting credits (EUR)</Label>
        <Input
          id="account-credits"
          name="credits"
          inputMode="decimal"
          defaultValue="0"
          {...fieldProps('credits')}
        />
        <FieldError name="credits" errors={fieldErrors} />
      </div>
      <FormMessage state={state} success="Account created. Opening it…" />
      <Button type="submit" disabled={pending}>
        {pending ? 'Creating…' : 'Create account'}
      </Button>
    </form>
  );
}

export function TopUpForm({
  action,
  accountId,
}: {
  action: FormAction<{ added: number; balance: number }>;
  accountId: string;
}) {
  const { state, pending, onSubmit, fieldErrors, fieldProps } = useActionForm(action, (_data, form) =>
    form.reset(),
  );
  const success = state?.ok
    ? `Added ${formatEur(state.data.added)}. The balance is now ${formatEur(state.data.balance)}.`
    : null;
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <input type="hidden" name="accountId" value={accountId} />
      <div>
        <Label htmlFor="top-up-amount">Amount (EUR)</Label>
        <div className="flex gap-2">
          <Input
            id="top-up-amount"
            name="amount"
            inputMode="decimal"
            placeholder="50.00"
            className="max-w-40"
            {...fieldProps('amount')}
          />
          <Button type="submit" disabled={pending}>
            {pending ? 'Adding…' : 'Top up'}
          </Button>
        </div>
        <p className="mt-1 text-xs text-gray-500">More than 0, at most €1,000,000.00 at a time.</p>
        <FieldError name="amount" errors={fieldErrors} />
      </div>
      <FormMessage state={state} success={success} />
    </form>
  );
}
