// The state the fuzz live view shows (requests per endpoint and per fault kind, failures as they
// are found, sequences per collection), updated from the run's events; the view only displays it.
import type { Fault } from './probes.js';

export interface EndpointProgress {
  /** The endpoint's name, as probes and failures name it. */
  readonly endpoint: string;
  /** `GET /position/{x}/{y}`. */
  readonly label: string;
  readonly valid: number;
  /** Requests with one fault (HEAD counted here too: it asks HEAD to answer as GET). */
  readonly faulty: number;
  readonly failed: number;
}

export interface CollectionProgress {
  readonly collection: string;
  readonly sequences: number;
  readonly requests: number;
  readonly failed: boolean;
}

export interface FuzzProgress {
  readonly surface: string;
  readonly seed: number;
  /** `--runs`: the generated requests at most. */
  readonly budget: number;
  readonly passed: number;
  /** Distinct shrunk failures, sequences included. */
  readonly failed: number;
  readonly endpoints: readonly EndpointProgress[];
  readonly faults: Readonly<Partial<Record<Fault, number>>>;
  readonly stateful: readonly CollectionProgress[];
  /** The most recent failures, newest last (a few). */
  readonly failures: readonly string[];
}

const KEEP_FAILURES = 5;

export function initialFuzzProgress(surface: string, seed: number, budget: number, endpoints: readonly { readonly endpoint: string; readonly label: string }[]): FuzzProgress {
  return {
    surface, seed, budget, passed: 0, failed: 0, faults: {}, stateful: [], failures: [],
    endpoints: endpoints.map((e) => ({ ...e, valid: 0, faulty: 0, failed: 0 })),
  };
}

/** Generated requests sent so far (shrinking steps not counted). */
export const sentOf = (p: FuzzProgress) => p.endpoints.reduce((n, e) => n + e.valid + e.faulty, 0);

const bump = (p: FuzzProgress, endpoint: string, f: (e: EndpointProgress) => EndpointProgress): readonly EndpointProgress[] =>
  p.endpoints.some((e) => e.endpoint === endpoint)
    ? p.endpoints.map((e) => (e.endpoint === endpoint ? f(e) : e))
    : [...p.endpoints, f({ endpoint, label: endpoint, valid: 0, faulty: 0, failed: 0 })];

/** A generated request was answered: passed, or the first of a failure about to be shrunk. */
export function probeDone(p: FuzzProgress, probe: { readonly endpoint: string; readonly fault: Fault }, passed: boolean): FuzzProgress {
  const valid = probe.fault === 'valid';
  return {
    ...p,
    passed: p.passed + (passed ? 1 : 0),
    endpoints: bump(p, probe.endpoint, (e) => ({ ...e, valid: e.valid + (valid ? 1 : 0), faulty: e.faulty + (valid ? 0 : 1) })),
    faults: valid ? p.faults : { ...p.faults, [probe.fault]: (p.faults[probe.fault] ?? 0) + 1 },
  };
}

/** A failure, shrunk: `line` is what the view prints for it. */
export function failureFound(p: FuzzProgress, endpoint: string | undefined, line: string): FuzzProgress {
  return {
    ...p,
    failed: p.failed + 1,
    endpoints: endpoint === undefined ? p.endpoints : bump(p, endpoint, (e) => ({ ...e, failed: e.failed + 1 })),
    failures: [...p.failures, line].slice(-KEEP_FAILURES),
  };
}

/** A sequence over `collection` ended (`requests` sent; `passed` unless it is the failing one). */
export function sequenceDone(p: FuzzProgress, collection: string, requests: number, passed: boolean): FuzzProgress {
  const known = p.stateful.some((c) => c.collection === collection);
  const stateful = (known ? p.stateful : [...p.stateful, { collection, sequences: 0, requests: 0, failed: false }])
    .map((c) => (c.collection === collection ? { ...c, sequences: c.sequences + 1, requests: c.requests + requests, failed: c.failed || !passed } : c));
  return { ...p, passed: p.passed + (passed ? requests : 0), stateful };
}
