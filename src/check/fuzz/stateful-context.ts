// One collection as its sequences see it: its endpoints by role, the collections above it, and
// `exchange`, which sends a step, records it and judges the answer as a fuzz probe would. The
// model a sequence keeps and the Violation a failed check throws live here: every command uses them.
import { isDeepStrictEqual } from 'node:util';
import type { EndpointInfo } from '../../dsl/types.js';
import type { Collection } from '../../mock/collections.js';
import type { RequestSpec } from '../../fixture/format.js';
import type { ActualResponse } from '../compare.js';
import { type CheckName, type Failure, judge } from './conformance.js';
import { ancestorsOf, roleOf, success } from './runnable-collections.js';
import type { Expectation, StatefulCheck, StatefulOptions, StatefulStep } from './stateful.js';
import { placeCredentials, sampleCredentials } from './declared-credentials.js';

/** A check that failed: thrown by a command, caught by the property. */
export class Violation extends Error {
  constructor(readonly check: StatefulCheck | CheckName, message: string, readonly expected: Expectation) { super(message); }
}

/** The target stopped answering: the sequence is neither passed nor failed, and the run ends. */
export class Unreachable extends Error {}

export interface Model {
  /** Items created and not deleted, by id: the fields the server answered (or was sent). */
  readonly live: Map<string, Record<string, unknown>>;
  readonly gone: string[];
  /** Each id as answered (a number or a string), by key. */
  readonly ids: Map<string, unknown>;
}

export interface Real {
  readonly steps: StatefulStep[];
  /** The collection's path for this sequence (a nested one's with the ids of the items made above it). */
  path: string;
}

/** A request body as `validBodies` draws it. */
export type Body = { readonly contentType: string; readonly text?: string; readonly base64?: string };

/** Shared by every collection of a run: once the target is unreachable, no later sequence is sent. */
export interface RunState {
  unreachable: string | undefined;
}

export interface CollectionContext {
  readonly collection: Collection;
  readonly create: EndpointInfo;
  readonly getOne: EndpointInfo;
  readonly list: EndpointInfo | undefined;
  /** A replace when there is one (it says the whole item), else an update. */
  readonly update: EndpointInfo | undefined;
  readonly remove: EndpointInfo | undefined;
  /** The collections above a nested one, outermost first (none for a top-level one). */
  readonly above: readonly Collection[];
  requestOf(e: EndpointInfo, path: string, body?: Body): RequestSpec;
  /** Sends, records the step, and judges the answer as a fuzz probe would (`missing`: a 404 the sequence expects). */
  exchange(real: Real, e: EndpointInfo, req: RequestSpec, missing?: boolean): Promise<{ actual: ActualResponse; doc: unknown }>;
}

export const is2xx = (s: number) => s >= 200 && s < 300;
const hasAuth = (e: EndpointInfo) => e.extensions.some((x) => x.ext.name === 'auth');
export const numeric = (v: unknown) => typeof v === 'number';
/** The JSON media an endpoint's body decodes, so the model can read back what was sent. */
export const json = (e: EndpointInfo) => (e.body?.media.some((m) => m.type === 'application/json' && m.decode) ? 'application/json' : undefined);
/** Commands are drawn before the model exists: a drawn number names one of its items, however many there are then. */
export const pick = <T>(xs: readonly T[], i: number) => xs[i % xs.length]!;
export const itemPath = (real: Real, key: string) => `${real.path}/${encodeURIComponent(key)}`;

/** Where an answered item departs from the model (the model's fields only: a server may add). */
export const departs = (model: Record<string, unknown>, got: unknown): string | undefined => {
  if (got === null || typeof got !== 'object') return `answered ${JSON.stringify(got)}, not an item`;
  const key = Object.keys(model).find((k) => !isDeepStrictEqual((got as Record<string, unknown>)[k], model[k]));
  return key === undefined ? undefined : `/${key} is ${JSON.stringify((got as Record<string, unknown>)[key])}, expected ${JSON.stringify(model[key])}`;
};

type Sending = Pick<StatefulOptions, 'send' | 'predict' | 'headers' | 'credentials'>;

/** A runnable collection's context (`runnableCollections` guarantees its create and get). */
export function collectionContext(c: Collection, all: readonly Collection[], options: Sending, state: RunState): CollectionContext {
  const requestOf = (e: EndpointInfo, path: string, body?: Body): RequestSpec => {
    const headers: Record<string, string> = {};
    for (const [k, v] of options.headers ?? []) headers[k.toLowerCase()] = v;
    if (hasAuth(e) && headers.authorization === undefined && options.credentials !== undefined) headers.authorization = options.credentials;
    const query: [string, string][] = [];
    placeCredentials(sampleCredentials(e), headers, query, new Set((options.headers ?? []).map(([k]) => k.toLowerCase())));
    if (body) headers['content-type'] = body.contentType;
    const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    return {
      method: e.method, path: qs === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${qs}`, ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(body?.text === undefined ? {} : { text: body.text }), ...(body?.base64 === undefined ? {} : { base64: body.base64 }),
    };
  };

  const exchange = async (real: Real, e: EndpointInfo, req: RequestSpec, missing = false): Promise<{ actual: ActualResponse; doc: unknown }> => {
    const sent = await options.send(req);
    // A server error or an undeclared status: the fixture asks for the endpoint's success.
    const due: Expectation = { kind: 'status', status: missing ? 404 : success(e)?.status ?? 200 };
    if (!sent.ok) {
      real.steps.push({ endpoint: e.name, request: req, status: 0 });
      if (sent.kind === 'unreachable') { state.unreachable ??= sent.message; throw new Unreachable(sent.message); }
      throw new Violation('not_a_server_error', `no answer: ${sent.message}`, due);
    }
    const actual = sent.response;
    real.steps.push({ endpoint: e.name, request: req, status: actual.status });
    const judged = judge({ method: e.method, prediction: options.predict(req), actual, durationMs: 0 })
      .filter((f: Failure) => !(missing && actual.status === 404 && f.check === 'declared_status'));
    if (judged.length > 0) {
      const status = judged[0]!.check === 'not_a_server_error' || judged[0]!.check === 'declared_status' ? due.status : actual.status;
      throw new Violation(judged[0]!.check, judged[0]!.message, { kind: 'status', status });
    }
    let doc: unknown;
    try { doc = actual.body.length > 0 ? JSON.parse(actual.body.toString('utf8')) : undefined; } catch { doc = undefined; }
    return { actual, doc };
  };

  return {
    collection: c,
    create: roleOf(c, 'create')!,
    getOne: roleOf(c, 'get')!,
    list: roleOf(c, 'list'),
    update: roleOf(c, 'replace') ?? roleOf(c, 'update'),
    remove: roleOf(c, 'remove'),
    above: ancestorsOf(c, all) ?? [],
    requestOf,
    exchange,
  };
}
