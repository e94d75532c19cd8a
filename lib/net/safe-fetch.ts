import dns from 'node:dns/promises';
import net from 'node:net';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Agent, fetch as undiciFetch } from 'undici';
import type { ErrorCode } from '@/lib/contract/error-codes';
import { LIMITS } from '@/lib/contract/schemas';
import { env } from '@/lib/env';
import { isAllowListed, isPublicUnicast, normaliseHost, parseAllowHosts } from '@/lib/net/address-policy';

/** The spec's URL document codes (§7); every failure of a fetch is one of them. */
export type UrlFetchErrorCode = Extract<
  ErrorCode,
  | 'DOCUMENT_URL_UNREACHABLE'
  | 'DOCUMENT_URL_NOT_FOUND'
  | 'DOCUMENT_URL_ACCESS_DENIED'
  | 'DOCUMENT_URL_RETURNED_HTML'
  | 'DOCUMENT_TOO_LARGE'
  | 'DOCUMENT_DOWNLOAD_ERROR'
>;

export class UrlFetchError extends Error {
  constructor(
    readonly code: UrlFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'UrlFetchError';
  }
}

export type ResolvedAddress = { address: string; family: number };
/** Resolves a host name to every address it has (tests inject their own). */
export type Lookup = (host: string) => Promise<ResolvedAddress[]>;

const systemLookup: Lookup = (host) => dns.lookup(host, { all: true, verbatim: true });

/** `SERVICE_URL_ALLOW_HOSTS`: read only when a caller does not pass its own list. */
export function defaultAllowHosts(): string[] {
  return parseAllowHosts(env().SERVICE_URL_ALLOW_HOSTS);
}

export interface SafeFetchOptions {
  /** Bytes of (decoded) body beyond which the download stops with DOCUMENT_TOO_LARGE. */
  maxBytes: number;
  /** For the whole exchange: DNS, every hop, and reading the body. Default 30 s. */
  timeoutMs?: number;
  /** Hosts (names or literal addresses) that may resolve to private addresses. Default: env. */
  allowHosts?: readonly string[];
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Redirects followed, each re-checked; one more is an error. Default 5. */
  maxRedirects?: number;
  /** false: a redirect is returned as the answer (webhooks do not follow them). Default true. */
  followRedirects?: boolean;
  /**
   * Past `maxBytes`: 'error' throws DOCUMENT_TOO_LARGE (default); 'truncate' stops reading
   * and returns the first `maxBytes` (for answers only glanced at, like a webhook's).
   */
  overflow?: 'error' | 'truncate';
  lookup?: Lookup;
}

export interface SafeFetchResult {
  status: number;
  headers: Headers;
  body: Uint8Array;
  finalUrl: string;
  contentType: string | null;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

const tooLarge = (maxBytes: number) =>
  new UrlFetchError('DOCUMENT_TOO_LARGE', `The document is larger than ${formatBytes(maxBytes)}.`);

/** The total deadline: one signal for every await, and a flag to tell a timeout apart. */
function deadline(timeoutMs: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timeout')), timeoutMs);
  return {
    signal: controller.signal,
    get expired() {
      return controller.signal.aborted;
    },
    /** Rejects as soon as the deadline passes, for awaits that take no signal (DNS). */
    race<T>(promise: Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (controller.signal.aborted) return reject(controller.signal.reason);
        const onAbort = () => reject(controller.signal.reason);
        controller.signal.addEventListener('abort', onAbort, { once: true });
        promise.then(resolve, reject).finally(() => {
          controller.signal.removeEventListener('abort', onAbort);
        });
      });
    },
    clear: () => clearTimeout(timer),
  };
}

/**
 * Resolves the host and refuses it unless every address is public unicast, or the host
 * is allow-listed. Returns the address to connect to, so that DNS cannot give another
 * answer between the check and the connection (rebinding).
 */
