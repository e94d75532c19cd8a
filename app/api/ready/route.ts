import { readiness } from '@/lib/health';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Readiness: 200 when the database, the job queue, the blob stores and the extraction service
 * answer; 503 naming the parts that do not (and while the process shuts down). No
 * authentication, and nothing but part names in the answer.
 */
export async function GET() {
  const report = await readiness();
  return Response.json(
    { status: report.ready ? 'ready' : 'unavailable', checks: report.checks, failing: report.failing },
    { status: report.ready ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  );
}
