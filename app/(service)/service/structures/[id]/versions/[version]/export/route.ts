import { currentUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { getStructureVersion, structureExport } from '@/lib/service/admin/structures';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A structure version as a JSON download ({name, schema, hints, …}); it imports back as is. Admins only. */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string; version: string }> },
) {
  const user = await currentUser();
  if (!user) return Response.json({ message: 'Sign in first.' }, { status: 401 });
  if (user.role !== 'admin')
    return Response.json({ message: 'Only admins may export structures.' }, { status: 403 });
  const { id, version } = await params;
  const number = /^\d{1,9}$/.test(version) ? Number(version) : Number.NaN;
  const doc = Number.isSafeInteger(number) ? await getStructureVersion(await getDb(), id, number) : null;
  if (!doc) return Response.json({ message: 'No such structure version.' }, { status: 404 });
  const slug =
    doc.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'structure';
  return new Response(`${JSON.stringify(structureExport(doc), null, 2)}\n`, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${slug}-v${doc.version}.json"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
