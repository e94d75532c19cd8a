'use client';

import { useRouter } from 'next/navigation';
import { type ChangeEvent, useState } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { Input, Label, Textarea } from '@/components/ui/input';
import { type FormAction, FormField, FormMessage, useActionForm } from './form';

const MAX_FILE_BYTES = 900_000;

/**
 * A structure document ({name?, schema, hints}) pasted or read from a .json file. Imports a
 * new structure, or adds a version to one (`structureId`). The text stays in the box until
 * it is accepted, whatever is wrong with it.
 */
export function StructureJsonForm({
  action,
  structureId,
  defaultJson = '',
  submitLabel,
}: {
  action: FormAction<{ structureId: string; version: number }>;
  structureId?: string;
  defaultJson?: string;
  submitLabel: string;
}) {
  const router = useRouter();
  const [fileMessage, setFileMessage] = useState<string | null>(null);
  const { state, pending, onSubmit, fieldErrors, fieldProps } = useActionForm(action, (created) => {
    router.push(`/service/structures/${created.structureId}?version=${created.version}`);
  });

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileMessage(`${file.name} is too large: structure files up to 900 kB can be imported.`);
      return;
    }
    const text = await file.text();
    // The text goes into the box, so what is submitted is what the admin sees.
    const textarea = input.form?.elements.namedItem('json');
    if (textarea instanceof HTMLTextAreaElement) textarea.value = text;
    setFileMessage(`Read ${file.name} into the box below. Check it, then ${submitLabel.toLowerCase()}.`);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {structureId && <input type="hidden" name="structureId" value={structureId} />}
      {!structureId && (
        <FormField id="structure-name" label="Name" name="name" errors={fieldErrors}>
          <Input
            id="structure-name"
            name="name"
            maxLength={120}
            placeholder="Taken from the JSON's &quot;name&quot; when left empty"
            {...fieldProps('name')}
          />
        </FormField>
      )}
      <div>
        <Label htmlFor="structure-file">Upload a .json file</Label>
        <Input
          id="structure-file"
          type="file"
          accept=".json,application/json"
          onChange={readFile}
          className="file:mr-3 file:rounded file:border-0 file:bg-indigo-50 file:px-2 file:py-1 file:text-indigo-700"
        />
        {fileMessage && <p className="mt-1 text-sm text-gray-600">{fileMessage}</p>}
      </div>
      <FormField
        id="structure-json"
        label="…or paste the structure as JSON"
        name="json"
        errors={fieldErrors}
        hint={
          <>
            <code>schema</code>: a JSON Schema (draft 2020-12). <code>hints</code>: how the engine finds each
            value — <code>fields</code> (JSON Pointer → labels and type), optional <code>tables</code> and{' '}
            <code>rules</code>. <code>name</code> is optional.
          </>
        }
      >
        <Textarea
          id="structure-json"
          name="json"
          rows={18}
          spellCheck={false}
          defaultValue={defaultJson}
          placeholder={
            '{\n  "name": "Delivery note",\n  "schema": { "type": "object", "properties": { … } },\n  "hints": { "fields": { "/note_number": { "labels": ["Note no."], "type": "string" } } }\n}'
          }
          className="font-mono text-xs"
          {...fieldProps('json')}
        />
      </FormField>
      <FormMessage state={state} success="Saved. Opening it…" />
      <SubmitButton pending={pending} busyLabel="Checking…">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
