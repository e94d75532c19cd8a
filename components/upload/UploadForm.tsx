'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Label, Select, Textarea } from '@/components/ui/input';
import { FilePicker } from '@/components/upload/FilePicker';
import type { ActionResult } from '@/lib/action';

type Result = ActionResult<unknown>;

function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {messages.join(' ')}
    </p>
  );
}

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
        <Select id="deploymentId" name="deploymentId" required defaultValue={deployments[0]?.id}>
          {deployments.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </Select>
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
      <Button type="submit" disabled={pending || deployments.length === 0}>
        {pending ? 'Extracting…' : 'Extract'}
      </Button>
    </form>
  );
}
