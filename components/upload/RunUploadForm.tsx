'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input, Label, Textarea } from '@/components/ui/input';
import { DeploymentSelect } from '@/components/upload/DeploymentSelect';
import { FilePicker } from '@/components/upload/FilePicker';

type Result =
  | { ok: true; data: { runId: string; submitErrors: string[] } }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

type Phase = { kind: 'idle' } | { kind: 'uploading'; loaded: number; total: number } | { kind: 'submitting' };

const MB = 1024 * 1024;
const size = (bytes: number) =>
  bytes < 100 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MB).toFixed(1)} MB`;

function countOf(input: HTMLInputElement | null) {
  const list = Array.from(input?.files ?? []);
  return { count: list.length, bytes: list.reduce((n, f) => n + f.size, 0) };
}

/** Posts the form to /api/runs with XMLHttpRequest: fetch cannot report upload progress. */
function postWithProgress(
  form: FormData,
  onProgress: (loaded: number, total: number) => void,
): Promise<Result> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/runs');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as Result | null;
      resolve(
        body && typeof body === 'object' && 'ok' in body
          ? body
          : { ok: false, message: `The desk answered ${xhr.status}.` },
      );
    };
    xhr.onerror = () =>
      resolve({ ok: false, message: 'The upload was interrupted: check the connection and try again.' });
    xhr.send(form);
  });
}

/**
 * Many documents at once: files (or a ZIP of files) and URLs, sent as one run — an async entry
 * for one document, batches of up to 100 for more. Shows the upload's own progress, then opens
 * the run's live page.
 */
export function RunUploadForm({
  deployments,
  isAdmin,
  maxUploadBytes,
  maxFileBytes,
}: {
  deployments: { id: string; name: string }[];
  isAdmin: boolean;
  maxUploadBytes: number;
  maxFileBytes: number;
}) {
  const router = useRouter();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [result, setResult] = useState<Result | null>(null);
  const [selected, setSelected] = useState<{ count: number; bytes: number }>({ count: 0, bytes: 0 });
  // Files picked before the page was interactive are counted once it is; until then the
  // button stays disabled, so the form is never submitted the browser's own way.
  const [ready, setReady] = useState(false);
  const filesRef = useRef<HTMLInputElement>(null);
  const countFiles = () => setSelected(countOf(filesRef.current));
  useEffect(() => {
    setSelected(countOf(filesRef.current));
    setReady(true);
  }, []);
  const errors = result && !result.ok ? result.fieldErrors : undefined;
  const busy = phase.kind !== 'idle';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const files = form.getAll('files').filter((f): f is File => f instanceof File && f.size > 0);
    const tooBig = files.find((f) => f.size > maxFileBytes);
    if (tooBig) {
      setResult({
        ok: false,
        message: 'Check the form.',
        fieldErrors: { files: [`${tooBig.name} is larger than ${maxFileBytes / MB} MB.`] },
      });
      return;
    }
    if (files.reduce((n, f) => n + f.size, 0) > maxUploadBytes) {
      setResult({
        ok: false,
        message: 'Check the form.',
        fieldErrors: {
          files: [`Uploads are limited to ${maxUploadBytes / MB} MB in all; split them into several runs.`],
        },
      });
      return;
    }
    setResult(null);
    setPhase({ kind: 'uploading', loaded: 0, total: 1 });
    const answer = await postWithProgress(form, (loaded, total) => {
      setPhase(loaded >= total ? { kind: 'submitting' } : { kind: 'uploading', loaded, total });
    });
    if (answer.ok) {
      router.push(`/runs/${answer.data.runId}`);
      return;
    }
    setPhase({ kind: 'idle' });
    setResult(answer);
  }

  const pct = phase.kind === 'uploading' ? Math.round((phase.loaded / Math.max(1, phase.total)) * 100) : 100;

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <div>
        <Label htmlFor="run-deployment">Deployment</Label>
        <DeploymentSelect id="run-deployment" deployments={deployments} disabled={busy} />
        <FieldError id="deploymentId-error" messages={errors?.deploymentId} />
      </div>
      <div>
        <Label htmlFor="run-files">Files</Label>
        <FilePicker
          id="run-files"
          name="files"
          multiple
          zip
          disabled={busy}
          aria-describedby="files-hint files-error"
          ref={filesRef}
          onChange={countFiles}
        />
        <p id="files-hint" className="mt-1 text-xs text-gray-600">
          PDF, images, Word, Excel or text — or a ZIP of them. Up to {maxFileBytes / MB} MB a file,{' '}
          {maxUploadBytes / MB} MB in all.
          {selected.count > 0 && (
            <span className="font-medium text-gray-800">
              {' '}
              {selected.count} selected ({size(selected.bytes)}).
            </span>
          )}
        </p>
        <FieldError id="files-error" messages={errors?.files} />
      </div>
      <div>
        <Label htmlFor="run-urls">URLs, one per line</Label>
        <Textarea
          id="run-urls"
          name="urls"
          rows={3}
          disabled={busy}
          placeholder="https://example.com/invoices/1042.pdf"
          aria-describedby="urls-error"
        />
        <FieldError id="urls-error" messages={errors?.urls} />
      </div>
      <details className="rounded-md bg-gray-50 px-3 py-2 ring-1 ring-gray-200 ring-inset">
        <summary className="cursor-pointer text-sm font-medium text-gray-700">
          Name and metadata (optional)
        </summary>
        <div className="mt-3 space-y-4">
          <div>
            <Label htmlFor="run-name">Run name</Label>
            <Input id="run-name" name="name" maxLength={200} disabled={busy} placeholder="October invoices" />
          </div>
          <MetadataField
            id="run-metadata"
            name="metadata"
            label="Metadata for every document (JSON object)"
            rows={2}
            placeholder='{"supplier_group": "EU"}'
            disabled={busy}
            messages={errors?.metadata}
          />
          <MetadataField
            id="run-item-metadata"
            name="itemMetadata"
            label="Metadata per document (JSON object keyed by file name or URL)"
            rows={3}
            placeholder='{"invoice-1042.pdf": {"po": "PO-77"}}'
            disabled={busy}
            messages={errors?.itemMetadata}
          />
          {isAdmin && (
            <label className="flex items-start gap-2 text-sm text-gray-700">
              <input
                type="checkbox"
                name="webhooks"
                value="off"
                disabled={busy}
                className="mt-0.5 rounded border-gray-300 text-indigo-600"
              />
              <span>
                Switch webhooks off for this run
                <span className="block text-xs text-gray-500">
                  The desk then learns of progress by polling the service only — what happens when the service
                  cannot reach this desk.
                </span>
              </span>
            </label>
          )}
        </div>
      </details>
      {phase.kind !== 'idle' && (
        <div aria-live="polite" className="space-y-1">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            className="h-2 w-full overflow-hidden rounded-full bg-gray-100 ring-1 ring-gray-200 ring-inset"
          >
            <div className="h-full bg-indigo-600 transition-all" style={{ width: `${pct}%` }} />
          </div>
          <p className="text-sm text-gray-600">
            {phase.kind === 'uploading'
              ? `Uploading… ${pct}% (${size(phase.loaded)} of ${size(phase.total)})`
              : 'Uploaded. Sending the documents to the extraction service…'}
          </p>
        </div>
      )}
      {result && !result.ok && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {result.message}
        </p>
      )}
      <SubmitButton pending={busy} busyLabel="Starting…" disabled={!ready || deployments.length === 0}>
        Start run
      </SubmitButton>
    </form>
  );
}

/** A JSON object typed in by hand; the server says what is wrong with it (`{name}-error`). */
function MetadataField({
  id,
  name,
  label,
  rows,
  placeholder,
  disabled,
  messages,
}: {
  id: string;
  name: string;
  label: string;
  rows: number;
  placeholder: string;
  disabled: boolean;
  messages?: string[];
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        name={name}
        rows={rows}
        disabled={disabled}
        placeholder={placeholder}
        aria-describedby={`${name}-error`}
        className="font-mono"
      />
      <FieldError id={`${name}-error`} messages={messages} />
    </div>
  );
}
