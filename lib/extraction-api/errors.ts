/** Codes the client adds for failures that never reached a v3 answer. */
export type ClientErrorCode = 'SERVICE_UNREACHABLE' | 'TIMEOUT' | 'INVALID_RESPONSE';

/** Every failure of a v3 call: the service's `error` code (or the client's own), status and message. */
export class ExtractionApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ExtractionApiError';
  }

  /** The call may succeed if repeated later (service down, overloaded, rate limited). */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status === 503 || this.status >= 500;
  }
}
