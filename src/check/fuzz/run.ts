// A fuzz run over one surface: fast-check draws probes, each is sent and judged against the
// predictor; a failing probe is shrunk by fast-check to a minimal request. After a failure the
// run goes on (same budget, next seed) ignoring what it already found, so one run reports each
// distinct failure (endpoint and check) once, each shrunk.
import type { Surface, ExtensionPart } from '../../dsl/types.js';
import { walk } from '../../dsl/walk.js';
import { parseAuthorization } from '../../dsl/credentials.js';
import { unauthorized, type AuthClaim, type AuthConfig } from '../../dsl/auth.js';
import type { ExtensionRead } from '../../dsl/extension.js';
import { predictor, type Prediction } from '../../describe/predict.js';
import { fc } from '../../generate/index.js';
import type { RequestSpec } from '../../fixture/format.js';
import type { ActualResponse } from '../compare.js';
import type { Sent } from '../replay.js';
import { bodyFor } from '../replay.js';
import { type Failure, judge } from './conformance.js';
import { type Probe, probes } from './probes.js';
import { type StatefulFailure, type StatefulResult, statefulRun } from './stateful.js';

export interface FuzzOptions {
  readonly surface: Surface;
  /** Sends one request to the server under test (in-process or over HTTP). */
  readonly send: (req: RequestSpec) => Promise<Sent>;
  readonly seed: number;
  /** Generated requests (shrinking steps not counted). */
  readonly runs: number;
  /** Stop drawing at this time (ms since the epoch). */
  readonly deadline?: number;
  /** The server's body limit (413 above it). */
  readonly maxBody: number;
  /** `-H` headers, sent with every request. */
  readonly headers?: readonly (readonly [string, string])[];
  /** Authorization used for endpoints behind auth when `headers` gives none. */
  readonly credentials?: string;
  readonly maxResponseTime?: number;
  /** Model-based sequences over the surface's collections (default on; none recognised: none run). */
  readonly stateful?: boolean;
  /** Where sequences go when not to `send` (a handler-less module: a stateful mock of it). */
  readonly statefulSend?: (req: RequestSpec) => Promise<Sent>;
  /** Each generated request once answered (a failing one before it is shrunk), for a live view. */
  readonly onProbe?: (probe: Probe, passed: boolean) => void;
  /** Each failure once shrunk. */
  readonly onFailure?: (failure: FuzzFailure) => void;
  /** Each sequence of a stateful run once done (`passed` false: the failing one, before shrinking). */
  readonly onSequence?: (collection: string, requests: number, passed: boolean) => void;
  /** Each failing sequence once shrunk. */
  readonly onStatefulFailure?: (failure: StatefulFailure) => void;
}

export interface FuzzFailure {
  readonly probe: Probe;
  readonly prediction: Prediction;
  readonly actual: ActualResponse;
  /** For a HEAD probe: the same request's GET answer. */
  readonly get?: ActualResponse;
  readonly failures: readonly Failure[];
}

export interface FuzzResult {
  readonly passed: number;
  readonly failures: readonly FuzzFailure[];
  /** Why the server could not be reached (the run stopped). */
  readonly unreachable?: string;
  /** The model-based sequences, when the surface has collections and they were not turned off. */
  readonly stateful?: StatefulResult;
  /** Operations sent valid requests of which none reached the handler (in the surface's order). */
  readonly unreached: readonly Unreached[];
}

/** An operation no request reached: each answer was a refusal (the statuses its requests got). */
export interface Unreached {
  readonly endpoint: string;
  /** `GET /a`. */
  readonly operation: string;
  readonly statuses: readonly number[];
}

/**
 * decided: an answer reaches the handler when the predictor says so and the server did not refuse
 * the credentials (401, 403: a server's keys are unknown to the predictor); docs/fuzz.md "Unreached operations".
 */
const reachedBy = (prediction: Prediction, status: number) => prediction.kind === 'handler' && status !== 401 && status !== 403;

/**
 * decided: sequences per collection, a share of --runs (each sends up to 12 requests); docs/fuzz.md
 * "Stateful runs".
 */
export const sequencesFor = (runs: number) => Math.max(10, Math.ceil(runs / 10));

/** At most this many distinct failures per surface: past that, the server needs a person. */
const MAX_FAILURES = 20;

/**
 * Credentials the server will accept, as the predictor must judge them: those given (`-H`, the
 * demo user); any other well-formed claim is refused as the auth runtime would.
 */
function verifier(accepted: readonly string[]) {
  const claims = accepted.map((a) => parseAuthorization(a));
  return (part: ExtensionPart, claim: unknown): ExtensionRead<unknown> => {
    const c = claim as AuthClaim;
    const ok = claims.some((a) => (a.kind === 'basic' && c.kind === 'basic' && a.login === c.login && a.password === c.password)
      || (a.kind === 'bearer' && c.kind === 'bearer' && a.token === c.token));
    return ok ? { ok: true, value: c } : unauthorized(part.config as AuthConfig, c.kind === 'bearer' ? 'invalid' : undefined);
  };
}

