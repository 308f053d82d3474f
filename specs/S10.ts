// S10: record creation with a numeric threshold, and a document lookup that proxies an external
// store (`GET /myIndex/myDocType/{docId}`) through one pooled undici client per upstream.
import { MAX_JSON_DEPTH, jsonValueDepth } from '../src/codec/json-depth.js';
import { Pool } from 'undici';
import { api, capture, get, implement, json, plainText, post, reply } from '../src/dsl/index.js';
import type { Formatters, HandlerContext, ServeEnv } from '../src/dsl/index.js';
import { t } from '../src/codec/index.js';

const User = t.object('User', { name: t.text, user_id: t.int });

export const TOO_SMALL = 'userId is too small';
export const LOOKUP_FAILED = 'Failed looking up content';
export const PARSE_FAILED = 'Failed parsing content';
/** The upstream answer read at most; a larger one is a failed lookup. */
const MAX_DOCUMENT = 8 * 1024 * 1024;
/**
 * decided: a document nested deeper than this is a failed lookup (docs/decisions.md
 * "S10 lookups"): 1000 is the nesting Jackson, Elasticsearch's parser, accepts by default.
 */
/** The one JSON depth limit (request bodies share it): deeper would overflow the encoder's stack. */
export const MAX_DEPTH = MAX_JSON_DEPTH;
export const DEFAULT_UPSTREAM_TIMEOUT = 5000;

/**
 * The threshold is the capture's own rule, so docs, OpenAPI and mocks state it too; it is checked
 * after the method (`rulesAfterMethod`), as servant's handler checks it: `GET /user/10` is a 405.
 */
const UserId = t.constrain(t.int, { exclusiveMinimum: 5000 });

const TEXT = { 'content-type': 'text/plain;charset=utf-8' };
const formatters: Partial<Formatters> = {
  // The spec's own words for a userId at or under the threshold; any other capture failure (not
  // an integer) keeps the default message.
  urlParse: (f) => reply({ status: 400, raw: f.name === 'userId' && f.constraint === 'exclusiveMinimum' ? TOO_SMALL : f.message, headers: TEXT }),
};

export const surface = api('S10', { license: { name: 'MIT', identifier: 'MIT' }, title: 'Record creation with a numeric threshold, and a lookup that proxies an external document store', formatters }, {
  createUser: post('user', capture('userId', UserId, '(integer) must be greater than 5000', { rulesAfterMethod: true }))
    .returns(json(User), { examples: [{ value: { name: 'some user', user_id: 5001 } }] })
    .responds(400, plainText(t.text), { description: 'userId is 5000 or less.', examples: [{ value: TOO_SMALL, request: { url: '/user/5000' } }] }),
  document: get('docs', capture('docId', t.int, '(integer) the document id in the external store'))
    .returns(json(t.json), { description: 'The `_source` of the stored document.', examples: [{ value: { a: 'b' } }] })
    .responds(404, plainText(t.text), { description: 'The store could not be reached, did not answer in time, or answered no JSON document (any non-2xx status included).', examples: [{ value: LOOKUP_FAILED, request: { url: '/docs/1001' } }] })
    .responds(400, plainText(t.text), { description: 'The document has no `_source`.', examples: [{ value: PARSE_FAILED, request: { url: '/docs/501' } }] }),
});

