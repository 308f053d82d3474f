// Seeded generation of requests for a surface, good and broken in every part a description names
// (path, method, captures, query, headers, credentials, Accept, Content-Type, body, size), for
// tests that compare the predictor with a live server. Deterministic: a seed gives one sequence.
import type { Codec } from '../../src/codec/index.js';
import type { EndpointInfo } from '../../src/dsl/index.js';
import type { PredictedRequest } from '../../src/describe/index.js';

/** mulberry32: a small, fast, seeded PRNG. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** A text the codec reads: its own example, else one by its schema. */
function goodText(codec: Codec<unknown>): string {
  const ex = codec.examples[0];
  if (ex !== undefined) return codec.formatText(ex.value);
  const schema = codec.schema as { type?: string; format?: string; enum?: unknown[] };
  if (schema.enum && schema.enum.length > 0) return String(schema.enum[0]);
  if (schema.type === 'integer' || schema.type === 'number') return '7';
  if (schema.type === 'boolean') return 'true';
  if (schema.format === 'date') return '2024-02-29';
  return 'abc';
}

const BAD_TEXT = ['abc', '-', '1.5', '99999999999999999999999', 'true', '%zz', ''];
const ACCEPTS = [undefined, undefined, '*/*', 'application/json', 'application/json;charset=utf-8', 'text/html', 'text/plain', 'application/xml', 'application/json;charset=latin1', 'text/*;q=0.5, */*;q=0.1'];
const CONTENT_TYPES = ['application/json', 'application/json', 'application/x-www-form-urlencoded', 'text/plain', undefined, 'application/json; charset=latin1', 'APPLICATION/JSON'];
const AUTHS = [undefined, 'Basic dXNlcjpwYXNz', 'Basic dXNlcjpwYXNz', 'Basic d3Jvbmc6d3Jvbmc=', 'Bearer not.a.token', 'Digest abc', 'Basic !!!'];
const RANGES = [undefined, 'name', 'rgb 10; limit 2', 'name; order asc; limit 3', 'nope', 'name; limit x', 'rgb abc', 'name; offset -1'];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function bodyFor(r: () => number, e: EndpointInfo, ct: string | undefined, maxBody: number): string | undefined {
  const b = e.body;
  const roll = r();
  if (roll < 0.08) return 'x'.repeat(maxBody + 1 + Math.floor(r() * 100));
  if (roll < 0.2) return pick(r, ['{', '{}', '[]', '"x"', 'a=1&a=2', '', 'null', '{"unknown":1}']);
  if (!b) return roll < 0.3 ? '{"a":1}' : undefined;
  const ex = [...b.examples, ...b.codec.examples][0];
  if (ex === undefined) return '{}';
  const media = b.media.find((m) => ct !== undefined && ct.toLowerCase().startsWith(m.type)) ?? b.media[0]!;
  const encoded = media.encode(ex.value, b.codec);
  return typeof encoded === 'string' ? encoded : encoded.toString('utf8');
}

/** One generated request for one of the endpoints (or for no endpoint at all). */
export function generateRequest(r: () => number, endpoints: readonly EndpointInfo[], maxBody: number): PredictedRequest {
  const e = pick(r, endpoints);
  const segments = e.segments.map((s) => {
    if (s.kind === 'static') return r() < 0.04 ? `${s.value}x` : encodeURIComponent(s.value);
    if (s.kind === 'rest') return r() < 0.1 ? '' : pick(r, ['a.txt', 'dir/b.txt', '.hidden', '..%2Fx', 'x%zz']);
    // A mixed segment: each capture good or bad, its literals kept or (rarely) one dropped.
    if (s.kind === 'mixed') return encodeURIComponent(s.pieces.map((p) => (typeof p === 'string' ? (r() < 0.05 ? '' : p) : r() < 0.2 ? pick(r, BAD_TEXT) : goodText(p.codec))).join(''));
    return r() < 0.2 ? pick(r, BAD_TEXT) : encodeURIComponent(goodText(s.codec));
  });
  let path = `/${segments.join('/')}`;
  if (r() < 0.05) path += '/';
  if (r() < 0.04) path = pick(r, ['/nope', '/nope/deeper/still', '//', '/%E0%A4%A']);
  const query: string[] = [];
  for (const q of e.query) {
    const roll = r();
    if (roll < 0.35) continue;
    if (q.mode === 'flag') query.push(roll < 0.6 ? q.name : `${q.name}=${pick(r, ['true', '0', 'maybe', ''])}`);
    else if (roll < 0.75) query.push(`${q.name}=${encodeURIComponent(goodText(q.codec))}`);
    else if (roll < 0.9) query.push(`${q.name}=${encodeURIComponent(pick(r, BAD_TEXT))}`);
    else query.push(`${q.name}=1`, `${q.name}=2`);
  }
  if (r() < 0.05) query.push(pick(r, ['%zz', 'x=%', 'other=1']));
  const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
  const headers: Record<string, string> = {};
  const accept = pick(r, ACCEPTS);
  if (accept !== undefined) headers.accept = accept;
  for (const h of e.headers) {
    const roll = r();
    if (roll < 0.4) continue;
    headers[h.name.toLowerCase()] = roll < 0.75 ? goodText(h.codec) : pick(r, BAD_TEXT.filter((x) => x !== ''));
  }
  const auth = pick(r, AUTHS);
  if (auth !== undefined) headers.authorization = auth;
  const range = pick(r, RANGES);
  if (range !== undefined) headers.range = range;
  const method = r() < 0.75 ? e.method : pick(r, METHODS);
  const sendsBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
  if (!sendsBody) return { method, url, headers };
  const ct = pick(r, CONTENT_TYPES);
  if (ct !== undefined) headers['content-type'] = ct;
  if (r() < 0.05) headers['content-encoding'] = 'gzip';
  const body = bodyFor(r, e, ct, maxBody);
  return body === undefined ? { method, url, headers } : { method, url, headers, body };
}
