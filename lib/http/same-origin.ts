/**
 * Whether a browser request comes from a page of this site. A cross-site form or fetch carries
 * the other site's Origin; refusing it stops a page elsewhere from using a reviewer's session
 * (cookies are sent along) to post to the desk's route handlers. Requests without an Origin are
 * not from a browser's cross-site form (browsers always send it on POST) and pass.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false; // "null" (sandboxed frames, file:) or garbage
  }
  const own = request.headers.get('host') ?? new URL(request.url).host;
  return host.toLowerCase() === own.toLowerCase();
}
