export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Liveness: the process answers. No dependency is consulted (see /api/ready for those). */
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
