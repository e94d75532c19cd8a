import { currentUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { type DeskDocument, findDocument } from '@/lib/desk/document-copies';

/**
 * The document a request under /api/documents/{id} names, for a signed-in user only; otherwise
 * the answer to give (401 signed out, 404 unknown or malformed id).
 */
export async function requestedDocument(params: Promise<{ id: string }>): Promise<DeskDocument | Response> {
  if (!(await currentUser())) return Response.json({ message: 'Sign in first.' }, { status: 401 });
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return Response.json({ message: 'Not found.' }, { status: 404 });
  return (await findDocument(await getDb(), id)) ?? Response.json({ message: 'Not found.' }, { status: 404 });
}

/** The answer once retention removed the document's file. */
export const documentGone = () =>
  Response.json({ message: 'The file of this document is no longer stored.' }, { status: 410 });
