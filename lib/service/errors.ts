import type { ErrorBody, ErrorCode } from '@/lib/contract/error-codes';

/** An error the service answers with `{error, message, details?}` and its HTTP status. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown> | null,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return this.details
      ? { error: this.code, message: this.message, details: this.details }
      : { error: this.code, message: this.message };
  }
}

export const notFound = {
  deployment: (id: string) => new ServiceError(404, 'DEPLOYMENT_NOT_FOUND', `No deployment with id ${id}.`),
  entry: (id: string) => new ServiceError(404, 'ENTRY_NOT_FOUND', `No entry with id ${id}.`),
  batch: (id: string) => new ServiceError(404, 'BATCH_NOT_FOUND', `No batch with id ${id}.`),
  document: (id: string) =>
    new ServiceError(404, 'DOCUMENT_NOT_FOUND', `No uploaded document with id ${id}.`),
};

export function validationError(message: string, issues: { path: string; message: string }[]) {
  return new ServiceError(422, 'VALIDATION_ERROR', message, { issues });
}
