/**
 * A document that cannot be turned into text: corrupt, encrypted, empty or of an unsupported type.
 * `pagesRead` is the work done before that was clear (0 when it could not even be opened): the
 * service charges those pages, so an unreadable document is never free work.
 */
export class UnreadableDocumentError extends Error {
  override readonly name = 'UnreadableDocumentError';
  readonly pagesRead: number;
  constructor(message: string, options?: { cause?: unknown; pagesRead?: number }) {
    super(message, options);
    this.pagesRead = options?.pagesRead ?? 0;
  }
}
