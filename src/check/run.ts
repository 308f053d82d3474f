// A replay run: each fixture file against its surface's server, the files of one folder one after
// another in name order and folders in parallel (up to the concurrency), the steps of a scenario in
// order with their captures, each case judged by the comparator. Servers come from a starter the
// caller passes (the CLI starts ours in-process, on a port or as fetch handlers).
import type { Case, CaptureSpec, FixtureFile, RequestSpec, ResponseSpec } from './fixture.js';
import { type ActualResponse, type Difference, compareResponse } from './compare.js';
import { type FetchHandle, headersFor, newDispatcher, send, sendThrough, urlFor } from './replay.js';
import type { Conformer } from './conformance.js';
import { basename, dirname, resolve } from 'node:path';
import { REPLAY_HEADER } from '../fixture/headers.js';
import type { Failure } from './fuzz/conformance.js';
import { resolvePointer } from '../codec/json-pointer.js';
import { type Vars, fillJson, fillText } from './template.js';

export interface Target {
  readonly url: string;
  /** Requests go through this fetch handler (`--through fetch`), not over HTTP to `url`. */
  readonly handle?: FetchHandle;
  close?(): Promise<void>;
}

/** Gives the server for a surface (started in-process, or a running one). */
export type Starter = (surface: string) => Promise<Target>;

export type Outcome = 'passed' | 'failed' | 'error' | 'skipped';

export interface CaseResult {
  readonly case: Case;
  readonly outcome: Outcome;
  readonly differences: readonly Difference[];
  /** Where the live answer departs from the surface's description (each failure names its check). */
  readonly conformance?: readonly Failure[];
  /** For `error` (no usable answer) and `skipped`: why. */
  readonly reason?: { readonly kind: 'unreachable' | 'timeout' | 'transport' | 'too-large' | 'capture' | 'skipped'; readonly message: string };
  /** What a person should know to read the failure (a redacted credential no `-H` filled). */
  readonly hint?: string;
  /** The request as sent (captures filled in). */
  readonly sent?: { readonly method: string; readonly url: string };
  readonly actual?: ActualResponse;
  readonly durationMs: number;
}

export interface RunOptions {
  readonly files: readonly FixtureFile[];
  readonly start: Starter;
  readonly timeoutMs: number;
  /** Bytes of response body read at most (`--max-response-body`; default 32 MiB). */
  readonly maxResponseBody?: number;
  readonly headers?: readonly (readonly [string, string])[];
  /**
   * Folders replayed at the same time. decided: the files of one folder run one after another in
   * name order (a recorded create, then its delete, then the 404 after it, are never raced), and
   * folders in parallel (docs/checks-and-fixtures.md "The order rule"); steps of a scenario always in order.
   */
  readonly concurrency: number;
  readonly bail?: boolean;
  /** The conformance check of a surface's answers (undefined: its description is not known). */
  readonly conformance?: (surface: string) => Promise<Conformer | undefined>;
  readonly onCaseStart?: (c: Case) => void;
  readonly onCaseEnd?: (r: CaseResult) => void;
}

export interface RunResult {
  readonly results: readonly CaseResult[];
  readonly unreachable: boolean;
}

function fillRequest(req: RequestSpec, vars: Vars): RequestSpec {
  if (vars.size === 0) return req;
  const headers = req.headers && Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, typeof v === 'string' ? fillText(v, vars) : v]));
  return {
    ...req,
    path: fillText(req.path, vars),
    ...(headers ? { headers } : {}),
    ...(req.body === undefined ? {} : { body: fillJson(req.body, vars) }),
    ...(req.text === undefined ? {} : { text: fillText(req.text, vars) }),
  };
}

function fillResponse(res: ResponseSpec, vars: Vars): ResponseSpec {
  if (vars.size === 0) return res;
  return fillJson(res, vars) as ResponseSpec;
}