const predicted = (r: RequestSpec) => {
  const body = bodyFor(r);
  return { method: r.method, url: r.path, headers: Object.fromEntries(Object.entries(r.headers ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string')), ...(body === undefined ? {} : { body }) };
};

export async function fuzz(options: FuzzOptions): Promise<FuzzResult> {
  const endpoints = walk(options.surface);
  const given = (options.headers ?? []).filter(([k]) => k.toLowerCase() === 'authorization').map(([, v]) => v);
  const accepted = [...given, ...(options.credentials === undefined ? [] : [options.credentials])];
  const predict = predictor(options.surface, { maxBody: options.maxBody, verify: verifier(accepted) });
  const arb = probes(endpoints, {
    maxBody: options.maxBody,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.credentials !== undefined && given.length === 0 ? { credentials: options.credentials } : {}),
  });
  let unreachable: string | undefined;

  /** Sends a request; a transport failure other than unreachable is the server's failure. */
  const exchange = async (r: RequestSpec): Promise<{ actual: ActualResponse; ms: number } | Failure> => {
    const began = performance.now();
    const sent = await options.send(r);
    const ms = performance.now() - began;
    if (sent.ok) return { actual: sent.response, ms };
    if (sent.kind === 'unreachable') unreachable ??= sent.message;
    return { check: 'not_a_server_error', message: `no answer: ${sent.message}` };
  };

  /** Per endpoint: whether a valid request was answered, the statuses answered, whether one reached its handler. */
  const reach = new Map<string, { tried: boolean; statuses: Set<number>; reached: boolean }>();
  const noteAnswer = (probe: Probe, prediction: Prediction, status: number) => {
    // A probe sent with another method answers for another operation.
    if (probe.fault === 'method') return;
    const r = reach.get(probe.endpoint) ?? { tried: false, statuses: new Set<number>(), reached: false };
    reach.set(probe.endpoint, r);
    r.tried ||= probe.fault === 'valid' || probe.fault === 'head';
    r.statuses.add(status);
    r.reached ||= reachedBy(prediction, status);
  };

  const evaluate = async (probe: Probe): Promise<Omit<FuzzFailure, 'failures'> & { failures: Failure[] } | undefined> => {
    const prediction = predict(predicted(probe.request));
    let get: ActualResponse | undefined;
    if (probe.fault === 'head') {
      const g = await exchange({ ...probe.request, method: 'GET' });
      if ('check' in g) return undefined;
      get = g.actual;
    }
    const x = await exchange(probe.request);
    if (!('check' in x)) noteAnswer(probe, prediction, x.actual.status);
    const empty: ActualResponse = { status: 0, headers: {}, body: Buffer.alloc(0) };
    if ('check' in x) return { probe, prediction, actual: empty, failures: unreachable ? [] : [x] };
    const failures = judge({ method: probe.request.method, prediction, actual: x.actual, durationMs: x.ms, ...(get ? { get } : {}) },
      options.maxResponseTime === undefined ? {} : { maxResponseTime: options.maxResponseTime });
    return { probe, prediction, actual: x.actual, ...(get ? { get } : {}), failures };
  };

  const known = new Set<string>();
  const keyOf = (p: Probe, f: Failure) => `${p.endpoint} ${f.check}`;
  const found: FuzzFailure[] = [];
  let passed = 0;
  let remaining = options.runs;
  for (let round = 0; remaining > 0 && found.length < MAX_FAILURES && unreachable === undefined; round++) {
    const left = options.deadline === undefined ? undefined : options.deadline - Date.now();
    if (left !== undefined && left <= 0) break;
    let failing = false;
    let used = 0;
    let last: FuzzFailure | undefined;
    const property = fc.asyncProperty(arb, async (probe) => {
      if (unreachable !== undefined) return true;
      const r = await evaluate(probe);
      const fresh = (r?.failures ?? []).filter((f) => !known.has(keyOf(probe, f)));
      if (!failing) {
        used++;
        if (fresh.length === 0) passed++;
        else failing = true;
        options.onProbe?.(probe, fresh.length === 0);
      }
      // fast-check shrinks from failure to smaller failure: the last failing evaluation is the minimum.
      if (fresh.length > 0 && r) last = { ...r, failures: fresh };
      return fresh.length === 0;
    });
    const out = await fc.check(property, {
      seed: (options.seed + round) | 0, numRuns: remaining,
      ...(left === undefined ? {} : { interruptAfterTimeLimit: left, markInterruptAsFailure: false }),
    });
    remaining -= used;
    if (!out.failed) break;
    // A property that threw (a probe that cannot be built or sent) is the fuzzer's fault: say so.
    if (last === undefined) throw new Error(`api-check fuzz: a generated request could not be checked (seed ${options.seed + round}): ${String(out.errorInstance ?? 'unknown error')}`);
    for (const f of last.failures) known.add(keyOf(last.probe, f));
    found.push(last);
    options.onFailure?.(last);
  }
  let stateful: StatefulResult | undefined;
  if (options.stateful !== false && unreachable === undefined) {
    stateful = await statefulRun({
      endpoints, send: options.statefulSend ?? options.send, predict: (r) => predict(predicted(r)), seed: options.seed,
      runs: sequencesFor(options.runs),
      ...(options.deadline === undefined ? {} : { deadline: options.deadline }),
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.credentials !== undefined && given.length === 0 ? { credentials: options.credentials } : {}),
      ...(options.onSequence ? { onSequence: options.onSequence } : {}),
      ...(options.onStatefulFailure ? { onFailure: options.onStatefulFailure } : {}),
    });
    unreachable ??= stateful.unreachable;
    if (stateful.collections.length === 0) stateful = undefined;
  }
  const unreached = endpoints.flatMap((e): Unreached[] => {
    const r = reach.get(e.name);
    return r && r.tried && !r.reached ? [{ endpoint: e.name, operation: `${e.method} ${e.path}`, statuses: [...r.statuses].sort((a, b) => a - b) }] : [];
  });
  return { passed, failures: found, unreached, ...(stateful ? { stateful } : {}), ...(unreachable === undefined ? {} : { unreachable }) };
}
