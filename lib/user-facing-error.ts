/**
 * An error whose message is written for the person who caused it: a bad input, a refused
 * operation. Data functions throw it (or a subclass); the action wrapper (lib/action.ts) shows
 * its message and field errors as they are, while any other error becomes a generic
 * "something went wrong" and goes to the log.
 */
export class UserFacingError extends Error {
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