async function pinnedAddress(
  url: URL,
  allowHosts: readonly string[],
  lookup: Lookup,
  limit: ReturnType<typeof deadline>,
  timeoutMs: number,
): Promise<ResolvedAddress> {
  const host = normaliseHost(url.hostname);
  let addresses: ResolvedAddress[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await limit.race(lookup(host));
    } catch (error) {
      if (limit.expired) {
        throw new UrlFetchError(
          'DOCUMENT_URL_UNREACHABLE',
          `The host ${host} could not be resolved within ${seconds(timeoutMs)}.`,
        );
      }
      throw new UrlFetchError(
        'DOCUMENT_URL_UNREACHABLE',
        `The host ${host} could not be resolved (${describeError(error)}).`,
      );
    }
  }
  if (addresses.length === 0) {
    throw new UrlFetchError('DOCUMENT_URL_UNREACHABLE', `The host ${host} has no address.`);
  }
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (!isAllowListed(host, allowHosts, port)) {
    // Any one bad answer refuses the host: the connection might otherwise land on it.
    const refused = addresses.find((a) => !isPublicUnicast(a.address));
    if (refused) {
      // Never say which address a name resolved to: that would map a private network for the caller.
      throw new UrlFetchError(
        'DOCUMENT_URL_UNREACHABLE',
        refused.address === host
          ? `The address ${host} is not allowed: it is not a public address.`
          : `The host ${host} is not allowed: it resolves to an address that is not public.`,
      );
    }
  }
  // Trust the family only as far as the address itself says it.
  const usable = addresses.find((a) => net.isIP(a.address) !== 0);
  if (!usable) {
    throw new UrlFetchError('DOCUMENT_URL_UNREACHABLE', `The host ${host} has no usable address.`);
  }
  return { address: usable.address, family: net.isIP(usable.address) };
}

/** An undici dispatcher that connects to `pinned`, whatever the host name resolves to now. */
function pinnedAgent(pinned: ResolvedAddress): Agent {
  return new Agent({
    connect: {
      lookup: ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
        // net.connect asks for a list when it races address families (autoSelectFamily).
        if (opts?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
        else callback(null, pinned.address, pinned.family);
      }) as unknown as typeof dns.lookup,
    },
  });
}

/**
 * What went wrong, for the caller: the error code when there is one (ECONNREFUSED), never the
 * message, which names the address connected to (the caller gave a name, not the address).
 */
function describeError(error: unknown): string {
  const e = error as Error & { code?: string; cause?: Error & { code?: string } };
  const code = e?.cause?.code ?? e?.code;
  if (code) return code;
  const message = e?.cause?.message ?? e?.message ?? String(error);
  return message.replace(/\[?[0-9a-f:.]*[:.][0-9a-f:.]+\]?(:\d+)?/gi, '…');
}

function checkUrl(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UrlFetchError(
      'DOCUMENT_DOWNLOAD_ERROR',
      `Only http and https URLs can be fetched (got ${url.protocol.replace(/:$/, '')}).`,
    );
  }
  if (url.username || url.password) {
    throw new UrlFetchError('DOCUMENT_DOWNLOAD_ERROR', 'URLs with credentials are not accepted.');
  }
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const credentialHeaders = ['authorization', 'cookie', 'proxy-authorization'];

