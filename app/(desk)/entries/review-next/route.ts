import { currentUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { entryListHref, entryReviewHref } from '@/lib/desk/entry-links';
import { entryListQuery, nextEntryToReview, parseEntryListView } from '@/lib/desk/entry-list';

/** Relative, so the browser stays on the host it used (behind a proxy the server's own differs). */
const seeOther = (location: string) => new Response(null, { status: 303, headers: { location } });

/** "Review next" from the list: opens the oldest entry to review within the list's filters. */
export async function GET(request: Request) {
  const user = await currentUser();
  if (!user) return seeOther('/login');
  const view = parseEntryListView(new URL(request.url).searchParams);
  const query = entryListQuery(view);
  const id = await nextEntryToReview(await getDb(), null, { ...view.filters, viewer: user.id });
  return seeOther(id ? entryReviewHref(id, query) : entryListHref(query));
}
