'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { ActionError, type ActionResult, withUser } from '@/lib/desk/action';
import { deskClient } from '@/lib/desk/api';
import { findDeskDeployment } from '@/lib/desk/deployments';
import { storeDocument } from '@/lib/desk/documents';
import { indexEntry } from '@/lib/desk/entry-index';

/** Server actions accept up to 25 MB (next.config.mjs); leave room for the form's other fields. */
const MAX_FILE_BYTES = 24 * 1024 * 1024;

const uploadSchema = z.object({
  deploymentId: z.string().uuid('Pick a deployment.'),
  text: z.string().max(1_000_000, 'Pasted text is limited to 1,000,000 characters.'),
});

export async function runExtraction(_state: ActionResult<string> | null, form: FormData) {
  const result = await withUser('any', async (user) => {
    const parsed = uploadSchema.safeParse({
      deploymentId: form.get('deploymentId'),
      text: String(form.get('text') ?? ''),
    });
    if (!parsed.success) {
      throw new ActionError(
        'Check the form.',
        z.flattenError(parsed.error).fieldErrors as Record<string, string[]>,
      );
    }
    const file = form.get('file');
    const hasFile = file instanceof File && file.size > 0;
    const text = parsed.data.text.trim();
    if (hasFile === text.length > 0) {
      throw new ActionError('Give either a file or pasted text.', {
        file: ['Choose a file, or paste text instead — not both.'],
      });
    }
    if (hasFile && file.size > MAX_FILE_BYTES) {
      throw new ActionError('The file is too large.', { file: ['Files up to 24 MB can be uploaded here.'] });
    }
    const db = await getDb();
    if (!(await findDeskDeployment(db, parsed.data.deploymentId))) {
      throw new ActionError('Unknown deployment.', { deploymentId: ['Pick a deployment from the list.'] });
    }

    const bytes = hasFile ? new Uint8Array(await file.arrayBuffer()) : new TextEncoder().encode(text);
    const filename = hasFile ? file.name : `pasted-text-${new Date().toISOString().slice(0, 19)}.txt`;
    const mimeType = hasFile ? file.type || 'application/octet-stream' : 'text/plain';
    // Keep the reviewer's copy first: whatever the service answers, nothing uploaded is lost.
    const document = await storeDocument(db, { bytes, filename, mimeType, uploadedBy: user.id });
    const client = await deskClient();
    const entry = await client.processSync(parsed.data.deploymentId, {
      documents: hasFile
        ? [
            {
              type: 'base64',
              content: Buffer.from(bytes).toString('base64'),
              filename,
              mime_type: file.type || null,
            },
          ]
        : [{ type: 'text', text }],
      metadata: { desk_document_id: document.id, filename },
    });
    await indexEntry(db, entry, { documentId: document.id, documentName: filename, createdBy: user.id });
    return entry.entry_id;
  });
  if (result.ok) redirect(`/entries/${result.data}`);
  return result;
}
