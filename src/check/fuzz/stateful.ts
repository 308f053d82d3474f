// Stateful runs: for each collection the mock recognises (src/mock/collections.ts, one notion of
// "collection" for both), a fast-check model-based run of create, get, list, update and delete in
// random order against an in-memory model, so "created then listed", "deleted then 404" and
// unique ids are checked; a failing sequence is shrunk by fast-check to a minimal one. A nested
// collection's sequence starts by creating the items above it (`POST /things` for /things/{id}/parts).
import { isDeepStrictEqual } from 'node:util';
import type { EndpointInfo } from '../../dsl/types.js';
import { findCollections } from '../../mock/collections.js';
import { ancestorsOf, instanceOf, roleOf, runnableCollections, success } from './runnable-collections.js';
import type { Prediction } from '../../describe/predict.js';
import { fc } from '../../generate/index.js';
import type { RequestSpec } from '../../fixture/format.js';
import type { ActualResponse } from '../compare.js';
import type { Sent } from '../replay.js';
import { type CheckName, type Failure, judge } from './conformance.js';
import { validBodies } from './probes.js';

/** The checks only a sequence can make (Schemathesis names two of them). */
export type StatefulCheck = 'ensure_resource_availability' | 'use_after_free' | 'unique_id';

/** One request of a sequence, as sent and answered. */
export interface StatefulStep {
  /** The endpoint's name. */
  readonly endpoint: string;
  readonly request: RequestSpec;
  readonly status: number;
  /** The id a create answered (later steps use it). */
  readonly created?: string;
  /** The field of the created item that holds it (a nested sequence creates parents of other kinds first). */
  readonly idField?: string;
}

export interface StatefulFailure {
  /** The collection's path (`/person`). */
  readonly collection: string;
  readonly check: StatefulCheck | CheckName;
  readonly message: string;
  /** The shrunk sequence, the failing request last. */
  readonly steps: readonly StatefulStep[];
  /** The field of an item (and of a create's answer) that holds its id. */
  readonly idField: string;
  /** What the failing request should have answered. */
  readonly expected: Expectation;
}

/**
 * What the last request of a failing sequence should have answered, as a fixture can say it:
 * a status; a status and the item as the model holds it; a status and an answer that does (not)
 * carry an id (a list, or a create that must not hand out an id again).
 */
export type Expectation =
  | { readonly kind: 'status'; readonly status: number }
  | { readonly kind: 'item'; readonly status: number; readonly item: Readonly<Record<string, unknown>> }
  | { readonly kind: 'carries'; readonly status: number; readonly id: string; readonly numeric: boolean; readonly carries: boolean };

export interface StatefulOptions {
  readonly endpoints: readonly EndpointInfo[];
  readonly send: (req: RequestSpec) => Promise<Sent>;
  readonly predict: (req: RequestSpec) => Prediction;
  readonly seed: number;
  /** Sequences per collection. */
  readonly runs: number;
  readonly deadline?: number;
  /** `-H` headers, sent with every request. */
  readonly headers?: readonly (readonly [string, string])[];
  /** Authorization for endpoints behind auth when `headers` gives none. */
  readonly credentials?: string;
  /** Each sequence once done (`passed` false: the failing one, before shrinking). */
  readonly onSequence?: (collection: string, requests: number, passed: boolean) => void;
  /** Each failing sequence once shrunk. */
  readonly onFailure?: (failure: StatefulFailure) => void;
}

export interface StatefulResult {
  /** Requests of the sequences that passed. */
  readonly passed: number;
  readonly failures: readonly StatefulFailure[];
  /** Collections run, by path. */
  readonly collections: readonly string[];
  readonly unreachable?: string;
}

/** A check that failed: thrown by a command, caught by the property. */
class Violation extends Error {
  constructor(readonly check: StatefulCheck | CheckName, message: string, readonly expected: Expectation) { super(message); }
}

class Unreachable extends Error {}

interface Model {
  /** Items created and not deleted, by id: the fields the server answered (or was sent). */
  readonly live: Map<string, Record<string, unknown>>;
  readonly gone: string[];
  /** Each id as answered (a number or a string), by key. */
  readonly ids: Map<string, unknown>;
}

interface Real {
  readonly steps: StatefulStep[];
  /** The collection's path for this sequence (a nested one's with the ids of the items made above it). */
  path: string;
}