/** `--upstream`: an http(s) URL; a path in it prefixes the store's paths. */
export function parseUpstream(text: string): URL {
  let url: URL;
  try { url = new URL(text); } catch { throw new Error(`--upstream: "${text}" is not a URL (e.g. http://127.0.0.1:9999)`); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--upstream: "${text}" is not an http or https URL`);
  return url;
}

export function parseTimeout(text: string | undefined): number {
  if (text === undefined) return DEFAULT_UPSTREAM_TIMEOUT;
  if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) throw new Error(`--upstream-timeout: "${text}" is not a positive number of milliseconds`);
  return Number(text);
}

/** Where the documents are: the given upstream, or the built-in test double started here. */
async function upstreamOf(env: ServeEnv): Promise<URL> {
  const given = env.options.upstream;
  if (given !== undefined && given !== '') return parseUpstream(given);
  // decided: without --upstream, S10 serves its test double in-process on an ephemeral port and
  // says so (docs/decisions.md "S10 lookups"). Loaded lazily so docs and checks never load the server.
  const [{ serve }, store] = await Promise.all([import('../src/server/index.js'), import('./S10-store.js')]);
  const double = await serve(store.handlers, { port: 0, host: '127.0.0.1', dataDir: env.dataDir, log: env.log });
  env.onClose(() => double.close());
  env.announce(`upstream: the built-in S10-store test double at ${double.url}; give --upstream URL to use a real store`);
  return new URL(double.url);
}

type Lookup = { kind: 'document'; value: unknown } | { kind: 'failed'; why: string };

/**
 * A signal that aborts when `signal` does or `ms` have passed, and a release to call once done.
 * Not `AbortSignal.any([signal, AbortSignal.timeout(ms)])`: on Node 20 that combined signal can be
 * garbage-collected before its timer fires, and the lookup then runs unbounded (issue 14). Here the
 * timer holds the controller until it fires or is released.
 */
function deadline(signal: AbortSignal, ms: number): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal.reason);
  const timer = setTimeout(() => controller.abort(new DOMException(`the lookup took longer than ${ms} ms (timeout)`, 'TimeoutError')), ms);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, release: () => { clearTimeout(timer); signal.removeEventListener('abort', onAbort); } };
}

/**
 * GET one document; any failure (refused, timeout, non-2xx, too large, not JSON, nested too deep)
 * is `failed`. The timeout bounds the whole lookup: connection, headers and body.
 */
async function lookup(pool: Pool, path: string, timeout: number, clientGone: AbortSignal): Promise<Lookup> {
  const { signal, release } = deadline(clientGone, timeout);
  try {
    const res = await pool.request({ method: 'GET', path, headers: { accept: 'application/json' }, signal });
    // Stopping early destroys the body, which then reports an abort nobody needs to hear.
    res.body.on('error', () => {});
    if (res.statusCode < 200 || res.statusCode > 299) {
      await res.body.dump();
      return { kind: 'failed', why: `status ${res.statusCode}` };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_DOCUMENT) {
        res.body.destroy();
        return { kind: 'failed', why: `answer larger than ${MAX_DOCUMENT} bytes` };
      }
      chunks.push(chunk as Buffer);
    }
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    // A value nested this deep would overflow the stack of any encoder on its way to the client.
    if (jsonValueDepth(value, MAX_DEPTH) > MAX_DEPTH) return { kind: 'failed', why: `a document nested deeper than ${MAX_DEPTH} levels` };
    return { kind: 'document', value };
  } catch (err) {
    return { kind: 'failed', why: (err as Error)?.message ?? String(err) };
  } finally {
    release();
  }
}

export const handlers = implement(surface, async (env) => {
  const timeout = parseTimeout(env.options.upstreamTimeout);
  const upstream = await upstreamOf(env);
  const prefix = upstream.pathname.replace(/\/+$/, '');
  // One pool per upstream for the server's life: connections are kept alive and reused.
  const pool = new Pool(upstream.origin, { connections: 32, headersTimeout: timeout, bodyTimeout: timeout, connect: { timeout } });
  env.onClose(() => pool.destroy());
  return {
    createUser: ({ userId }) => ({ name: 'some user', user_id: userId }),
    document: async ({ docId }, ctx: HandlerContext) => {
      const found = await lookup(pool, `${prefix}/myIndex/myDocType/${docId}`, timeout, ctx.signal);
      if (found.kind === 'failed') {
        env.log(`api-serve: S10 looking up document ${docId} upstream failed: ${found.why}`);
        return reply(404, LOOKUP_FAILED);
      }
      const doc = found.value;
      // decided: as the reference, any value under a top-level `_source` key is answered
      // (docs/decisions.md "S10 lookups").
      if (doc === null || typeof doc !== 'object' || Array.isArray(doc) || !Object.hasOwn(doc, '_source')) return reply(400, PARSE_FAILED);
      return (doc as { _source: unknown })._source;
    },
  };
});
