// The mock interpreter: a surface served without handlers. Every request goes through the same
// protocol stages as a real server (404, 405, 400 per part, 401, 406, 413, 415 with the same
// messages); what reaches the handler stage is answered from the description: the chosen
// response's example, else its codec's deterministic sample, or a fresh generated value.
import type { EndpointInfo, ResponseSpec, Surface, Tree } from '../dsl/types.js';
import type { HandlerContext, Implementation, ServeEnv } from '../dsl/implement.js';
import { reply } from '../dsl/reply.js';
import { toolError } from '../dsl/tool-error.js';
import { binarySample } from './binary-sample.js';
import { walk } from '../dsl/walk.js';
import type { Codec } from '../codec/types.js';
import { sample } from '../codec/sample.js';
import { arbitrary, fc } from '../codec/arbitrary.js';
import { chooseExample, exampleNames, readPrefer } from './prefer.js';
import { MOCKED, MOCK_RESET } from '../dsl/mocked.js';
import { statefulMock } from './collections.js';
import { type CollectionStore, memoryCollectionStore } from './collection-store.js';

export interface MockOptions {
  /** Every answer a freshly generated valid value (`--dynamic`), as `Prefer: dynamic=true` asks per request. */
  readonly dynamic?: boolean;
  /** Seeds generated values, so a run can be replayed (`--seed`); each answer takes the next seed. */
  readonly seed?: number;
  /** Handlers to keep where they exist (a surface with some handlers mocks only the rest). */
  readonly base?: Implementation;
  /** Collection-shaped endpoints keep their items (`--stateful`), in memory unless `store` says where. */
  readonly stateful?: boolean;
  /** Opens the store of the stateful collections when the surface starts (closed when it stops). */
  readonly store?: (env: ServeEnv, surface: string) => Promise<CollectionStore>;
  /** Items each top-level collection starts with (`--seed-data FILE`): `{ "/person": [ ... ] }`. */
  readonly seedData?: Readonly<Record<string, unknown>>;
  /**
   * Joining a run another instance started (a `--workers` worker after the first, or one replacing
   * a worker that died): a store that kept items is left as it is, seed data or not, so what
   * clients created survives.
   */
  readonly joinRun?: boolean;
}

/** One declared response made ready: its status, examples, and the sample of its body and headers. */
interface Prepared {
  readonly spec: ResponseSpec;
  readonly sampled: unknown;
  readonly headers: Record<string, unknown>;
}

const statusOrder = (a: ResponseSpec, b: ResponseSpec) => a.status - b.status;

/**
 * decided: the default answer is the lowest declared 2xx (Prism's rule), else the first declared
 * response; docs/mocking.md "What a mock answers".
 */
function defaultResponse(responses: readonly ResponseSpec[]): ResponseSpec {
  return [...responses].sort(statusOrder).find((r) => r.status >= 200 && r.status < 300) ?? responses[0]!;
}

/** A response no value of its schema can answer: why, for the 500 the mock gives when it is chosen. */
class NoValue { constructor(readonly reason: string) {} }

/**
 * The sample of a response's body, or why there is none. decided (docs/mocking.md "What a mock
 * answers"): a schema no value meets (a oneOf whose options all accept the same values) does not
 * stop the document: its operation answers that response with a 500 saying so, warned at start.
 */
function sampleOrWhy(codec: Codec<unknown>, samples: Samples): unknown {
  try { return samples(codec); } catch (err) { return new NoValue((err as Error).message); }
}

function prepareResponse(spec: ResponseSpec, samples: Samples): Prepared {
  const codec = spec.content?.codec;
  return {
    spec,
    // Bytes (an image, a PDF) with no example: a real file of the first media type, not an empty body.
    sampled: codec === undefined ? undefined : spec.examples[0]?.value ?? (codec.kind === 'bytes' ? binarySample(spec.content!.media[0]!.type) : sampleOrWhy(codec, samples)),
    // A header no value meets (pendo's `{ type: integer, enum: ["410"] }`) is that response's 500, as a body's is.
    headers: Object.fromEntries(Object.entries(spec.headers).map(([name, c]) => [name, sampleOrWhy(c, samples)])),
  };
}

