import type { ActionResult } from '@/lib/action';
import { currentUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { deskClient } from '@/lib/desk/api';
import { recordAudit } from '@/lib/desk/audit';
import { storeDocument } from '@/lib/desk/document-copies';
import type { RunItemInput } from '@/lib/desk/runs/planning';
import { parseRunForm, RunFieldError, RunFormRefused, readRunForm } from '@/lib/desk/runs/run-form';
import { createRun } from '@/lib/desk/runs/submit';
import { UploadRefused } from '@/lib/desk/runs/uploads';
import { ExtractionApiError } from '@/lib/extraction-api/errors';
import { isSameOrigin } from '@/lib/http/same-origin';
import { errorMessage, log, requestIdFrom, withRequestId } from '@/lib/log';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
// Submitting up to ten batches of base64 documents can take a while.
export const maxDuration = 300;

type Result = ActionResult<{ runId: string; submitErrors: string[] }>;

const answer = (status: number, result: Result) => Response.json(result, { status });
const refuse = (status: number, message: string, fieldErrors?: Record<string, string[]>) =>
  answer(status, { ok: false, message, fieldErrors });

/**
 * New run of many documents (files, a ZIP of files, URLs): multipart POST from the upload page.
 * Not a server action — those are capped at 25 MB and cannot report upload progress. The form
 * is read and checked in lib/desk/runs/run-form.ts; each file is kept in the desk's documents,
 * then the run is submitted as an async entry (one document) or batches of ≤ 100 (more).
 */
export function POST(request: Request) {
  // One request id for the whole submission: every upload and batch it sends the service carries it.
  return withRequestId(requestIdFrom(request.headers.get('x-request-id')), () => submitRun(request));
}

async function submitRun(request: Request) {
  // A session cookie rides along with any site's form: only this site's pages may start runs.
  if (!isSameOrigin(request)) return refuse(403, 'Uploads are only accepted from this site.');
  const user = await currentUser();
  if (!user) return refuse(401, 'Your session has ended. Sign in again.');
  try {
    const db = await getDb();
    const form = await parseRunForm(db, await readRunForm(request), { isAdmin: user.role === 'admin' });

    // Keep the reviewer's copies first: whatever the service answers, nothing uploaded is lost.
    const items: RunItemInput[] = [];
    for (const file of form.files) {
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
        metadata: form.metadataFor(file.name, { desk_document_id: document.id, filename: file.name }),
      });
    }
    for (const url of form.urls) {
      items.push({
        document: { type: 'url', url },
        documentId: null,
        documentName: url,
        metadata: form.metadataFor(url, { url }),
      });
    }
    const name =
      form.name ??
      `${items.length} document${items.length === 1 ? '' : 's'}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const run = await createRun(db, await deskClient(), {
      deploymentId: form.deploymentId,
      name,
      items,
      createdBy: user.id,
      webhooks: !form.webhooksOff,
    });
    await recordAudit(db, {
      actorId: user.id,
      action: 'run.created',
      targetType: 'run',
      targetId: run.runId,
      details: { name, items: items.length, deploymentId: form.deploymentId },
    });
    return answer(201, { ok: true, data: { runId: run.runId, submitErrors: run.submitErrors } });
  } catch (error) {
    if (error instanceof RunFormRefused) return refuse(error.status, error.message);
    if (error instanceof RunFieldError) return refuse(400, error.message, error.fieldErrors);
    if (error instanceof UploadRefused) return refuse(400, 'Check the form.', { files: [error.message] });
    if (error instanceof ExtractionApiError) {
      return refuse(502, `The extraction service refused the run: ${error.message} (${error.code})`);
    }
    log().error({ error: errorMessage(error) }, 'run upload failed');
    return refuse(500, 'Something went wrong on the server. Try again.');
  }
}
