import { Readable } from 'node:stream';
import { currentUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { auditPages, parseAuditFilters } from '@/lib/desk/audit';
import { csvLine } from '@/lib/desk/export/csv';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const encoder = new TextEncoder();

/** The audit log under the page's filters, as CSV or JSON Lines, streamed page by page (admins). */
export async function GET(request: Request) {
  const user = await currentUser();
  if (user?.role !== 'admin')
    return Response.json({ message: 'Only admins may export the audit log.' }, { status: 403 });
  const params = new URL(request.url).searchParams;
  const format = params.get('format') ?? 'csv';
  if (format !== 'csv' && format !== 'jsonl')
    return Response.json({ message: `Unknown format "${format}": use csv or jsonl.` }, { status: 400 });
  const db = await getDb();
  const filters = parseAuditFilters(params);
  async function* body() {
    if (format === 'csv')
      yield encoder.encode(csvLine(['at', 'actor', 'action', 'target_type', 'target_id', 'details']));
    for await (const page of auditPages(db, filters)) {
      yield encoder.encode(
        page
          .map((r) =>
            format === 'csv'
              ? csvLine([
                  r.at.toISOString(),
                  r.actor,
                  r.action,
                  r.targetType,
                  r.targetId,
                  r.details ? JSON.stringify(r.details) : null,
                ])
              : `${JSON.stringify({ at: r.at.toISOString(), actor: r.actor, actor_id: r.actorId, action: r.action, target_type: r.targetType, target_id: r.targetId, details: r.details })}\n`,
          )
          .join(''),
      );
    }
  }
  return new Response(Readable.toWeb(Readable.from(body())) as ReadableStream<Uint8Array>, {
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson',
      'content-disposition': `attachment; filename="emend-audit.${format}"`,
      'cache-control': 'no-store',
    },
  });
}