/** `sample`, of a codec many responses share asked once (its value, or what it threw). */
type Samples = (codec: Codec<unknown>) => unknown;

/**
 * A sample per codec for one mock: `sample` is deterministic (a codec's value is the same each
 * time), and a document's shared schemas (an error body nearly every operation of Microsoft
 * Graph answers) were sampled again for each response naming them. The value is shared as each
 * endpoint's was already across its requests (answers never change it).
 */
function sampleOnce(): Samples {
  const made = new Map<Codec<unknown>, { value: unknown } | { error: unknown }>();
  return (codec) => {
    let got = made.get(codec);
    if (got === undefined) {
      try { got = { value: sample(codec) }; } catch (error) { got = { error }; }
      made.set(codec, got);
    }
    if ('error' in got) throw got.error;
    return got.value;
  };
}

/** A response header the mock has no value for, and why. */
const headerWithout = (p: Prepared): [string, NoValue] | undefined =>
  Object.entries(p.headers).find((h): h is [string, NoValue] => h[1] instanceof NoValue);

/** The mock handler of one endpoint. */
function mockHandler(e: EndpointInfo, options: MockOptions, nextSeed: () => number, log: (line: string) => void = () => {}, samples: Samples = sampleOnce()) {
  const prepared = new Map(e.responses.map((r) => [r.status, prepareResponse(r, samples)]));
  for (const p of prepared.values()) {
    if (p.sampled instanceof NoValue) log(`api-serve: ${e.method} ${e.path}: response ${p.spec.status} has no valid value to answer (${p.sampled.reason}); the mock answers it with a 500`);
    const header = headerWithout(p);
    if (header !== undefined) log(`api-serve: ${e.method} ${e.path}: response ${p.spec.status} has no valid value for its header ${header[0]} (${header[1].reason}); the mock answers it with a 500`);
  }
  const fallback = defaultResponse(e.responses);
  // Other successes with a body, worked out once: without any (nearly every endpoint) a request
  // costs no Accept negotiation here.
  const others = e.responses.filter((r) => r !== fallback && r.status >= 200 && r.status <= 299 && r.content !== undefined);
  // A `default` or range key is named with the status Prefer asks it by (`default (500)`).
  const declared = [...e.responses].sort(statusOrder).map((r) => (r.key === undefined ? String(r.status) : `${r.key} (${r.status})`)).join(', ');
  const generated = (codec: Codec<unknown>) => fc.sample(arbitrary(codec, { maxDepth: 3, undeclaredKeys: false }), { seed: nextSeed(), numRuns: 1 })[0];

  return (_input: Record<string, unknown>, ctx: HandlerContext) => {
    const prefer = readPrefer(ctx.headers.prefer);
    // decided: a Prefer header that does not parse is a 400, one asking for what the endpoint does
    // not declare a 422 naming what it declares; docs/mocking.md "Prefer".
    if (!prefer.ok) throw toolError(400, `Bad Request: ${prefer.error}`);
    const { code, example, dynamic } = prefer.value;
    const spec = code === undefined ? (others.length === 0 ? fallback : answerable(fallback, others, ctx)) : e.responses.find((r) => r.status === code);
    if (spec === undefined) throw toolError(422, `Unprocessable: ${e.method} ${e.path} declares no response ${code} (declared: ${declared})`);
    const p = prepared.get(spec.status)!;
    let body = p.sampled;
    if (example !== undefined) {
      const found = chooseExample(spec.examples, example);
      if (found === undefined) {
        throw toolError(422, `Unprocessable: response ${spec.status} of ${e.method} ${e.path} has no example ${JSON.stringify(example)} (examples: ${exampleNames(spec.examples)})`);
      }
      body = found.value;
    } else if ((dynamic ?? options.dynamic) === true && spec.content && spec.content.codec.kind !== 'bytes') {
      // Generated bytes would be no file of the declared type: a binary answer stays its sample.
      body = generated(spec.content.codec);
    }
    const header = headerWithout(p);
    if (header !== undefined) throw toolError(500, `Internal Server Error: the mock has no valid value for the header ${header[0]} of response ${spec.status} of ${e.method} ${e.path}: ${header[1].reason}`);
    if (!spec.content) return reply(spec.status, undefined, p.headers as never);
    if (body instanceof NoValue) throw toolError(500, `Internal Server Error: the mock has no valid value for response ${spec.status} of ${e.method} ${e.path}: ${body.reason}`);
    if (spec.stream) {
      const items = [body];
      return reply(spec.status, (async function* () { yield* items; })(), p.headers as never);
    }
    return reply(spec.status, body, p.headers as never);
  };
}

