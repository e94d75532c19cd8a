import type { z } from 'zod';
import { errorBodySchema } from '@/lib/contract/error-codes';
import {
  type AsyncRequest,
  asyncResponseSchema,
  type BatchRequest,
  batchCreatedSchema,
  batchProgressSchema,
  type CorrectionRequest,
  correctionResponseSchema,
  deploymentListSchema,
  entrySchema,
  type SyncRequest,
  structureVersionSchema,
  uploadedDocumentSchema,
} from '@/lib/contract/schemas';
import { ExtractionApiError } from '@/lib/extraction-api/errors';

export interface ExtractionClientOptions {
  /** Base address; paths carry /v3. */
  baseUrl: string;
  apiKey: string;
  tenantId?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The id of the request being handled, sent as X-Request-Id so the service's logs carry it. */
  requestId?: () => string | undefined;
}

/** The desk's only way to a v3 service: typed calls, zod-parsed answers, one error class. */
export function createExtractionClient(options: ExtractionClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 120_000;

  async function call<T extends z.ZodType>(
    schema: T,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<z.infer<T>> {
    const headers: Record<string, string> = {
      'x-api-key': options.apiKey,
      accept: 'application/json',
      ...extraHeaders,
    };
    if (options.tenantId) headers['x-tenant-id'] = options.tenantId;
    const requestId = options.requestId?.();
    if (requestId) headers['x-request-id'] = requestId;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(timeoutMs),
        cache: 'no-store',
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new ExtractionApiError(
        timedOut ? 'TIMEOUT' : 'SERVICE_UNREACHABLE',
        timedOut
          ? `The extraction service did not answer within ${timeoutMs / 1000} s.`
          : `The extraction service at ${base} could not be reached (${(error as Error).message}).`,
        0,
      );
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      throw new ExtractionApiError(
        'INVALID_RESPONSE',
        `The extraction service answered ${response.status} with a body that is not JSON.`,
        response.status,
      );
    }
    if (!response.ok) {
      const error = errorBodySchema.safeParse(json);
      if (error.success) {
        throw new ExtractionApiError(
          error.data.error,
          error.data.message,
          response.status,
          error.data.details ?? null,
        );
      }
      throw new ExtractionApiError(
        'INVALID_RESPONSE',
        `The extraction service answered ${response.status}.`,
        response.status,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ExtractionApiError(
        'INVALID_RESPONSE',
        `Unexpected answer from ${method} ${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
        response.status,
      );
    }
    return parsed.data;
  }

  const idempotency = (key?: string): Record<string, string> => (key ? { 'idempotency-key': key } : {});
  const seg = encodeURIComponent;

  return {
    processSync: (deploymentId: string, request: SyncRequest, idempotencyKey?: string) =>
      call(entrySchema, 'POST', `/v3/deployments/${seg(deploymentId)}`, request, idempotency(idempotencyKey)),
    processAsync: (deploymentId: string, request: AsyncRequest, idempotencyKey?: string) =>
      call(
        asyncResponseSchema,
        'POST',
        `/v3/deployments/${seg(deploymentId)}/async`,
        request,
        idempotency(idempotencyKey),
      ),
    processBatch: (deploymentId: string, request: BatchRequest, idempotencyKey?: string) =>
      call(
        batchCreatedSchema,
        'POST',
        `/v3/deployments/${seg(deploymentId)}/batch`,
        request,
        idempotency(idempotencyKey),
      ),
    getBatch: (batchId: string) => call(batchProgressSchema, 'GET', `/v3/batches/${seg(batchId)}`),
    getEntry: (entryId: string) => call(entrySchema, 'GET', `/v3/entries/${seg(entryId)}`),
    correctEntry: (entryId: string, request: CorrectionRequest) =>
      call(correctionResponseSchema, 'POST', `/v3/entries/${seg(entryId)}/correction`, request),
    uploadDocument: (file: Blob, filename: string) => {
      const form = new FormData();
      form.set('file', file, filename);
      return call(uploadedDocumentSchema, 'POST', '/v3/documents', form);
    },
    /** Extension: may be missing on a remote service (ExtractionApiError with status 404). */
    listDeployments: () => call(deploymentListSchema, 'GET', '/v3/deployments'),
    /** Extension: may be missing on a remote service. */
    getStructureVersion: (resourceId: string, version: number) =>
      call(structureVersionSchema, 'GET', `/v3/structures/${seg(resourceId)}/versions/${version}`),
  };
}

export type ExtractionClient = ReturnType<typeof createExtractionClient>;
export { ExtractionApiError };
