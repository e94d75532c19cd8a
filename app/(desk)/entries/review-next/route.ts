import { NextResponse } from 'next/server';
import { currentUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { entryListQuery, nextEntryToReview, parseEntryListView } from '@/lib/desk/entry-list';

/** "Review next" from the list: opens the oldest entry to review within the list's filters. */
export async function GET(request: Request) {
  const url = new URL(request.url);
  if (!(await currentUser())) return NextResponse.redirect(new URL('/login', url));
  const view = parseEntryListView(url.searchParams);
  const query = entryListQuery(view);
  const id = await nextEntryToReview(await getDb(), null, view.filters);
  const target = id
    ? `/entries/${id}${query ? `?queue=${encodeURIComponent(query)}` : ''}`
    : `/entries${query ? `?${query}` : ''}`;
  return NextResponse.redirect(new URL(target, url), 303);
}
