// Which protocol errors of the registry an endpoint (or a surface) can answer, in check order,
// read from what it declares: the docs document these, lint and generated checks expect them.
import { ERRORS, type ErrorKind } from '../dsl/errors.js';
import type { Formatters } from '../dsl/formatters.js';
import type { EndpointInfo } from '../dsl/types.js';

export interface PossibleError {
  readonly kind: ErrorKind;
  readonly status: number;
  readonly reason: string;
  /** The formatter that writes its body, when the surface may replace the default. */
  readonly formatter?: keyof Formatters;
}

const entry = (kind: ErrorKind, formatter?: keyof Formatters): PossibleError =>
  ({ kind, status: ERRORS[kind].status, reason: ERRORS[kind].reason, ...(formatter ? { formatter } : {}) });

/** The errors one endpoint can answer once the request reached it (not 404 or 405). */
export function endpointErrors(e: EndpointInfo): PossibleError[] {
  const out: PossibleError[] = [];
  const added = new Set<ErrorKind>(e.extensions.flatMap((x) => x.ext.errors));
  if (e.segments.some((s) => s.kind === 'capture' || s.kind === 'mixed')) out.push(entry('badCapture', 'urlParse'));
  if (added.has('unauthorized')) out.push(entry('unauthorized'));
  // Only a password check can be turned away busy: endpoints that take Basic credentials.
  const basic = e.extensions.some((x) => { const f = x.ext.docs(x.config); return f.kind === 'auth' && f.schemes.includes('Basic'); });
  if (added.has('overloaded') && basic) out.push(entry('overloaded'));
  if (e.responses[0]?.content) out.push(entry('notAcceptable'));
  if (e.body) out.push(entry('unsupportedMediaType'), entry('payloadTooLarge'));
  if (e.query.length > 0) out.push(entry('badQuery', 'urlParse'));
  if (e.headers.length > 0 || added.has('badHeader')) out.push(entry('badHeader', 'headerParse'));
  if (e.body) out.push(entry('badBody', 'bodyParse'));
  return out;
}

/** The errors a surface answers for requests no endpoint handles. */
export function surfaceErrors(): PossibleError[] {
  return [entry('notFound', 'notFound'), entry('methodNotAllowed', 'methodNotAllowed')];
}
