// A repeated `Authorization` header made visible: Node keeps only the first of its copies in
// `req.headers`, so the credential read would pass the others by in silence; rawHeaders has them all.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/**
 * `req.headers`, with `authorization` as the list of every copy sent when there is more than one
 * (the credential read answers that with a 400). Only a request carrying the header pays for the
 * look through rawHeaders; the object is Node's own, changed in place.
 */
export function withRepeatedAuthorization(req: IncomingMessage): IncomingHttpHeaders {
  const headers = req.headers;
  if (headers.authorization === undefined) return headers;
  const raw = req.rawHeaders;
  let values: string[] | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length !== 13 || name.toLowerCase() !== 'authorization') continue;
    (values ??= []).push(raw[i + 1]!);
  }
  // The Incoming record's headers allow a list for any name; Node's type says a string here.
  if (values !== undefined && values.length > 1) (headers as Record<string, string | string[] | undefined>).authorization = values;
  return headers;
}
