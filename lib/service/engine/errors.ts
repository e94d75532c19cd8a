/** A document that cannot be turned into text: corrupt, encrypted, empty or of an unsupported type. */
export class UnreadableDocumentError extends Error {
  override readonly name = 'UnreadableDocumentError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
