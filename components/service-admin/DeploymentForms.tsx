'use client';

import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Input, Label, Select } from '@/components/ui/input';
import { FieldError, type FormAction, FormMessage, useActionForm } from './form';
import { priceInputValue } from './format';

export interface StructureChoice {
  structureId: string;
  name: string;
  /** Newest first. */
  versions: number[];
}

/** Every version of every structure, grouped by structure; the value is "structureId@version". */
function StructureVersionSelect({
  choices,
  defaultValue,
  invalid,
}: {
  choices: StructureChoice[];
  defaultValue?: string;
  invalid: Record<string, unknown>;
}) {
  return (
    <Select id="deployment-structure" name="structure" defaultValue={defaultValue} required {...invalid}>
      {!defaultValue && <option value="">Pick a structure version…</option>}
      {choices.map((choice) => (
        <optgroup key={choice.structureId} label={choice.name}>
          {choice.versions.map((version, i) => (
            <option key={version} value={`${choice.structureId}@${version}`}>
              {choice.name} — version {version}
              {i === 0 ? ' (latest)' : ''}
            </option>
          ))}
        </optgroup>
      ))}
    </Select>
  );
}

export function CreateDeploymentForm({
  action,
  choices,
  accounts,
}: {
  action: FormAction<{ id: string }>;
  choices: StructureChoice[];
  accounts: { id: string; name: string }[];
}) {
  const router = useRouter();
  const { state, pending, onSubmit, fieldErrors, fieldProps } = useActionForm(action, (created) =>
    router.push(`/service/deployments/${created.id}`),
  );
  const first = choices[0];
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div>
        <Label htmlFor="deployment-name">Name</Label>
        <Input
          id="deployment-name"
          name="name"
          maxLength={120}
          placeholder="Invoices (staging)"
          {...fieldProps('name')}
        />
        <FieldError name="name" errors={fieldErrors} />
      </div>
      <div>
        <Label htmlFor="deployment-structure">Structure version</Label>
        <StructureVersionSelect
          choices={choices}
          defaultValue={first ? `${first.structureId}@${first.versions[0]}` : undefined}
          invalid={fieldProps('structure')}
        />
        <FieldError name="structure" errors={fieldErrors} />
      </div>
      <div>
        <Label htmlFor="deployment-price">Price per page (EUR)</Label>
        <Input
          id="deployment-price"
          name="pricePerPage"
          inputMode="decimal"
          defaultValue="0.10"
          {...fieldProps('pricePerPage')}
        />
        <FieldError name="pricePerPage" errors={fieldErrors} />
      </div>
      <div>
        <Label htmlFor="deployment-account">Offered to</Label>
        <Select id="deployment-account" name="accountId" defaultValue="" {...fieldProps('accountId')}>
          <option value="">Every account</option>
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              Only {account.name}
            </option>
          ))}
        </Select>
        <FieldError name="accountId" errors={fieldErrors} />
      </div>
      <FormMessage state={state} success="Deployment created. Opening it…" />
      <Button type="submit" disabled={pending || choices.length === 0}>
        {pending ? 'Creating…' : 'Create deployment'}
      </Button>
    </form>
  );
}

export function EditDeploymentForm({
  action,
  choices,
  deployment,
}: {
  action: FormAction<{ changed: string[] }>;
  choices: StructureChoice[];
  deployment: {
    id: string;
    name: string;
    structureId: string;
    structureVersion: number;
    pricePerPage: number;
  };
}) {
  const { state, pending, onSubmit, fieldErrors, fieldProps } = useActionForm(action);
  const success = state?.ok
    ? `Saved: ${state.data.changed.join(', ')} changed. The history below shows it.`
    : null;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <input type="hidden" name="id" value={deployment.id} />
      <div>
        <Label htmlFor="deployment-name">Name</Label>
        <Input
          id="deployment-name"
          name="name"
          maxLength={120}
          defaultValue={deployment.name}
          {...fieldProps('name')}
        />
        <FieldError name="name" errors={fieldErrors} />
      </div>
      <div>
        <Label htmlFor="deployment-structure">Structure version</Label>
        <StructureVersionSelect
          choices={choices}
          defaultValue={`${deployment.structureId}@${deployment.structureVersion}`}
          invalid={fieldProps('structure')}
        />
        <p className="mt-1 text-xs text-gray-500">
          API calls stay the same: callers keep using this deployment&apos;s id. Entries already extracted
          keep the version they were made with.
        </p>
        <FieldError name="structure" errors={fieldErrors} />
      </div>
      <div>
        <Label htmlFor="deployment-price">Price per page (EUR)</Label>
        <Input
          id="deployment-price"
          name="pricePerPage"
          inputMode="decimal"
          defaultValue={priceInputValue(deployment.pricePerPage)}
          {...fieldProps('pricePerPage')}
        />
        <FieldError name="pricePerPage" errors={fieldErrors} />
      </div>
      <FormMessage state={state} success={success} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : 'Save changes'}
      </Button>
    </form>
  );
}
