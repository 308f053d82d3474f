// Answers a document does not promise, given to both clients by the capturing fetch: a status the
// operation does not declare, and a declared status whose body its schema refuses.
import type { Operation, Schema } from './corpus.js';
import type { Outcome } from './outcome.js';
import type { Handling } from './table.js';

export const TEAPOT = (): Response => new Response('{"message":"I am a teapot"}', { status: 418, headers: { 'content-type': 'application/json' } });
/** A 418 whose body the corpus's `default` responses accept (their `Error`: `code` and `message`). */
export const DEFAULT_TEAPOT = (): Response => new Response('{"code":418,"message":"I am a teapot"}', { status: 418, headers: { 'content-type': 'application/json' } });

/** A JSON value `schema` refuses, or undefined when it refuses none we can name (no type, nothing required). */
export function refusedBy(schema: Schema): unknown {
  if (Array.isArray(schema.allOf)) return 42;
  switch (schema.type) {
    case 'string': return 42;
    case 'integer': case 'number': case 'boolean': return 'not-a-number';
    case 'array': return { not: 'an array' };
    case 'object': return 42;
    default: return Array.isArray(schema.required) && schema.required.length > 0 ? {} : undefined;
  }
}

/** The operation's first declared success with a JSON schema, and a body that schema refuses. */
export function refusedAnswer(op: Operation): (() => Response) | undefined {
  for (const [status, r] of Object.entries(op.responses)) {
    if (!/^2\d\d$/.test(status) || r.schema === undefined || !/json/.test(r.media ?? '')) continue;
    const body = refusedBy(r.schema);
    if (body === undefined) continue;
    return () => new Response(JSON.stringify(body), { status: Number(status), headers: { 'content-type': r.media! } });
  }
  return undefined;
}

/** How the outcome reached the caller (api-serve's typed answer; openapi-fetch's `{ error }` for a non-2xx, `{ data }` otherwise). */
export function handling(o: Outcome): Handling {
  if (o.kind === 'threw') return 'thrown';
  if (o.answer === true) return 'returned as answer';
  return o.error === undefined ? 'returned as data' : 'returned as error';
}
