import { currentUser } from '@/lib/auth';
import { isUuid } from '@/lib/contract/schemas';
import { getDb } from '@/lib/db/client';
import { claimEntry, releaseClaim } from '@/lib/desk/claims';
import { findIndexedEntry } from '@/lib/desk/entry-index';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * The review page's presence: `?do=claim` (open, and renew while active), `?do=takeover`, and
 * `?do=release` (sent with sendBeacon when the page is left, hence a POST with no body).
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await currentUser();
  if (!user) return Response.json({ message: 'Your session has ended. Sign in again.' }, { status: 401 });
  const { id } = await params;
  const db = await getDb();
  if (!isUuid(id) || !(await findIndexedEntry(db, id)))
    return Response.json({ message: 'This entry is not in the desk.' }, { status: 404 });
  const what = new URL(request.url).searchParams.get('do') ?? 'claim';
  if (what === 'release') {
    await releaseClaim(db, id, user.id);
    return new Response(null, { status: 204 });
  }
  if (what !== 'claim' && what !== 'takeover')
    return Response.json(
      { message: `Unknown claim action "${what}": use claim, takeover or release.` },
      { status: 400 },
    );
  const result = await claimEntry(db, { entryId: id, userId: user.id, takeOver: what === 'takeover' });
  return Response.json(
    result.claimed
      ? { claimed: true, expiresAt: result.expiresAt.toISOString() }
      : {
          claimed: false,
          holder: { name: result.holder.name, expiresAt: result.holder.expiresAt.toISOString() },
        },
  );
}
