import { z } from 'zod';

/**
 * The v3 error body (`{error, message, details?}`) and every code the local service answers
 * with: see docs/v3-interface.md. Clients must also cope with codes not
 * listed here (a remote service may have more), so `errorBodySchema` takes any string.
 */

export const errorCodes = [
  'DOCUMENT_DOWNLOAD_ERROR',
  'DOCUMENT_URL_NOT_FOUND',
  'DOCUMENT_URL_ACCESS_DENIED',
  'DOCUMENT_URL_RETURNED_HTML',
  'DOCUMENT_TOO_LARGE',
  'DOCUMENT_URL_UNREACHABLE',
  'AUTHENTICATION_REQUIRED',
  'INSUFFICIENT_CREDITS',
  'DEPLOYMENT_NOT_FOUND',
  'ENTRY_NOT_FOUND',
  'BATCH_NOT_FOUND',
  'DOCUMENT_NOT_FOUND',
  'NOT_FOUND',
  'VALIDATION_ERROR',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
