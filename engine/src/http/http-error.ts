/**
 * An error a client caused or should see: carries the HTTP status and the `{ "error" }` message.
 * `field` names the record field the message is about (a missing required field, a unique clash),
 * so the studio can show the message on that field's input; the mock's own answers never send it.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
