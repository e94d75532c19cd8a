'use client';

import { useRouter } from 'next/navigation';
import { SubmitButton } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { type FormAction, FormField, FormMessage, useActionForm } from './form';
import { formatEur } from './format';

export function CreateAccountForm({ action }: { action: FormAction<{ id: string }> }) {
  const router = useRouter();
  const { state, pending, onSubmit, fieldErrors, fieldProps } = useActionForm(action, (created) =>
    router.push(`/service/accounts/${created.id}`),
  );
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <FormField id="account-name" label="Name" name="name" errors={fieldErrors}>
        <Input id="account-name" name="name" maxLength={100} placeholder="Acme Ltd" {...fieldProps('name')} />
      </FormField>
      <FormField id="account-credits" label="Starting credits (EUR)" name="credits" errors={fieldErrors}>
        <Input
          id="account-credits"
          name="credits"
          inputMode="decimal"
          defaultValue="0"
          {...fieldProps('credits')}
        />
      </FormField>
      <FormMessage state={state} success="Account created. Opening it…" />
      <SubmitButton pending={pending} busyLabel="Creating…">
        Create account
      </SubmitButton>
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
      <FormField
        id="top-up-amount"
        label="Amount (EUR)"
        name="amount"
        errors={fieldErrors}
        hint="More than 0, at most €1,000,000.00 at a time."
      >
        <div className="flex gap-2">
          <Input
            id="top-up-amount"
            name="amount"
            inputMode="decimal"
            placeholder="50.00"
            className="max-w-40"
            {...fieldProps('amount')}
          />
          <SubmitButton pending={pending} busyLabel="Adding…">
            Top up
          </SubmitButton>
        </div>
      </FormField>
      <FormMessage state={state} success={success} />
    </form>
  );
}
