import { z } from 'zod';
import type { ActionResult } from '@/lib/action';
import { currentUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { deskClient } from '@/lib/desk/api';
import { findDeskDeployment } from '@/lib/desk/deployments';
import { storeDocument } from '@/lib/desk/documents';
import type { RunItemInput } from '@/lib/desk/runs/planning';
import { createRun } from '@/lib/desk/runs/submit';
import {
  detectDocumentType,
  MAX_RUN_FILE_BYTES,
  MAX_RUN_ITEMS,
  MAX_RUN_UPLOAD_BYTES,
  UploadRefused,
  unzipDocuments,
} from '@/lib/desk/runs/uploads';
import { ExtractionApiError } from '@/lib/extraction-api/errors';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
// Submitting up to ten batches of base64 documents can take a while.
export const maxDuration = 300;

type Result = ActionResult<{ runId: string; submitErrors: string[] }>;

const answer = (status: number, result: Result) => Response.json(result, { status });
const refuse = (status: number, message: string, fieldErrors?: Record<string, string[]>) =>
  answer(status, { ok: false, message, fieldErrors });

const MB = 1024 * 1024;
const jsonObject = z.record(z.string(), z.unknown());

function parseJsonField(value: FormDataEntryValue | null, field: string): Record<string, unknown> | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return null;
  if (text.length > 64 * 1024) throw new FieldError(field, 'Keep metadata under 64 KB.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FieldError(field, 'This is not valid JSON.');
  }
  const object = jsonObject.safeParse(parsed);
  if (!object.success || Array.isArray(parsed))
    throw new FieldError(field, 'Give a JSON object: {"key": "value"}.');
  return object.data;
}

class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads the request body within the total cap while it streams in: a body that goes over is
 * cut off at the cap, not read to its end.
 */
async function readCapped(request: Request, cap: number): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * New run of many documents (files, a ZIP of files, URLs): multipart POST from the upload page.
 * Not a server action — those are capped at 25 MB and cannot report upload progress. Each
 * file is kept in the desk's documents, then the run is submitted as an async entry (one
 * document) or batches of ≤ 100 (more).
 */
