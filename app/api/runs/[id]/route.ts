import { currentUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { getRunView } from '@/lib/desk/runs/views';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A run's live progress for its page (polled about once a second), to signed-in users only. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  if (!(await currentUser())) return Response.json({ message: 'Sign in first.' }, { status: 401 });
  const { id } = await params;
  const run = await getRunView(await getDb(), id);
  if (!run) return Response.json({ message: 'No such run.' }, { status: 404 });
  return Response.json(run, { headers: { 'cache-control': 'no-store' } });
}
