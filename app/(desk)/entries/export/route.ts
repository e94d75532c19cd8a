import { Readable } from 'node:stream';
import { currentUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { parseEntryListView } from '@/lib/desk/entry-list';
import { exportEntries, exportFormatSchema, exportFormats } from '@/lib/desk/export';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
// 100,000 entries take a while to stream.
export const maxDuration = 900;

/**
 * Export of the entries list's current filters (`?format=zip|csv|items-csv|xlsx|jsonl&…filters`):
 * streamed, with the number of entries in `X-Export-Total` so the page can show progress.
 */
export async function GET(request: Request) {
  const user = await currentUser();
  if (!user) return Response.json({ message: 'Sign in to export entries.' }, { status: 401 });
  const params = new URL(request.url).searchParams;
  const format = exportFormatSchema.safeParse(params.get('format') ?? 'zip');
  if (!format.success)
    return Response.json(
      { message: `Unknown export format "${params.get('format')}": use one of ${exportFormats.join(', ')}.` },
      { status: 400 },
    );
  const { filters } = parseEntryListView(params);
  const result = await exportEntries(await getDb(), { ...filters, viewer: user.id }, format.data);
  // Pull-based: the next page is read from the database only when the client has taken the last.
  const body = Readable.toWeb(Readable.from(result.body)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      'content-type': result.contentType,
      'content-disposition': `attachment; filename="${result.filename}"`,
      'x-export-total': String(result.total),
      'cache-control': 'no-store',
    },
  });
}
