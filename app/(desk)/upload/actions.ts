'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { action } from '@/lib/action';
import { getDb } from '@/lib/db/client';
import { deskClient } from '@/lib/desk/api';
import { findDeskDeployment } from '@/lib/desk/deployments';
import { storeDocument } from '@/lib/desk/document-copies';
import { indexEntry } from '@/lib/desk/entry-index';
import { UserFacingError } from '@/lib/user-facing-error';

/** Server actions accept up to 25 MB (next.config.mjs); leave room for the form's other fields. */
const MAX_FILE_BYTES = 24 * 1024 * 1024;

const uploadSchema = z
  .object({
    deploymentId: z.string({ error: 'Pick a deployment.' }).uuid('Pick a deployment.'),
    text: z.string().max(1_000_000, 'Pasted text is limited to 1,000,000 characters.').default(''),
    file: z
      .instanceof(File)
      .optional()
      .transform((file) => (file && file.size > 0 ? file : undefined))
      .refine((file) => !file || file.size <= MAX_FILE_BYTES, 'Files up to 24 MB can be uploaded here.'),
  })
  .transform(({ text, ...rest }) => ({ ...rest, text: text.trim() }))
  .refine(({ file, text }) => Boolean(file) !== text.length > 0, {
    path: ['file'],
    message: 'Choose a file, or paste text instead — not both.',
  });

/** One document, extracted synchronously; the reviewer lands on its review page. */
export const runExtraction = action('any', uploadSchema, async ({ deploymentId, text, file }, user) => {
  const db = await getDb();
  if (!(await findDeskDeployment(db, deploymentId))) {
    throw new UserFacingError('Unknown deployment.', { deploymentId: ['Pick a deployment from the list.'] });
  }
  const bytes = file ? new Uint8Array(await file.arrayBuffer()) : new TextEncoder().encode(text);
  const filename = file ? file.name : `pasted-text-${new Date().toISOString().slice(0, 19)}.txt`;
  const mimeType = file ? file.type || 'application/octet-stream' : 'text/plain';
  // Keep the reviewer's copy first: whatever the service answers, nothing uploaded is lost.
  const document = await storeDocument(db, { bytes, filename, mimeType, uploadedBy: user.id });
  const client = await deskClient();
  const entry = await client.processSync(deploymentId, {
    documents: file
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
  redirect(`/entries/${entry.entry_id}`);
});