async function readCapped(
  body: WebReadableStream<Uint8Array>,
  maxBytes: number,
  overflow: 'error' | 'truncate',
  url: URL,
  limit: ReturnType<typeof deadline>,
  timeoutMs: number,
): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > maxBytes) {
        await reader.cancel().catch(() => {});
        if (overflow === 'error') throw tooLarge(maxBytes);
        chunks.push(value.subarray(0, maxBytes - size));
        size = maxBytes;
        break;
      }
      size += value.byteLength;
      chunks.push(value);
      if (overflow === 'truncate' && size === maxBytes) {
        await reader.cancel().catch(() => {}); // all that will be kept has arrived
        break;
      }
    }
  } catch (error) {
    if (error instanceof UrlFetchError) throw error;
    if (limit.expired) {
      throw new UrlFetchError(
        'DOCUMENT_URL_UNREACHABLE',
        `${url.host} did not finish sending within ${seconds(timeoutMs)}.`,
      );
    }
    throw new UrlFetchError(
      'DOCUMENT_DOWNLOAD_ERROR',
      `The download from ${url.host} was interrupted (${describeError(error)}).`,
    );
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Fetches a URL a caller supplied without letting it reach private networks (docs/security.md):
 * http/https only; the host is resolved and refused if any address is not public unicast
 * (unless allow-listed); the connection goes to the checked address; redirects are
 * followed by hand and every hop is checked again; the body is capped while it streams;
 * one deadline covers everything. Non-2xx answers are returned, not thrown. Throws
 * `UrlFetchError`.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const allowHosts = options.allowHosts ?? defaultAllowHosts();
  const lookup = options.lookup ?? systemLookup;
  const maxRedirects = options.maxRedirects ?? 5;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxBytes = options.maxBytes;
  const overflow = options.overflow ?? 'error';
  const followRedirects = options.followRedirects ?? true;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    const shown = rawUrl.length > 200 ? `${rawUrl.slice(0, 200)}…` : rawUrl;
    throw new UrlFetchError('DOCUMENT_DOWNLOAD_ERROR', `"${shown}" is not a valid URL.`);
  }
  let method: string = options.method ?? 'GET';
  let body: string | undefined = options.body;
  let headers: Record<string, string> = { ...options.headers };

  const limit = deadline(timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      checkUrl(url);
      const pinned = await pinnedAddress(url, allowHosts, lookup, limit, timeoutMs);
      const dispatcher = pinnedAgent(pinned);
      try {
        let response: Awaited<ReturnType<typeof undiciFetch>>;
        try {
          response = await undiciFetch(url, {
            method,
            headers,
            body,
            redirect: 'manual',
            signal: limit.signal,
            dispatcher,
          });
        } catch (error) {
          throw new UrlFetchError(
            'DOCUMENT_URL_UNREACHABLE',
            limit.expired
              ? `${url.host} did not answer within ${seconds(timeoutMs)}.`
              : `${url.host} could not be reached (${describeError(error)}).`,
          );
        }

        const location = response.headers.get('location');
        if (followRedirects && redirectStatuses.has(response.status) && location) {
          await response.body?.cancel().catch(() => {});
          if (hop >= maxRedirects) {
            throw new UrlFetchError(
              'DOCUMENT_DOWNLOAD_ERROR',
              `Too many redirects (more than ${maxRedirects}).`,
            );
          }
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            throw new UrlFetchError('DOCUMENT_DOWNLOAD_ERROR', `${url.host} redirected to an invalid URL.`);
          }
          // As browsers do: 303 (and 301/302 after a POST) continue as a GET without body.
          if (response.status === 303 || (method === 'POST' && response.status <= 302)) {
            method = 'GET';
            body = undefined;
            headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)));
          }
          if (next.origin !== url.origin) {
            headers = Object.fromEntries(
              Object.entries(headers).filter(([k]) => !credentialHeaders.includes(k.toLowerCase())),
            );
          }
          url = next;
          continue;
        }

        const declared = Number(response.headers.get('content-length') ?? Number.NaN);
        if (overflow === 'error' && Number.isFinite(declared) && declared > maxBytes) {
          await response.body?.cancel().catch(() => {});
          throw tooLarge(maxBytes);
        }
        const bytes = response.body
          ? await readCapped(response.body, maxBytes, overflow, url, limit, timeoutMs)
          : new Uint8Array(0);
        return {
          status: response.status,
          headers: response.headers as unknown as Headers,
          body: bytes,
          finalUrl: url.toString(),
          contentType: response.headers.get('content-type'),
        };
      } finally {
        // Everything wanted has been read; drop the connection rather than wait on it.
        await dispatcher.destroy().catch(() => {});
      }
    }
  } finally {
    limit.clear();
  }
}

