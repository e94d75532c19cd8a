/**
 * The one way a route reads a request body: at most `cap` bytes, whatever Content-Length says.
 * A declared length over the cap is refused before a byte is read; a chunked (or lying) body
 * is cut off the moment it passes the cap, so an attacker cannot make the server buffer more.
 */

export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The request body exceeds ${limitBytes} bytes.`);
    this.name = 'BodyTooLargeError';
  }
}

export class MalformedBodyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedBodyError';
  }
}

/** The body's bytes, at most `cap` of them; BodyTooLargeError past that. */
export async function readCappedBody(request: Request, cap: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > cap) {
    await request.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(cap);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(cap);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The body as UTF-8 text, within the cap. */
export async function readCappedText(request: Request, cap: number): Promise<string> {
  return new TextDecoder().decode(await readCappedBody(request, cap));
}

/**
 * A multipart (or urlencoded) form read within the cap: the bytes are capped first, and only
 * then parsed, so the form parser never sees more than `cap` bytes.
 */
export async function readCappedForm(request: Request, cap: number): Promise<FormData> {
  const bytes = await readCappedBody(request, cap);
  const type = request.headers.get('content-type') ?? '';
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new MalformedBodyError('The body could not be read as a form.');
  }
}