/**
 * The response a mock answers without a `Prefer: code`: its default one, unless the request's
 * Accept takes none of that one's types and another declared success's (the Accept stage let the
 * request through for it: a 202 in JSON beside a 200 in PDF).
 */
function answerable(fallback: ResponseSpec | undefined, others: readonly ResponseSpec[], ctx: HandlerContext): ResponseSpec | undefined {
  const takes = (r: ResponseSpec) => r.content !== undefined && r.content.media.some((m) => ctx.accepts(m.type));
  if (fallback?.content === undefined || takes(fallback)) return fallback;
  return others.find(takes) ?? fallback;
}

type MockHandler = (input: Record<string, unknown>, ctx: HandlerContext) => unknown;

/**
 * A stateful handler that still honours `Prefer`: a request asking for a code, an example or a
 * generated value gets the plain mock's answer; one whose `Prefer` does not parse its 400. decided:
 * docs/mocking.md "Prefer".
 */
function preferring(kept: (input: Record<string, unknown>, ctx: { readonly path: string }) => unknown, plain: MockHandler): MockHandler {
  return (input, ctx) => {
    if (ctx.headers.prefer === undefined) return kept(input, ctx);
    const prefer = readPrefer(ctx.headers.prefer);
    const { code, example, dynamic } = prefer.ok ? prefer.value : {};
    return !prefer.ok || code !== undefined || example !== undefined || dynamic !== undefined ? plain(input, ctx) : kept(input, ctx);
  };
}

/** Sets `value` at the nested keys of a handler map. */
function place(map: Record<string, unknown>, keys: readonly string[], value: unknown): void {
  let node = map;
  for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
  node[keys[keys.length - 1]!] = value;
}

const lookup = (map: unknown, keys: readonly string[]): unknown =>
  keys.reduce<unknown>((node, k) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), map);

/** A surface served by the mock interpreter (and by `base`'s handlers where it has them). */
export function mock<T extends Tree>(surface: Surface<T>, options: MockOptions = {}): Implementation<T> {
  return {
    kind: 'implementation',
    surface,
    async build(env: ServeEnv) {
      const given = options.base ? await options.base.build(env) : undefined;
      const endpoints = walk(surface);
      let seed = options.seed ?? 0;
      const samples = sampleOnce();
      const nextSeed = () => seed++;
      const handlers: Record<string | symbol, unknown> = {};
      const mocked: string[] = [];
      let state;
      let where: string | undefined;
      if (options.stateful) {
        const store = options.store ? await options.store(env, surface.name) : memoryCollectionStore();
        env.onClose(() => store.close());
        where = store.where;
        state = await statefulMock(endpoints, store, options.seedData, surface.meta.collections && { surface: surface.name, paths: surface.meta.collections }, options.joinRun === true);
      }
      for (const e of endpoints) {
        const own = lookup(given, e.keys);
        if (typeof own === 'function') { place(handlers, e.keys, own); continue; }
        const plain = mockHandler(e, options, nextSeed, env.log, samples);
        const kept = state?.handlerFor(e);
        place(handlers, e.keys, Object.assign(kept ? preferring(kept, plain) : plain, { [MOCKED]: true }));
        mocked.push(e.name);
      }
      env.announce(mocked.length === endpoints.length ? `mocked: every endpoint (${endpoints.length})` : `mocked: ${mocked.join(', ') || 'none'}`);
      if (state) {
        handlers[MOCK_RESET] = state.reset;
        env.announce(`stateful: ${state.collections.map((c) => `${c.path} (${c.idField})`).join(', ') || 'no collection found'}${where === undefined ? '' : `, kept in ${where}`}`);
      }
      return handlers as never;
    },
  };
}