const htmlStarts = ['<!doctype html', '<html', '<head', '<body'];

function looksLikeHtml(contentType: string | null, body: Uint8Array): boolean {
  if (contentType && /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) return true;
  const head = new TextDecoder().decode(body.subarray(0, 1024)).trimStart().toLowerCase();
  return htmlStarts.some((start) => head.startsWith(start));
}

/** A plain file name: no directories, no control characters, at most 255 characters. */
function cleanFilename(name: string): string | null {
  const base = name.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!cleaned || cleaned === '.' || cleaned === '..') return null;
  return cleaned.slice(0, LIMITS.filenameChars);
}

function decodePercent(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** From `Content-Disposition` (RFC 6266, `filename*` first), else the URL's last segment. */
export function filenameFrom(disposition: string | null, url: URL): string | null {
  const extended = disposition?.match(/filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i);
  if (extended) {
    const name = cleanFilename(decodePercent(extended[2].trim().replace(/^"|"$/g, '')));
    if (name) return name;
  }
  const plain = disposition?.match(/(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i);
  if (plain) {
    const name = cleanFilename((plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]).trim());
    if (name) return name;
  }
  const last = url.pathname.split('/').filter(Boolean).pop();
  return last ? cleanFilename(decodePercent(last)) : null;
}

const loginPath = /log-?in|sign-?in|sign_in|auth|sso/i;

export interface FetchedDocument {
  bytes: Uint8Array;
  /** The media type without parameters, lower case; null when the server sent none. */
  contentType: string | null;
  filename: string | null;
  /** Where the bytes came from after redirects. */
  finalUrl: string;
}

/**
 * Downloads a URL document (docs/v3-interface.md, URL documents) and maps every failure to the
 * spec's codes: 401/403 → ACCESS_DENIED, 404/410 → URL_NOT_FOUND, other non-2xx →
 * DOWNLOAD_ERROR, an HTML page (or a redirect to a login page) → URL_RETURNED_HTML,
 * more than 50 MB → TOO_LARGE, DNS/connect failure, refused address or timeout →
 * URL_UNREACHABLE.
 */
export async function fetchDocumentFromUrl(
  url: string,
  options: {
    allowHosts?: readonly string[];
    lookup?: Lookup;
    timeoutMs?: number;
    maxBytes?: number;
  } = {},
): Promise<FetchedDocument> {
  const result = await safeFetch(url, {
    maxBytes: options.maxBytes ?? LIMITS.urlBytes,
    allowHosts: options.allowHosts,
    lookup: options.lookup,
    timeoutMs: options.timeoutMs,
  });
  if (result.status === 401 || result.status === 403) {
    throw new UrlFetchError(
      'DOCUMENT_URL_ACCESS_DENIED',
      `The URL answered ${result.status}: access denied.`,
    );
  }
  if (result.status === 404 || result.status === 410) {
    throw new UrlFetchError('DOCUMENT_URL_NOT_FOUND', `The URL answered ${result.status}: not found.`);
  }
  if (result.status < 200 || result.status >= 300) {
    throw new UrlFetchError('DOCUMENT_DOWNLOAD_ERROR', `The URL answered ${result.status}.`);
  }
  const finalUrl = new URL(result.finalUrl);
  if (looksLikeHtml(result.contentType, result.body)) {
    throw new UrlFetchError(
      'DOCUMENT_URL_RETURNED_HTML',
      loginPath.test(finalUrl.pathname)
        ? 'The URL led to a login page instead of the file.'
        : 'The URL returned an HTML page instead of the file.',
    );
  }
  const contentType = result.contentType?.split(';')[0].trim().toLowerCase() || null;
  return {
    bytes: result.body,
    contentType,
    filename: filenameFrom(result.headers.get('content-disposition'), finalUrl),
    finalUrl: result.finalUrl,
  };
}
