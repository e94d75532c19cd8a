import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { findDeskDeployment } from '@/lib/desk/deployments';
import {
  detectDocumentType,
  MAX_RUN_FILE_BYTES,
  MAX_RUN_ITEMS,
  MAX_RUN_UPLOAD_BYTES,
  unzipDocuments,
} from '@/lib/desk/runs/uploads';
import { BodyTooLargeError, MalformedBodyError, readCappedForm } from '@/lib/http/capped-body';
import { UserFacingError } from '@/lib/user-facing-error';

/**
 * The new-run upload form (POST /api/runs, multipart): read within the upload cap, then every
 * field checked, ZIPs expanded and each file's type detected — all before anything is stored.
 */

const MB = 1024 * 1024;
const jsonObject = z.record(z.string(), z.unknown());

/** The request itself is refused (status + message), before any field is looked at. */
export class RunFormRefused extends UserFacingError {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** One field is wrong; the message is shown under it. */
export class RunFieldError extends UserFacingError {
  constructor(field: string, message: string) {
    super('Check the form.', { [field]: [message] });
  }
}

export interface RunForm {
  deploymentId: string;
  /** The run's name, or null to name it after its contents. */
  name: string | null;
  files: { name: string; bytes: Uint8Array; mimeType: string }[];
  urls: string[];
  /** Common metadata merged with the item's own (keyed by file name or URL) and `extra`. */
  metadataFor(key: string, extra: Record<string, unknown>): Record<string, unknown>;
  /** The admin's switch to run without webhooks (to check the polling fallback). */
  webhooksOff: boolean;
}

/** The multipart body within MAX_RUN_UPLOAD_BYTES, whatever Content-Length says. */
export async function readRunForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new RunFormRefused(415, 'Send the documents as multipart/form-data.');
  }
  try {
    return await readCappedForm(request, MAX_RUN_UPLOAD_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new RunFormRefused(
        413,
        `Uploads are limited to ${MAX_RUN_UPLOAD_BYTES / MB} MB in all; split the documents into several runs.`,
      );
    }
    if (error instanceof MalformedBodyError) {
      throw new RunFormRefused(400, 'The upload could not be read as a form.');
    }
    throw error;
  }
}

function parseJsonField(value: FormDataEntryValue | null, field: string): Record<string, unknown> | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return null;
  if (text.length > 64 * 1024) throw new RunFieldError(field, 'Keep metadata under 64 KB.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RunFieldError(field, 'This is not valid JSON.');
  }
  const object = jsonObject.safeParse(parsed);
  if (!object.success || Array.isArray(parsed))
    throw new RunFieldError(field, 'Give a JSON object: {"key": "value"}.');
  return object.data;
}

function parseUrls(value: FormDataEntryValue | null): string[] {
  const urls = String(value ?? '')
    .split(/\r?\n/)
    .map((u) => u.trim())
    .filter(Boolean);
  for (const url of urls) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new RunFieldError('urls', `Not a URL: ${url.slice(0, 100)}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new RunFieldError('urls', `Only http and https addresses: ${url.slice(0, 100)}`);
    }
    if (url.length > 4096) throw new RunFieldError('urls', 'A URL is longer than 4096 characters.');
  }
  return urls;
}

/** Files, with ZIPs expanded, each within the caps. */
async function collectFiles(form: FormData): Promise<{ name: string; bytes: Uint8Array }[]> {
  const uploads: { name: string; bytes: Uint8Array }[] = [];
  let budget = MAX_RUN_UPLOAD_BYTES;
  for (const value of form.getAll('files')) {
    if (!(value instanceof File) || value.size === 0) continue;
    if (value.size > MAX_RUN_FILE_BYTES) {
      throw new RunFieldError('files', `${value.name} is larger than ${MAX_RUN_FILE_BYTES / MB} MB.`);
    }
    const bytes = new Uint8Array(await value.arrayBuffer());
    const isZip = /\.zip$/i.test(value.name) || value.type === 'application/zip';
    if (isZip) uploads.push(...(await unzipDocuments(bytes, budget)));
    else uploads.push({ name: value.name, bytes });
    budget = MAX_RUN_UPLOAD_BYTES - uploads.reduce((n, u) => n + u.bytes.byteLength, 0);
  }
  return uploads;
}

/** Every field of the form checked; throws RunFieldError (or UploadRefused) naming the field. */
export async function parseRunForm(db: Db, form: FormData, options: { isAdmin: boolean }): Promise<RunForm> {
  const deploymentId = String(form.get('deploymentId') ?? '');
  if (!z.string().uuid().safeParse(deploymentId).success || !(await findDeskDeployment(db, deploymentId))) {
    throw new RunFieldError('deploymentId', 'Pick a deployment from the list.');
  }
  const common = parseJsonField(form.get('metadata'), 'metadata') ?? {};
  const perItem = parseJsonField(form.get('itemMetadata'), 'itemMetadata') ?? {};
  const uploads = await collectFiles(form);
  const urls = parseUrls(form.get('urls'));
  const total = uploads.length + urls.length;
  if (total === 0) throw new RunFieldError('files', 'Choose files, a ZIP of files, or enter URLs.');
  if (total > MAX_RUN_ITEMS) {
    throw new RunFieldError('files', `A run takes up to ${MAX_RUN_ITEMS} documents; this one has ${total}.`);
  }
  const files: RunForm['files'] = [];
  const unreadable: string[] = [];
  for (const upload of uploads) {
    const mimeType = await detectDocumentType(upload.bytes, upload.name);
    if (mimeType) files.push({ ...upload, mimeType });
    else unreadable.push(upload.name);
  }
  if (unreadable.length) {
    const more = unreadable.length > 5 ? ` and ${unreadable.length - 5} more` : '';
    throw new RunFieldError(
      'files',
      `Not a PDF, image, Word, Excel or text document: ${unreadable.slice(0, 5).join(', ')}${more}.`,
    );
  }
  return {
    deploymentId,
    name:
      String(form.get('name') ?? '')
        .trim()
        .slice(0, 200) || null,
    files,
    urls,
    metadataFor: (key, extra) => {
      const own = perItem[key];
      return { ...common, ...(own && typeof own === 'object' && !Array.isArray(own) ? own : {}), ...extra };
    },
    webhooksOff: options.isAdmin && form.get('webhooks') === 'off',
  };
}
