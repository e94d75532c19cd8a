import type { Context } from 'hono';
import type { z } from 'zod';
import {
  base64DocumentSchema,
  type DocumentInput,
  idDocumentSchema,
  LIMITS,
  textDocumentSchema,
  urlDocumentSchema,
} from '@/lib/contract/schemas';
import {
  BodyTooLargeError,
  MalformedBodyError,
  readCappedBody,
  readCappedForm,
} from '@/lib/http/capped-body';
import { ServiceError, validationError } from '@/lib/service/errors';

/** Largest JSON body: one base64 document at its 70,000,000-character limit, with room for the rest. */
export const MAX_JSON_BODY_BYTES = 80 * 1024 * 1024;

const escapeToken = (t: string | number | symbol) => String(t).replaceAll('~', '~0').replaceAll('/', '~1');
export const toPointer = (path: readonly (string | number | symbol)[]) =>
  path.length === 0 ? '' : `/${path.map(escapeToken).join('/')}`;

export function zodIssues(error: z.ZodError, prefix: (string | number)[] = []) {
  return error.issues.map((issue) => ({
    path: toPointer([...prefix, ...issue.path]),
    message: issue.message,
  }));
}

/** Reads a JSON body within the size cap; every failure is a clear error, never a crash. */
export async function readJsonBody(c: Context, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ServiceError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the body as JSON with Content-Type: application/json (got ${type || 'none'}).`,
    );
  }
  const bytes = await readServiceBody(c, maxBytes);
  if (bytes.byteLength === 0)
    throw validationError('The request body is empty.', [{ path: '', message: 'A JSON body is required.' }]);
  const text = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw validationError('The request body is not valid JSON.', [
      { path: '', message: (error as Error).message },
    ]);
  }
}

/** The raw body through the one capped reader (lib/http/capped-body.ts), over the cap → 413. */
export async function readServiceBody(c: Context, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return await readCappedBody(c.req.raw, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw tooLarge(maxBytes);
    throw error;
  }
}

/** A multipart form read through the capped reader; a malformed one is a 422 naming the body. */
export async function readServiceForm(c: Context, maxBytes: number): Promise<FormData> {
  try {
    return await readCappedForm(c.req.raw, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw tooLarge(maxBytes);
    if (error instanceof MalformedBodyError) {
      throw validationError('The multipart body could not be read.', [
        { path: '', message: 'Malformed multipart body.' },
      ]);
    }
    throw error;
  }
}

function tooLarge(maxBytes: number) {
  return new ServiceError(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${maxBytes} bytes.`, {
    limit_bytes: maxBytes,
  });
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown, prefix: (string | number)[] = []) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError('The request body is invalid.', zodIssues(parsed.error, prefix));
  return parsed.data as z.infer<T>;
}

/**
 * Picks a document's variant the way the spec describes (`type`, else the fields present)
 * and validates it against that variant alone, so the error names the real problem.
 */
export function parseDocumentInput(raw: unknown, pointer: (string | number)[]): DocumentInput {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw validationError('The request body is invalid.', [
      { path: toPointer(pointer), message: 'A document must be an object.' },
    ]);
  }
  const doc = raw as Record<string, unknown>;
  const type = doc.type;
  const schema =
    type === 'text' || (type === undefined && 'text' in doc)
      ? textDocumentSchema
      : type === 'base64' || (type === undefined && 'content' in doc)
        ? base64DocumentSchema
        : type === 'id' || (type === undefined && 'id' in doc)
          ? idDocumentSchema
          : type !== undefined
            ? urlDocumentSchema
            : null;
  if (!schema) {
    throw validationError('The request body is invalid.', [
      {
        path: toPointer(pointer),
        message: 'Unknown document: give `text`, `content` (base64), `id`, or `type` with `url`.',
      },
    ]);
  }
  return parseWith(schema.strict(), doc, pointer) as DocumentInput;
}

export function parseDocuments(raw: unknown, pointer: (string | number)[]): DocumentInput[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw validationError('The request body is invalid.', [
      { path: toPointer(pointer), message: '`documents` must be an array with at least one document.' },
    ]);
  }
  if (raw.length > LIMITS.documentsPerRequest) {
    throw validationError('The request body is invalid.', [
      { path: toPointer(pointer), message: `At most ${LIMITS.documentsPerRequest} documents per request.` },
    ]);
  }
  return raw.map((doc, i) => parseDocumentInput(doc, [...pointer, i]));
}
