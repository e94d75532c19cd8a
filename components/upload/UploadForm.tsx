'use client';

import { useActionState } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Label, Textarea } from '@/components/ui/input';
import { DeploymentSelect } from '@/components/upload/DeploymentSelect';
import { FilePicker } from '@/components/upload/FilePicker';
import type { ActionResult } from '@/lib/action';

type Result = ActionResult<unknown>;

export function UploadForm({
  deployments,
  runExtraction,
}: {
  deployments: { id: string; name: string }[];
  runExtraction: (form: FormData) => Promise<Result>;
}) {
  const [state, action, pending] = useActionState(
    (_previous: Result | null, form: FormData) => runExtraction(form),
    null,
  );
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    <form action={action} className="space-y-5">
      <div>
        <Label htmlFor="deploymentId">Deployment</Label>
        <DeploymentSelect id="deploymentId" deployments={deployments} />
        {deployments.length === 0 && (
          <p className="mt-1 text-sm text-amber-800">
            No deployments are known yet: the service may be unreachable.
          </p>
        )}
        <FieldError id="deploymentId-error" messages={errors?.deploymentId} />
      </div>
      <div>
        <Label htmlFor="file">Document</Label>
        <FilePicker id="file" name="file" aria-describedby="file-error" />
        <FieldError id="file-error" messages={errors?.file} />
      </div>
      <div>
        <Label htmlFor="text">…or paste text</Label>
        <Textarea id="text" name="text" rows={6} placeholder="Invoice number: INV-1 …" />
        <FieldError id="text-error" messages={errors?.text} />
      </div>
      {state && !state.ok && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.message}
        </p>
      )}
      <SubmitButton pending={pending} busyLabel="Extracting…" disabled={deployments.length === 0}>
        Extract
      </SubmitButton>
    </form>
  );
}
