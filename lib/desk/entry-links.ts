/**
 * Addresses of the entries list and of an entry's review page for a list view given as its
 * query string (`entryListQuery`). No server imports: the entries table, a client component,
 * builds its links with these too.
 */

/** The list (or a page under it, e.g. `/entries/review-next`) at this view. */
export function entryListHref(query: string, path = '/entries'): string {
  return query ? `${path}?${query}` : path;
}

/** An entry's review page, carrying the list's view as its queue ("next entry", "back"). */
export function entryReviewHref(id: string, query: string): string {
  return `/entries/${id}${query ? `?queue=${encodeURIComponent(query)}` : ''}`;
}
