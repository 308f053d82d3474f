// An error the tool raises from inside a handler it wrote (the mock's Prefer refusals, the stateful
// mock's not-found and conflict): answered in the document's declared error format, as a protocol
// error is, where a hand-written handler's own `HttpError.text` is sent as it says.
// decided: docs/decisions.md "Errors in the document's format".
import { HttpError } from './reply.js';

const raised = new WeakSet<HttpError>();

/** A plain-text error of the tool's own, which the pipeline writes in the declared format of its status. */
export function toolError(status: number, message: string): HttpError {
  const err = HttpError.text(status, message);
  raised.add(err);
  return err;
}

/** Whether a handler's error is one the tool raised (see `toolError`). */
export const isToolError = (err: HttpError): boolean => raised.has(err);
