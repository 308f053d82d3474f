// Stateful runs: for each collection the mock recognises (src/mock/collections.ts, one notion of
// "collection" for both), a fast-check model-based run of create, get, list, update and delete in
// random order against an in-memory model, so "created then listed", "deleted then 404" and
// unique ids are checked; a failing sequence is shrunk by fast-check to a minimal one. A nested
// collection's sequence starts by creating the items above it (`POST /things` for /things/{id}/parts).
import type { EndpointInfo } from '../../dsl/types.js';
import { findCollections } from '../../mock/collections.js';
import { instanceOf, roleOf, runnableCollections, success } from './runnable-collections.js';
import type { Prediction } from '../../describe/predict.js';
import { fc } from '../../generate/index.js';
import type { RequestSpec } from '../../fixture/format.js';
import type { Sent } from '../replay.js';
import type { CheckName } from './conformance.js';
import { validBodies } from './probes.js';
import { type Body, type CollectionContext, type Real, type RunState, Unreachable, Violation, collectionContext, is2xx, json } from './stateful-context.js';
import { commandsOf } from './stateful-commands.js';

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

const show = (r: StatefulStep) => `${r.request.method} ${r.request.path}${r.request.text === undefined ? '' : ` ${r.request.text.length > 120 ? `${r.request.text.slice(0, 120)}...` : r.request.text}`} -> ${r.status || 'no answer'}${r.created === undefined ? '' : ` (id ${r.created})`}`;

/** The sequence as numbered lines, for reports. */
export const describeSteps = (steps: readonly StatefulStep[]) => steps.map((s, i) => `${i + 1}. ${show(s)}`);

/** Creates one item in each collection above a nested one, so its path names real parents. */
async function makeParents(ctx: CollectionContext, real: Real, bodies: readonly (Body | undefined)[]): Promise<void> {
  const c = ctx.collection;
  const ids: string[] = [];
  for (const [i, p] of ctx.above.entries()) {
    const make = roleOf(p, 'create')!;
    const { actual, doc } = await ctx.exchange(real, make, ctx.requestOf(make, instanceOf(p.path, ids), bodies[i]));
    const id = doc !== null && typeof doc === 'object' ? (doc as Record<string, unknown>)[p.idField] : undefined;
    if (!is2xx(actual.status) || id === undefined) {
      throw new Violation('ensure_resource_availability', `${make.method} ${instanceOf(p.path, ids)} answered ${actual.status}${id === undefined ? ` without ${p.idField}` : ''}: no parent for ${c.path}`, { kind: 'status', status: success(make)?.status ?? 200 });
    }
    const step = real.steps[real.steps.length - 1]!;
    real.steps[real.steps.length - 1] = { ...step, created: String(id), idField: p.idField };
    ids.push(String(id));
  }
  real.path = instanceOf(c.path, ids);
}

/** One collection's run: its passing requests, and its failing sequence once shrunk. */
interface CollectionOutcome {
  readonly passed: number;
  readonly failure: StatefulFailure | undefined;
}

/**
 * fast-check's model-based run of one collection (`index` in the run's order, which its seed
 * derives from; `left`: milliseconds until the deadline).
 */
async function runCollection(ctx: CollectionContext, index: number, left: number | undefined, options: StatefulOptions, state: RunState): Promise<CollectionOutcome> {
  const c = ctx.collection;
  let passed = 0;
  let failing = false;
  let last: StatefulFailure | undefined;
  const commands = commandsOf(ctx);
  const parentBodies = fc.tuple(...ctx.above.map((p) => { const make = roleOf(p, 'create')!; return validBodies(make, json(make)); }));

  const property = fc.asyncProperty(parentBodies, fc.commands(commands, { maxCommands: 12, size: 'max' }), async (bodies, cmds) => {
    if (state.unreachable !== undefined) return true;
    const real: Real = { steps: [], path: c.path };
    try {
      await makeParents(ctx, real, bodies);
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
  if (out.failed && last === undefined && state.unreachable === undefined) {
    throw new Error(`api-check fuzz: a stateful sequence on ${c.path} could not be checked (seed ${options.seed}): ${String(out.errorInstance ?? 'unknown error')}`);
  }
  return { passed, failure: last };
}

/** A model-based run per runnable collection of a surface. */
export async function statefulRun(options: StatefulOptions): Promise<StatefulResult> {
  const all = findCollections(options.endpoints);
  const collections = runnableCollections(options.endpoints);
  const failures: StatefulFailure[] = [];
  let passed = 0;
  const state: RunState = { unreachable: undefined };

  for (const [index, c] of collections.entries()) {
    const left = options.deadline === undefined ? undefined : options.deadline - Date.now();
    if ((left !== undefined && left <= 0) || state.unreachable !== undefined) break;
    const outcome = await runCollection(collectionContext(c, all, options, state), index, left, options, state);
    passed += outcome.passed;
    if (outcome.failure) { failures.push(outcome.failure); options.onFailure?.(outcome.failure); }
  }
  const { unreachable } = state;
  return { passed, failures, collections: collections.map((c) => c.path), ...(unreachable === undefined ? {} : { unreachable }) };
}