export async function POST(request: Request) {
  const user = await currentUser();
  if (!user) return refuse(401, 'Your session has ended. Sign in again.');
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    return refuse(415, 'Send the documents as multipart/form-data.');
  }
  const declared = Number(request.headers.get('content-length') ?? 0);
  const tooLarge = `Uploads are limited to ${MAX_RUN_UPLOAD_BYTES / MB} MB in all; split the documents into several runs.`;
  if (declared > MAX_RUN_UPLOAD_BYTES) return refuse(413, tooLarge);
  const body = await readCapped(request, MAX_RUN_UPLOAD_BYTES);
  if (!body) return refuse(413, tooLarge);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    return refuse(400, 'The upload could not be read as a form.');
  }

  try {
    const db = await getDb();
    const deploymentId = String(form.get('deploymentId') ?? '');
    if (!z.string().uuid().safeParse(deploymentId).success || !(await findDeskDeployment(db, deploymentId))) {
      throw new FieldError('deploymentId', 'Pick a deployment from the list.');
    }
    const common = parseJsonField(form.get('metadata'), 'metadata') ?? {};
    const perItem = parseJsonField(form.get('itemMetadata'), 'itemMetadata') ?? {};
    const metadataFor = (key: string, extra: Record<string, unknown>) => {
      const own = perItem[key];
      return { ...common, ...(own && typeof own === 'object' && !Array.isArray(own) ? own : {}), ...extra };
    };

    // Files, with ZIPs expanded, each checked before anything is stored.
    const uploads: { name: string; bytes: Uint8Array }[] = [];
    let budget = MAX_RUN_UPLOAD_BYTES;
    for (const value of form.getAll('files')) {
      if (!(value instanceof File) || value.size === 0) continue;
      if (value.size > MAX_RUN_FILE_BYTES) {
        throw new FieldError('files', `${value.name} is larger than ${MAX_RUN_FILE_BYTES / MB} MB.`);
      }
      const bytes = new Uint8Array(await value.arrayBuffer());
      const isZip = /\.zip$/i.test(value.name) || value.type === 'application/zip';
      if (isZip) uploads.push(...(await unzipDocuments(bytes, budget)));
      else uploads.push({ name: value.name, bytes });
      budget = MAX_RUN_UPLOAD_BYTES - uploads.reduce((n, u) => n + u.bytes.byteLength, 0);
    }
    const urls = String(form.get('urls') ?? '')
      .split(/\r?\n/)
      .map((u) => u.trim())
      .filter(Boolean);
    for (const url of urls) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new FieldError('urls', `Not a URL: ${url.slice(0, 100)}`);
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw new FieldError('urls', `Only http and https addresses: ${url.slice(0, 100)}`);
      }
      if (url.length > 4096) throw new FieldError('urls', 'A URL is longer than 4096 characters.');
    }
    const total = uploads.length + urls.length;
    if (total === 0) throw new FieldError('files', 'Choose files, a ZIP of files, or enter URLs.');
    if (total > MAX_RUN_ITEMS) {
      throw new FieldError('files', `A run takes up to ${MAX_RUN_ITEMS} documents; this one has ${total}.`);
    }
    const typed: { name: string; bytes: Uint8Array; mimeType: string }[] = [];
    const unreadable: string[] = [];
    for (const upload of uploads) {
      const mimeType = await detectDocumentType(upload.bytes, upload.name);
      if (mimeType) typed.push({ ...upload, mimeType });
      else unreadable.push(upload.name);
    }
    if (unreadable.length) {
      throw new FieldError(
        'files',
        `Not a PDF, image, Word, Excel or text document: ${unreadable.slice(0, 5).join(', ')}${unreadable.length > 5 ? ` and ${unreadable.length - 5} more` : ''}.`,
      );
    }

    // Keep the reviewer's copies first: whatever the service answers, nothing uploaded is lost.
    const items: RunItemInput[] = [];
    for (const file of typed) {
      const document = await storeDocument(db, {
        bytes: file.bytes,
        filename: file.name,
        mimeType: file.mimeType,
        uploadedBy: user.id,
      });
      items.push({
        document: {
          type: 'base64',
          content: Buffer.from(file.bytes).toString('base64'),
          filename: file.name.slice(0, 255),
          mime_type: file.mimeType,
        },
        documentId: document.id,
        documentName: file.name,
        metadata: metadataFor(file.name, { desk_document_id: document.id, filename: file.name }),
      });
    }
    for (const url of urls) {
      items.push({
        document: { type: 'url', url },
        documentId: null,
        documentName: url,
        metadata: metadataFor(url, { url }),
      });
    }
    const name =
      String(form.get('name') ?? '')
        .trim()
        .slice(0, 200) ||
      `${items.length} document${items.length === 1 ? '' : 's'}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    // Only admins may switch webhooks off (a way to check the polling fallback).
    const webhooks = !(user.role === 'admin' && form.get('webhooks') === 'off');
    const run = await createRun(db, await deskClient(), {
      deploymentId,
      name,
      items,
      createdBy: user.id,
      webhooks,
    });
    return answer(201, { ok: true, data: { runId: run.runId, submitErrors: run.submitErrors } });
  } catch (error) {
    if (error instanceof FieldError)
      return refuse(400, 'Check the form.', { [error.field]: [error.message] });
    if (error instanceof UploadRefused) return refuse(400, 'Check the form.', { files: [error.message] });
    if (error instanceof ExtractionApiError) {
      return refuse(502, `The extraction service refused the run: ${error.message} (${error.code})`);
    }
    console.error('[desk] run upload failed:', (error as Error).message);
    return refuse(500, 'Something went wrong on the server. Try again.');
  }
}
