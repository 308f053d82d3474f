// The checks a generated exchange is judged by: what the description says the answer must be
// (exactly the predicted status for a protocol refusal, a declared response otherwise) against
// what the server sent. Each failure names its check, as Schemathesis's checks do.
import type { Prediction } from '../../describe/predict.js';
import type { ActualResponse } from '../compare.js';
import { parseMediaType } from '../media-type.js';
import { bodyDifferences } from './body-differences.js';
import { declaredKeys, responseFor } from '../../describe/response-for.js';

export type CheckName =
  | 'not_a_server_error' | 'predicted_status' | 'allow_header' | 'www_authenticate' | 'declared_status'
  | 'content_type' | 'response_schema' | 'response_headers' | 'head_as_get' | 'response_time';

export interface Failure {
  readonly check: CheckName;
  readonly message: string;
  /** Body failures: where (JSON pointer) and the keyword broken. */
  readonly pointer?: string;
  readonly keyword?: string;
}

export interface Exchange {
  readonly method: string;
  readonly prediction: Prediction;
  readonly actual: ActualResponse;
  readonly durationMs: number;
  /** A HEAD probe: the same request's GET answer, which HEAD must mirror. */
  readonly get?: ActualResponse;
}

const one = (v: string | readonly string[] | undefined): string | undefined => (v === undefined ? undefined : typeof v === 'string' ? v : v.join(', '));
const methodsOf = (allow: string | undefined) => new Set((allow ?? '').split(',').map((m) => m.trim().toUpperCase()).filter((m) => m !== ''));
const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** The failures of one exchange (none: it passed). */
export function judge(x: Exchange, options: { readonly maxResponseTime?: number } = {}): Failure[] {
  const out: Failure[] = [];
  const { actual, prediction: p } = x;
  if (actual.status >= 500) out.push({ check: 'not_a_server_error', message: `${actual.status} answered${p.kind === 'handler' ? '' : ` where the description predicts ${p.status}`}` });
  if (options.maxResponseTime !== undefined && x.durationMs > options.maxResponseTime) {
    out.push({ check: 'response_time', message: `answered in ${Math.round(x.durationMs)} ms, over --max-response-time ${options.maxResponseTime}` });
  }
  if (p.kind !== 'handler') {
    if (actual.status !== p.status && actual.status < 500) out.push({ check: 'predicted_status', message: `expected ${p.status} (${p.kind}), got ${actual.status}` });
    if (actual.status === 405 && p.status === 405) {
      const want = one(p.headers.allow);
      const got = one(actual.headers.allow);
      if (got === undefined) out.push({ check: 'allow_header', message: `405 without Allow (expected Allow: ${want})` });
      else if (!sameSet(methodsOf(got), methodsOf(want))) out.push({ check: 'allow_header', message: `Allow: ${got}, expected ${want}` });
    }
    if (actual.status === 401 && p.status === 401 && one(actual.headers['www-authenticate']) === undefined) {
      out.push({ check: 'www_authenticate', message: `401 without WWW-Authenticate (expected ${one(p.headers['www-authenticate'])})` });
    }
    return out;
  }
  if (actual.status >= 500) return out;
  // decided: a status the document covers by a range (`4XX`) or `default` is declared, and its body
  // is judged by that response; docs/decisions.md "Fuzz".
  const spec = responseFor(p.endpoint, actual.status);
  if (!spec) {
    out.push({ check: 'declared_status', message: `${actual.status} is not declared for ${p.endpoint.name} (declared: ${declaredKeys(p.endpoint)})` });
    return out;
  }
  if (actual.status === 401 && one(actual.headers['www-authenticate']) === undefined) out.push({ check: 'www_authenticate', message: '401 without WWW-Authenticate' });
  for (const [name, codec] of Object.entries(spec.headers)) {
    // decided: declared response headers may be left out (S8's X-An-Int is conditional); one that
    // is sent must read as its type. docs/decisions.md "Fuzz".
    const v = one(actual.headers[name.toLowerCase()]);
    if (v === undefined) continue;
    const r = codec.parseText(v);
    if (!r.ok) out.push({ check: 'response_headers', message: `${name}: ${JSON.stringify(v)} is not ${codec.label} (${r.error})` });
  }
  if (x.method === 'HEAD') return [...out, ...headAsGet(x)];
  if (!spec.content) return out;
  const type = one(actual.headers['content-type']);
  const bare = type === undefined ? undefined : parseMediaType(type)?.essence;
  const media = spec.content.media.find((m) => m.type === bare);
  if (!media) {
    if (actual.body.length > 0 || type !== undefined) out.push({ check: 'content_type', message: `Content-Type ${type ?? '(none)'} is not declared for ${actual.status} (declared: ${spec.content.media.map((m) => m.type).join(', ')})` });
    return out;
  }
  if (media.type !== 'application/json' || spec.stream) return out;
  let doc: unknown;
  try { doc = JSON.parse(actual.body.toString('utf8')); } catch (e) {
    out.push({ check: 'response_schema', pointer: '', keyword: 'type', message: `the body is not JSON (${(e as Error).message})` });
    return out;
  }
  for (const d of bodyDifferences(spec.content.codec, doc)) {
    out.push({ check: 'response_schema', pointer: d.pointer, keyword: d.keyword, message: `${d.pointer === '' ? 'body' : `body ${d.pointer}`}: ${d.message}` });
  }
  return out;
}

function headAsGet(x: Exchange): Failure[] {
  const out: Failure[] = [];
  if (x.actual.body.length > 0) out.push({ check: 'head_as_get', message: `HEAD answered with a ${x.actual.body.length}-byte body` });
  if (!x.get) return out;
  if (x.get.status !== x.actual.status) out.push({ check: 'head_as_get', message: `HEAD got ${x.actual.status}, the same GET ${x.get.status}` });
  else {
    const h = one(x.actual.headers['content-type']);
    const g = one(x.get.headers['content-type']);
    if (h !== g) out.push({ check: 'head_as_get', message: `HEAD Content-Type ${h ?? '(none)'}, GET ${g ?? '(none)'}` });
  }
  return out;
}
