'use client';

import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { type FormAction, FormField, FormMessage, useActionForm } from './form';
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

/** Name, structure version and price: what creating and editing a deployment both ask. */
function DeploymentFields({
  form,
  choices,
  name,
  structure,
  price,
  structureHint,
}: {
  form: Pick<ReturnType<typeof useActionForm>, 'fieldErrors' | 'fieldProps'>;
  choices: StructureChoice[];
  /** A new deployment's name is empty, with an example as placeholder. */
  name: { defaultValue: string } | { placeholder: string };
  structure: string | undefined;
  price: string;
  structureHint?: ReactNode;
}) {
  const { fieldErrors, fieldProps } = form;
  return (
    <>
      <FormField id="deployment-name" label="Name" name="name" errors={fieldErrors}>
        <Input id="deployment-name" name="name" maxLength={120} {...name} {...fieldProps('name')} />
      </FormField>
      <FormField
        id="deployment-structure"
        label="Structure version"
        name="structure"
        errors={fieldErrors}
        hint={structureHint}
      >
        <StructureVersionSelect
          choices={choices}
          defaultValue={structure}
          invalid={fieldProps('structure')}
        />
      </FormField>
      <FormField id="deployment-price" label="Price per page (EUR)" name="pricePerPage" errors={fieldErrors}>
        <Input
          id="deployment-price"
          name="pricePerPage"
          inputMode="decimal"
          defaultValue={price}
          {...fieldProps('pricePerPage')}
        />
      </FormField>
    </>
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
  const form = useActionForm(action, (created) => router.push(`/service/deployments/${created.id}`));
  const first = choices[0];
  return (
    <form onSubmit={form.onSubmit} className="space-y-4" noValidate>
      <DeploymentFields
        form={form}
        choices={choices}
        name={{ placeholder: 'Invoices (staging)' }}
        structure={first ? `${first.structureId}@${first.versions[0]}` : undefined}
        price="0.10"
      />
      <FormField id="deployment-account" label="Offered to" name="accountId" errors={form.fieldErrors}>
        <Select id="deployment-account" name="accountId" defaultValue="" {...form.fieldProps('accountId')}>
          <option value="">Every account</option>
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              Only {account.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormMessage state={form.state} success="Deployment created. Opening it…" />
      <SubmitButton pending={form.pending} busyLabel="Creating…" disabled={choices.length === 0}>
        Create deployment
      </SubmitButton>
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
  const form = useActionForm(action);
  const success = form.state?.ok
    ? `Saved: ${form.state.data.changed.join(', ')} changed. The history below shows it.`
    : null;
  return (
    <form onSubmit={form.onSubmit} className="space-y-4" noValidate>
      <input type="hidden" name="id" value={deployment.id} />
      <DeploymentFields
        form={form}
        choices={choices}
        name={{ defaultValue: deployment.name }}
        structure={`${deployment.structureId}@${deployment.structureVersion}`}
        price={priceInputValue(deployment.pricePerPage)}
        structureHint={
          <>
            API calls stay the same: callers keep using this deployment&apos;s id. Entries already extracted
            keep the version they were made with.
          </>
        }
      />
      <FormMessage state={form.state} success={success} />
      <SubmitButton pending={form.pending} busyLabel="Saving…">
        Save changes
      </SubmitButton>
    </form>
  );
}
