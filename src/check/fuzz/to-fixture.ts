// A shrunk fuzz failure as an ordinary fixture: the request as sent, the answer the description
// requires, so plain `api-check DIR` fails on it until the server is fixed, then passes.
import type { Codec } from '../../codec/index.js';
import type { ExchangeFixture, ExpectedHeader, ResponseSpec } from '../../fixture/format.js';
import type { JsonType } from '../../fixture/format.js';
import type { FuzzFailure } from './run.js';

const unescape = (t: string) => t.replace(/~1/g, '/').replace(/~0/g, '~');
const tokens = (pointer: string) => (pointer === '' ? [] : pointer.slice(1).split('/').map(unescape));
const TYPES: readonly string[] = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'];

/** The codec a pointer reaches inside a codec, as far as the walk can tell. */
function codecAt(codec: Codec<unknown>, path: readonly string[]): Codec<unknown> | undefined {
  let c: Codec<unknown> | undefined = codec;
  for (let i = 0; c && i <= path.length; ) {
    if (c.kind === 'optional' || c.kind === 'nullable') { c = c.inner; continue; }
    if (c.kind === 'lazy') { c = c.target(); continue; }
    if (i === path.length) return c;
    const k = path[i++]!;
    c = c.kind === 'object' ? c.props[k] ?? c.patterns.find((p) => p.regex.test(k))?.codec ?? (typeof c.extra === 'object' ? c.extra : undefined)
      : c.kind === 'array' ? c.item : c.kind === 'tuple' ? c.items[Number(k)] ?? (c.rest === false ? undefined : c.rest) : undefined;
  }
  return undefined;
}

/** Puts `value` at `pointer` (or deletes the key when `value` is undefined). */
function setAt(doc: unknown, pointer: string, value: unknown): unknown {
  const path = tokens(pointer);
  if (path.length === 0) return value;
  let node = doc as Record<string, unknown>;
  for (const k of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return doc;
    node = node[k] as Record<string, unknown>;
  }
  if (node === null || typeof node !== 'object') return doc;
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return doc;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The expected answer for a failure: what the description requires, with matchers where it allows a family. */
function expected(f: FuzzFailure): ResponseSpec {
  const p = f.prediction;
  if (p.kind !== 'handler') {
    const headers: Record<string, ExpectedHeader> = {};
    if (p.status === 405 && p.headers.allow !== undefined) headers.allow = typeof p.headers.allow === 'string' ? p.headers.allow : p.headers.allow.join(', ');
    if (p.status === 401) headers['www-authenticate'] = { $match: '.' };
    return { status: p.status, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
  }
  if (f.get) return { status: f.get.status, text: '' };
  const declared = p.endpoint.responses;
  const ok = declared.find((r) => r.status === f.actual.status && f.actual.status < 500);
  // decided: a 5xx or undeclared status expects the lowest declared success (else the first
  // declared status); the fixture's name says which check failed. docs/decisions.md "Fuzz".
  const spec = ok ?? declared.find((r) => r.status >= 200 && r.status < 300) ?? declared[0]!;
  const headers: Record<string, ExpectedHeader> = {};
  if (f.failures.some((x) => x.check === 'content_type') && spec.content) {
    headers['content-type'] = { $match: `^(${spec.content.media.map((m) => escapeRe(m.type)).join('|')})\\s*(;|$)` };
  }
  const out: { -readonly [K in keyof ResponseSpec]: ResponseSpec[K] } = { status: spec.status, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
  const schema = f.failures.filter((x) => x.check === 'response_schema' && x.pointer !== undefined);
  if (schema.length > 0 && spec.content) {
    let doc: unknown;
    try { doc = JSON.parse(f.actual.body.toString('utf8')); } catch { return out; }
    for (const d of schema) {
      if (d.keyword === 'additionalProperties') doc = setAt(doc, d.pointer!, undefined);
      else if (d.keyword === 'required') doc = setAt(doc, d.pointer!, { $any: true });
      else {
        const t = (codecAt(spec.content.codec, tokens(d.pointer!))?.schema as { type?: unknown } | undefined)?.type;
        doc = setAt(doc, d.pointer!, typeof t === 'string' && TYPES.includes(t) ? { $type: t as JsonType } : { $any: true });
      }
    }
    out.body = doc;
  }
  return out;
}

export function fixtureOf(surface: string, seed: number, f: FuzzFailure): ExchangeFixture {
  const checks = [...new Set(f.failures.map((x) => x.check))].join(', ');
  return {
    surface,
    name: `fuzz seed ${seed}: ${checks}: ${f.failures.map((x) => x.message).join('; ')}`,
    endpoint: f.probe.endpoint,
    request: f.probe.request,
    response: expected(f),
  };
}

/** A file name for a failure: `S2-position-not_a_server_error.json`. */
export function fixtureName(surface: string, f: FuzzFailure): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_.-]+/g, '-');
  return `${safe(surface)}-${safe(f.probe.endpoint)}-${safe(f.failures[0]!.check)}.json`;
}