/** The captured value, or why it could not be taken. */
export function captureFrom(spec: CaptureSpec, res: ActualResponse): { ok: true; value: unknown } | { ok: false; message: string } {
  if ('pointer' in spec) {
    let doc: unknown;
    try { doc = JSON.parse(res.body.toString('utf8')); } catch { return { ok: false, message: 'the response body is not JSON' }; }
    const f = resolvePointer(doc, spec.pointer);
    return f.found ? { ok: true, value: f.value } : { ok: false, message: `the body has nothing at ${spec.pointer} (stopped at ${f.at})` };
  }
  const raw = res.headers[spec.header.toLowerCase()];
  const values = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw;
  if (values.length === 0) return { ok: false, message: `the response has no ${spec.header} header` };
  if (spec.match === undefined) return { ok: true, value: values.join(', ') };
  const re = new RegExp(spec.match);
  for (const v of values) {
    const m = re.exec(v);
    if (m) return { ok: true, value: m[1] ?? m[0] };
  }
  return { ok: false, message: `no ${spec.header} value matches /${spec.match}/` };
}

const skipped = (c: Case, message: string): CaseResult => ({ case: c, outcome: 'skipped', differences: [], reason: { kind: 'skipped', message }, durationMs: 0 });

export async function run(options: RunOptions): Promise<RunResult> {
  const dispatcher = newDispatcher();
  const targets = new Map<string, Promise<Target>>();
  const target = (surface: string) => {
    let t = targets.get(surface);
    if (!t) targets.set(surface, (t = options.start(surface)));
    return t;
  };
  const conformers = new Map<string, Promise<Conformer | undefined>>();
  const conformerOf = (surface: string) => {
    let c = conformers.get(surface);
    if (!c) conformers.set(surface, (c = options.conformance ? options.conformance(surface).catch(() => undefined) : Promise.resolve(undefined)));
    return c;
  };
  /** Surfaces found unreachable, with why: their other cases are not sent (they would fail the same way). */
  const down = new Map<string, string>();
  const given = new Set((options.headers ?? []).map(([k]) => k.toLowerCase()));
  const byFile = new Map<FixtureFile, CaseResult[]>();
  let stop = false;
  const slotsOnly = new Set<string>();
  for (const f of options.files) for (const c of f.cases) for (const [k, v] of Object.entries(c.request.headers ?? {})) if (typeof v !== 'string') slotsOnly.add(k.toLowerCase());

  const finish = (list: CaseResult[], r: CaseResult) => {
    list.push(r);
    if (options.bail && (r.outcome === 'failed' || r.outcome === 'error')) stop = true;
    options.onCaseEnd?.(r);
  };

  const runFile = async (file: FixtureFile) => {
    const list: CaseResult[] = [];
    byFile.set(file, list);
    const vars = new Map<string, unknown>();
    let broken: string | undefined;
    for (const c of file.cases) {
      if (stop) { finish(list, skipped(c, 'not run: --bail stopped the run after a failure')); continue; }
      if (broken) { finish(list, skipped(c, `not run: ${broken}`)); continue; }
      options.onCaseStart?.(c);
      const began = performance.now();
      let base: Target;
      try {
        base = await target(file.surface);
      } catch (err) {
        const message = `the server for ${file.surface} could not be started: ${(err as Error)?.message ?? String(err)}`;
        finish(list, { case: c, outcome: 'error', differences: [], reason: { kind: 'unreachable', message }, durationMs: 0 });
        broken = 'its server could not be started';
        continue;
      }
      const req = fillRequest(c.request, vars);
      const sent = { method: req.method, url: urlFor(base.url, req.path) };
      const known = down.get(file.surface);
      if (known !== undefined) {
        finish(list, { case: c, outcome: 'error', differences: [], reason: { kind: 'unreachable', message: known }, sent, durationMs: 0 });
        broken = `step ${c.index + 1} got no answer`;
        continue;
      }
      // Names the fixture, so a server recording into this very folder can refuse to copy it into itself.
      const marked = { ...req, headers: { ...req.headers, [REPLAY_HEADER]: resolve(c.file) } };
      const sendOptions = { timeoutMs: options.timeoutMs, ...(options.maxResponseBody === undefined ? {} : { maxResponseBody: options.maxResponseBody }), ...(options.headers ? { headers: options.headers, slotsOnly } : {}) };
      const r = base.handle ? await sendThrough(base.handle, base.url, marked, sendOptions) : await send(base.url, marked, { ...sendOptions, dispatcher });
      const durationMs = performance.now() - began;
      if (!r.ok) {
        if (r.kind === 'unreachable') down.set(file.surface, r.message);
        finish(list, { case: c, outcome: 'error', differences: [], reason: { kind: r.kind, message: r.message }, sent, durationMs });
        broken = `step ${c.index + 1} got no answer`;
        continue;
      }
      const differences = compareResponse(fillResponse(c.response, vars), r.response);
      let reason: CaseResult['reason'];
      for (const [name, spec] of Object.entries(c.capture ?? {})) {
        const got = captureFrom(spec, r.response);
        if (got.ok) vars.set(name, got.value);
        else reason ??= { kind: 'capture', message: `cannot capture ${name}: ${got.message}` };
      }
      const conform = await conformerOf(file.surface);
      const conformance = conform ? conform({ ...req, headers: headersFor(req, options.headers, slotsOnly) }, r.response) : [];
      const failed = differences.length > 0 || conformance.length > 0 || reason !== undefined;
      const missing = Object.entries(c.request.headers ?? {}).filter(([k, v]) => typeof v !== 'string' && !given.has(k.toLowerCase())).map(([k]) => k);
      const hint = failed && r.response.status === 401 && c.response.status !== 401 && missing.length > 0
        ? `the fixture redacts ${missing.join(', ')} and no -H gave ${missing.length === 1 ? 'it' : 'them'}: the request went without; replay with -H '${missing[0]}: ...'`
        : undefined;
      finish(list, {
        case: c, outcome: failed ? 'failed' : 'passed', differences, ...(conformance.length > 0 ? { conformance } : {}), ...(hint ? { hint } : {}),
        ...(reason ? { reason } : {}), sent, actual: r.response, durationMs,
      });
      if (failed) broken = `step ${c.index + 1} failed`;
    }
  };

  const queue = inFolders(options.files);
  const worker = async () => {
    for (let folder = queue.shift(); folder; folder = queue.shift()) for (const f of folder) await runFile(f);
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, queue.length)) }, worker));
  } finally {
    const started = await Promise.allSettled(targets.values());
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.close?.() : undefined)));
    await dispatcher.close();
  }
  const results = options.files.flatMap((f) => byFile.get(f) ?? []);
  return { results, unreachable: results.some((r) => r.reason?.kind === 'unreachable') };
}

/** The files by folder (in the order folders first appear), each folder's files in name order. */
function inFolders(files: readonly FixtureFile[]): FixtureFile[][] {
  const folders = new Map<string, FixtureFile[]>();
  for (const f of files) {
    const dir = dirname(resolve(f.file));
    const list = folders.get(dir);
    if (list) list.push(f);
    else folders.set(dir, [f]);
  }
  const byName = (a: FixtureFile, b: FixtureFile) => { const x = basename(a.file); const y = basename(b.file); return x < y ? -1 : x > y ? 1 : 0; };
  return [...folders.values()].map((list) => list.sort(byName));
}

/** 0 all passed, 1 a check failed, 3 a server could not be reached (DESIGN.md section 4). */
export function exitCodeOf(result: RunResult): 0 | 1 | 3 {
  if (result.unreachable) return 3;
  return result.results.some((r) => r.outcome === 'failed' || r.outcome === 'error') ? 1 : 0;
}