const is2xx = (s: number) => s >= 200 && s < 300;
const hasAuth = (e: EndpointInfo) => e.extensions.some((x) => x.ext.name === 'auth');

const show = (r: StatefulStep) => `${r.request.method} ${r.request.path}${r.request.text === undefined ? '' : ` ${r.request.text.length > 120 ? `${r.request.text.slice(0, 120)}...` : r.request.text}`} -> ${r.status || 'no answer'}${r.created === undefined ? '' : ` (id ${r.created})`}`;

/** The sequence as numbered lines, for reports. */
export const describeSteps = (steps: readonly StatefulStep[]) => steps.map((s, i) => `${i + 1}. ${show(s)}`);

/** A model-based run per runnable collection of a surface. */
export async function statefulRun(options: StatefulOptions): Promise<StatefulResult> {
  const all = findCollections(options.endpoints);
  const collections = runnableCollections(options.endpoints);
  const failures: StatefulFailure[] = [];
  let passed = 0;
  let unreachable: string | undefined;

  for (const [index, c] of collections.entries()) {
    const left = options.deadline === undefined ? undefined : options.deadline - Date.now();
    if ((left !== undefined && left <= 0) || unreachable !== undefined) break;
    const create = roleOf(c, 'create')!;
    const getOne = roleOf(c, 'get')!;
    const list = roleOf(c, 'list');
    const update = roleOf(c, 'replace') ?? roleOf(c, 'update');
    const remove = roleOf(c, 'remove');
    const json = (e: EndpointInfo) => (e.body?.media.some((m) => m.type === 'application/json' && m.decode) ? 'application/json' : undefined);
    const above = ancestorsOf(c, all) ?? [];
    const numeric = (v: unknown) => typeof v === 'number';

    type Body = { readonly contentType: string; readonly text?: string; readonly base64?: string };
    const requestOf = (e: EndpointInfo, path: string, body?: Body): RequestSpec => {
      const headers: Record<string, string> = {};
      for (const [k, v] of options.headers ?? []) headers[k.toLowerCase()] = v;
      if (hasAuth(e) && headers.authorization === undefined && options.credentials !== undefined) headers.authorization = options.credentials;
      if (body) headers['content-type'] = body.contentType;
      return {
        method: e.method, path, ...(Object.keys(headers).length > 0 ? { headers } : {}),
        ...(body?.text === undefined ? {} : { text: body.text }), ...(body?.base64 === undefined ? {} : { base64: body.base64 }),
      };
    };

    /** Sends, records the step, and judges the answer as a fuzz probe would (`missing`: a 404 the sequence expects). */
    const exchange = async (real: Real, e: EndpointInfo, req: RequestSpec, missing = false): Promise<{ actual: ActualResponse; doc: unknown }> => {
      const sent = await options.send(req);
      // A server error or an undeclared status: the fixture asks for the endpoint's success.
      const due: Expectation = { kind: 'status', status: missing ? 404 : success(e)?.status ?? 200 };
      if (!sent.ok) {
        real.steps.push({ endpoint: e.name, request: req, status: 0 });
        if (sent.kind === 'unreachable') { unreachable ??= sent.message; throw new Unreachable(sent.message); }
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

    /** Where an answered item departs from the model (the model's fields only: a server may add). */
    const departs = (model: Record<string, unknown>, got: unknown): string | undefined => {
      if (got === null || typeof got !== 'object') return `answered ${JSON.stringify(got)}, not an item`;
      const key = Object.keys(model).find((k) => !isDeepStrictEqual((got as Record<string, unknown>)[k], model[k]));
      return key === undefined ? undefined : `/${key} is ${JSON.stringify((got as Record<string, unknown>)[key])}, expected ${JSON.stringify(model[key])}`;
    };
    const pick = <T>(xs: readonly T[], i: number) => xs[i % xs.length]!;

    type Cmd = fc.AsyncCommand<Model, Real, boolean>;
    const commands: fc.Arbitrary<Cmd>[] = [];

    const creating = validBodies(create, json(create)).map((body): Cmd => ({
      check: () => true,
      async run(m, real) {
        const { actual, doc } = await exchange(real, create, requestOf(create, real.path, body));
        if (!is2xx(actual.status)) return;
        const id = doc !== null && typeof doc === 'object' ? (doc as Record<string, unknown>)[c.idField] : undefined;
        if (id === undefined) throw new Violation('ensure_resource_availability', `the created item has no ${c.idField}`, { kind: 'status', status: actual.status });
        const key = String(id);
        const step = real.steps[real.steps.length - 1]!;
        real.steps[real.steps.length - 1] = { ...step, created: key, idField: c.idField };
        // Within the sequence only, so the shrunk sequence alone shows it (earlier runs' items may be gone).
        if (m.live.has(key) || m.gone.includes(key)) {
          throw new Violation('unique_id', `${c.idField} ${key} was already given to an item created before (ids are never reused)`, { kind: 'carries', status: actual.status, id: key, numeric: numeric(id), carries: false });
        }
        m.live.set(key, doc as Record<string, unknown>);
        m.ids.set(key, id);
      },
      toString: () => `create ${body?.text ?? ''}`,
    }));
    // Twice: every other command needs an item, so creates come as often as reads and deletes together.
    commands.push(creating, creating);

    commands.push(fc.nat().map((i): Cmd => ({
      check: (m) => m.live.size > 0,
      async run(m, real) {
        const [key, item] = pick([...m.live], i);
        const at = `${real.path}/${encodeURIComponent(key)}`;
        const { actual, doc } = await exchange(real, getOne, requestOf(getOne, at));
        const ok = success(getOne)?.status ?? 200;
        if (!is2xx(actual.status)) throw new Violation('ensure_resource_availability', `GET ${at} answered ${actual.status}: the item was created and not deleted`, { kind: 'item', status: ok, item });
        const d = departs(item, doc);
        if (d) throw new Violation('ensure_resource_availability', `GET ${at}: ${d}`, { kind: 'item', status: ok, item });
      },
      toString: () => `get #${i}`,
    })));

    if (list) {
      commands.push(fc.constant<Cmd>({
        check: () => true,
        async run(m, real) {
          const { actual, doc } = await exchange(real, list, requestOf(list, real.path));
          if (!is2xx(actual.status) || !Array.isArray(doc)) return;
          const listed = new Map(doc.filter((x) => x !== null && typeof x === 'object').map((x) => [String((x as Record<string, unknown>)[c.idField]), x as unknown]));
          const carrying = (key: string, carries: boolean): Expectation => ({ kind: 'carries', status: actual.status, id: key, numeric: numeric(m.ids.get(key)), carries });
          for (const [key, item] of m.live) {
            if (!listed.has(key)) throw new Violation('ensure_resource_availability', `GET ${real.path} does not list ${c.idField} ${key}, created and not deleted`, carrying(key, true));
            const d = departs(item, listed.get(key));
            // decided: the format cannot say "a list holding this item", so the fixture asks for its id (README "Fuzz a server").
            if (d) throw new Violation('ensure_resource_availability', `GET ${real.path}, ${c.idField} ${key}: ${d}`, carrying(key, true));
          }
          const leaked = m.gone.find((k) => listed.has(k));
          if (leaked !== undefined) throw new Violation('use_after_free', `GET ${real.path} still lists ${c.idField} ${leaked} after its DELETE`, carrying(leaked, false));
        },
        toString: () => 'list',
      }));
    }

    if (update) {
      commands.push(fc.tuple(fc.nat(), validBodies(update, json(update))).map(([i, body]): Cmd => ({
        check: (m) => m.live.size > 0,
        async run(m, real) {
          const [key, before] = pick([...m.live], i);
          const at = `${real.path}/${encodeURIComponent(key)}`;
          const { actual, doc } = await exchange(real, update, requestOf(update, at, body));
          if (!is2xx(actual.status)) throw new Violation('ensure_resource_availability', `${update.method} ${at} answered ${actual.status}: the item was created and not deleted`, { kind: 'status', status: success(update)?.status ?? 200 });
          // The model follows what the server answered; without an answer, what was sent.
          let sent: Record<string, unknown> = {};
          try { sent = body?.text === undefined ? {} : JSON.parse(body.text) as Record<string, unknown>; } catch { /* not JSON: the model keeps only the id */ }
          const after = doc !== null && typeof doc === 'object' ? doc as Record<string, unknown>
            : { ...(update.method === 'PATCH' ? before : {}), ...(sent !== null && typeof sent === 'object' ? sent : {}), [c.idField]: before[c.idField] };
          m.live.set(key, after);
        },
        toString: () => `update #${i}`,
      })));
    }

    if (remove) {
      commands.push(fc.nat().map((i): Cmd => ({
        check: (m) => m.live.size > 0,
        async run(m, real) {
          const [key] = pick([...m.live], i);
          const at = `${real.path}/${encodeURIComponent(key)}`;
          const { actual } = await exchange(real, remove, requestOf(remove, at));
          if (!is2xx(actual.status)) throw new Violation('ensure_resource_availability', `DELETE ${at} answered ${actual.status}: the item was created and not deleted`, { kind: 'status', status: success(remove)?.status ?? 200 });
          m.live.delete(key);
          m.gone.push(key);
        },
        toString: () => `delete #${i}`,
      })));
      commands.push(fc.nat().map((i): Cmd => ({
        check: (m) => m.gone.length > 0,
        async run(m, real) {
          const key = pick(m.gone, i);
          const at = `${real.path}/${encodeURIComponent(key)}`;
          const { actual } = await exchange(real, getOne, requestOf(getOne, at), true);
          if (actual.status !== 404) throw new Violation('use_after_free', `GET ${at} after its DELETE answered ${actual.status}, expected 404`, { kind: 'status', status: 404 });
        },
        toString: () => `get deleted #${i}`,
      })));
    }

    let failing = false;
    let last: StatefulFailure | undefined;
    /** Creates one item in each collection above a nested one, so its path names real parents. */
    const makeParents = async (real: Real, bodies: readonly (Body | undefined)[]) => {
      const ids: string[] = [];
      for (const [i, p] of above.entries()) {
        const make = roleOf(p, 'create')!;
        const { actual, doc } = await exchange(real, make, requestOf(make, instanceOf(p.path, ids), bodies[i]));
        const id = doc !== null && typeof doc === 'object' ? (doc as Record<string, unknown>)[p.idField] : undefined;
        if (!is2xx(actual.status) || id === undefined) {
          throw new Violation('ensure_resource_availability', `${make.method} ${instanceOf(p.path, ids)} answered ${actual.status}${id === undefined ? ` without ${p.idField}` : ''}: no parent for ${c.path}`, { kind: 'status', status: success(make)?.status ?? 200 });
        }
        const step = real.steps[real.steps.length - 1]!;
        real.steps[real.steps.length - 1] = { ...step, created: String(id), idField: p.idField };
        ids.push(String(id));
      }
      real.path = instanceOf(c.path, ids);
    };
    const parentBodies = fc.tuple(...above.map((p) => { const make = roleOf(p, 'create')!; return validBodies(make, json(make)); }));

    const property = fc.asyncProperty(parentBodies, fc.commands(commands, { maxCommands: 12, size: 'max' }), async (bodies, cmds) => {
      if (unreachable !== undefined) return true;
      const real: Real = { steps: [], path: c.path };
      try {
        await makeParents(real, bodies);
        await fc.asyncModelRun(() => ({ model: { live: new Map(), gone: [], ids: new Map() }, real }), cmds);
      } catch (err) {
        if (err instanceof Unreachable) return true;
        if (!(err instanceof Violation)) throw err;
        if (!failing) options.onSequence?.(c.path, real.steps.length, false);
        failing = true;
        // fast-check shrinks from failure to smaller failure: the last failing sequence is the minimum.
        last = { collection: c.path, check: err.check, message: err.message, steps: real.steps, idField: c.idField, expected: err.expected };
        return false;
      }
      if (!failing) { passed += real.steps.length; options.onSequence?.(c.path, real.steps.length, true); }
      return true;
    });
    const out = await fc.check(property, {
      seed: (options.seed + 7919 * (index + 1)) | 0, numRuns: options.runs,
      ...(left === undefined ? {} : { interruptAfterTimeLimit: left, markInterruptAsFailure: false }),
    });
    if (out.failed && last === undefined && unreachable === undefined) {
      throw new Error(`api-check fuzz: a stateful sequence on ${c.path} could not be checked (seed ${options.seed}): ${String(out.errorInstance ?? 'unknown error')}`);
    }
    if (last) { failures.push(last); options.onFailure?.(last); }
  }
  return { passed, failures, collections: collections.map((c) => c.path), ...(unreachable === undefined ? {} : { unreachable }) };
}
