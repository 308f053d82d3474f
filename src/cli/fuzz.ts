// `api-check fuzz <surface>`: flags -> the fuzz library; the surface served in-process (a fresh
// seeded temp data dir, no socket) unless --base-url points at a running server. Prints the seed,
// each shrunk failure (saved as a fixture with --save-failures), and the totals line; exit 0/1/2/3.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Command, InvalidArgumentError, Option } from './commander.js';
import { lenientHelp } from './lenient-option.js';
import type { RequestHeaderValue, RequestSpec } from '../fixture/format.js';
import type { Sent } from '../check/replay.js';
import type { FuzzOptions } from '../check/fuzz/run.js';
import type { StatefulCheck } from '../check/fuzz/stateful.js';
import type { Surface } from '../dsl/types.js';
import { type LoadedSurface, UsageError, parseSurfaceArg, requireHandlers } from './resolve-surface.js';
import { die } from './exit.js';
import { baseUrlProblem } from './base-url.js';
import { DEFAULT_RESPONSE_BODY_CAP, sizeArg } from './size.js';
import { walk } from '../dsl/walk.js';
import { registry } from '../../specs/index.js';

/** The demo user a fresh data directory is seeded with (src/store/users.ts), for S6's Basic auth. */
const DEMO_CREDENTIALS = `Basic ${Buffer.from('user:pass').toString('base64')}`;
/** decided: in-process bodies are capped at 64 KiB so oversize probes stay cheap; docs/fuzz.md "Generated requests". */
/** The sequence checks a server that keeps nothing fails (the others judge one answer). */
const KEEPING: ReadonlySet<string> = new Set(['unique_id', 'ensure_resource_availability', 'use_after_free'] satisfies StatefulCheck[]);
const IN_PROCESS_MAX_BODY = 64 * 1024;
const DEFAULT_MAX_BODY = 1024 * 1024;

const whole = (what: string, min: number) => (v: string) => {
  if (!/^\d+$/.test(v) || Number(v) < min) throw new InvalidArgumentError(`${what} must be a whole number of at least ${min}`);
  return Number(v);
};
const seedArg = (v: string) => {
  if (!/^-?\d+$/.test(v) || Math.abs(Number(v)) > 2 ** 31 - 1) throw new InvalidArgumentError('--seed must be a whole number (32-bit)');
  return Number(v);
};
const duration = (v: string) => {
  const m = /^(\d+)(ms|s|m)?$/.exec(v);
  if (!m || Number(m[1]) === 0) throw new InvalidArgumentError(`--time: "${v}" is not a duration like 500ms, 60s or 2m`);
  return Number(m[1]) * (m[2] === 'ms' ? 1 : m[2] === 'm' ? 60_000 : 1000);
};
const header = (v: string, prev: [string, string][] = []): [string, string][] => {
  const i = v.indexOf(':');
  if (i < 1) throw new InvalidArgumentError(`"${v}" is not NAME:VALUE`);
  return [...prev, [v.slice(0, i).trim(), v.slice(i + 1).trim()]];
};

const reporterArg = (v: string) => {
  if (v !== 'pretty' && v !== 'plain' && v !== 'junit' && v !== 'json') throw new InvalidArgumentError(`--reporter: "${v}" is not pretty, plain, junit or json`);
  return v;
};

interface FuzzFlags {
  baseUrl?: string; seed?: number; runs: number; time?: number; saveFailures?: string; header?: [string, string][];
  maxResponseTime?: number; maxBody?: number; lenient?: boolean; maxResponseBody: number; timeout: number; stateful: boolean; allowUnreached?: boolean; reporter: 'pretty' | 'plain' | 'junit' | 'json'; output?: string;
}

/**
 * Sends through the in-process injector, answering as a client over HTTP would read it: a body
 * past `cap` fails as it does over HTTP (the injector has it whole already: our own surfaces).
 */
function injectSender(inject: (r: { method: string; url: string; headers?: Record<string, string>; body?: string | Buffer }) => Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>, bodyFor: (r: RequestSpec) => string | Buffer | undefined, cap: { bytes: number; text: (bytes: number) => string }) {
  return async (r: RequestSpec): Promise<Sent> => {
    const headers = Object.fromEntries(Object.entries(r.headers ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const body = bodyFor(r);
    try {
      const res = await inject({ method: r.method, url: r.path, headers, ...(body === undefined ? {} : { body }) });
      if (res.body.length > cap.bytes) return { ok: false, kind: 'too-large', message: `response body exceeds ${cap.text(cap.bytes)} (--max-response-body)` };
      return { ok: true, response: { status: res.status, headers: res.headers, body: res.body } };
    } catch (err) {
      return { ok: false, kind: 'transport', message: (err as Error)?.message ?? String(err) };
    }
  };
}

/** The Ink live view over a run's events (Ink loads only when it is drawn). */
async function liveFuzzView(surface: Surface, label: string, seed: number, runs: number) {
  const [{ mountFuzzView }, { initialFuzzProgress, probeDone, failureFound, sequenceDone }, { colorWanted }] = await Promise.all([
    import('../check/ui/mount.js'), import('../check/fuzz/progress.js'), import('../check/color.js')]);
  let p = initialFuzzProgress(label, seed, runs, walk(surface).map((e) => ({ endpoint: e.name, label: `${e.method} ${e.path}` })));
  const view = mountFuzzView(p, { color: colorWanted(process.stdout) });
  const events: Pick<FuzzOptions, 'onProbe' | 'onFailure' | 'onSequence' | 'onStatefulFailure'> = {
    onProbe: (probe, passed) => view.update((p = probeDone(p, probe, passed))),
    onFailure: (f) => view.update((p = failureFound(p, f.probe.endpoint, `${f.probe.request.method} ${f.probe.request.path} -> ${f.actual.status}  ${f.failures.map((x) => x.check).join(', ')}`))),
    onSequence: (collection, requests, passed) => view.update((p = sequenceDone(p, collection, requests, passed))),
    onStatefulFailure: (f) => view.update((p = failureFound(p, undefined, `stateful ${f.collection}  ${f.check} (${f.steps.length} requests, shrunk)`))),
  };
  return { events, stop: () => view.stop() };
}

type FuzzLib = typeof import('../check/fuzz/index.js');
type ReplayLib = typeof import('../check/replay.js');
type FuzzResult = Awaited<ReturnType<FuzzLib['fuzz']>>;

/** What a run is, read from the flags and the surface before anything is served. */
interface RunPlan {
  readonly label: string;
  readonly mod: LoadedSurface;
  readonly seed: number;
  readonly maxBody: number;
  /** A reference surface: served in-process, its seeded demo user can sign requests. */
  readonly inRegistry: boolean;
  /** A document (junit, json) written to stdout is alone there: the human lines go to stderr (as replay does). */
  readonly out: NodeJS.WriteStream;
}

/** Where requests go: `statefulSend` when sequences need another server than the probes. */
interface Target {
  readonly send: (r: RequestSpec) => Promise<Sent>;
  readonly statefulSend: ((r: RequestSpec) => Promise<Sent>) | undefined;
  readonly close: () => Promise<void>;
  /** The in-process server's log, shown after a failing run (a remote server keeps its own). */
  readonly logs: readonly string[];
}

const isDocument = (o: FuzzFlags) => o.reporter === 'junit' || o.reporter === 'json';

/** Flags and surface to a plan; a bad --base-url or surface is a usage error before anything loads. */
async function planOf(arg: string, o: FuzzFlags): Promise<RunPlan> {
  const problem = o.baseUrl === undefined ? undefined : baseUrlProblem(o.baseUrl);
  if (problem !== undefined) throw new UsageError(problem);
  const target = parseSurfaceArg(arg, { lenient: o.lenient === true });
  const mod = await target.load();
  return {
    label: target.label, mod,
    seed: o.seed ?? Math.floor(Math.random() * 2 ** 31),
    maxBody: o.maxBody ?? (o.baseUrl === undefined ? IN_PROCESS_MAX_BODY : DEFAULT_MAX_BODY),
    inRegistry: Object.hasOwn(registry, target.label),
    out: isDocument(o) && o.output === undefined ? process.stderr : process.stdout,
  };
}

/** Serves the surface in-process in a fresh seeded data dir, removed again on close. */
async function startInProcess(plan: RunPlan, o: FuzzFlags, { bodyFor, sizeText }: ReplayLib): Promise<Target> {
  const { mod, maxBody } = plan;
  const logs: string[] = [];
  const cap = { bytes: o.maxResponseBody, text: sizeText };
  // A module with a surface and no handlers is fuzzed against its mock, as api-serve would serve it.
  const handlers = mod.handlers === undefined ? (await import('../mock/index.js')).mock(mod.surface) : requireHandlers(mod, plan.label);
  const [{ injector }, { openUserStore }, { seed: seedData }] = await Promise.all([import('../server/inject.js'), import('./user-directory.js'), import('./check.js')]);
  const dataDir = mkdtempSync(join(tmpdir(), 'api-check-fuzz-'));
  seedData(dataDir);
  const inj = await injector(handlers, { dataDir, maxBody, users: openUserStore, log: (line) => logs.push(line) });
  let close = async () => { await inj.close(); rmSync(dataDir, { recursive: true, force: true }); };
  let statefulSend: Target['statefulSend'];
  if (mod.handlers === undefined && o.stateful) {
    // A mock keeps nothing unless stateful (`api-serve --mock --stateful`): sequences go to one that does.
    const kept = await injector((await import('../mock/index.js')).mock(mod.surface, { stateful: true }), { dataDir, maxBody, users: openUserStore, log: (line) => logs.push(line) });
    const first = close;
    close = async () => { await kept.close(); await first(); };
    statefulSend = injectSender(kept.inject, bodyFor, cap);
  }
  return { send: injectSender(inj.inject, bodyFor, cap), statefulSend, close, logs };
}

/** Sends over HTTP to the server at `base`. */
function remote(base: string, o: FuzzFlags, { send, newDispatcher }: ReplayLib): Target {
  const dispatcher = newDispatcher();
  return {
    send: (r) => send(base, r, { timeoutMs: o.timeout, dispatcher, maxResponseBody: o.maxResponseBody }),
    statefulSend: undefined, close: () => dispatcher.close(), logs: [],
  };
}

/** Prints the run's first line, runs the fuzz library (a live view when wanted), and closes the target. */
async function fuzzTarget(plan: RunPlan, o: FuzzFlags, target: Target, { fuzz }: FuzzLib): Promise<{ result: FuzzResult; seconds: number }> {
  const { label, mod, seed, maxBody } = plan;
  const began = performance.now();
  plan.out.write(`api-check fuzz ${label} (${o.baseUrl ?? 'in-process'}): seed ${seed}, up to ${o.runs} requests${o.time ? ` or ${o.time / 1000}s` : ''}\n`);
  // decided: the live view as replay draws it (pretty on a terminal outside CI); docs/decisions.md "Fuzz".
  const { liveViewWanted } = await import('../check/live-wanted.js');
  const live = liveViewWanted(o.reporter, process.stdout, process.env) ? await liveFuzzView(mod.surface, label, seed, o.runs) : undefined;
  let result: FuzzResult;
  try {
    result = await fuzz({
      ...(live ? live.events : {}),
      surface: mod.surface, send: target.send, seed, runs: o.runs, maxBody,
      ...(o.time === undefined ? {} : { deadline: Date.now() + o.time }),
      ...(o.header ? { headers: o.header } : {}),
      // The seeded demo user exists only in the data dir this command makes for a reference surface.
      ...(plan.inRegistry && o.baseUrl === undefined ? { credentials: DEMO_CREDENTIALS } : {}),
      ...(o.maxResponseTime === undefined ? {} : { maxResponseTime: o.maxResponseTime }),
      stateful: o.stateful, ...(target.statefulSend ? { statefulSend: target.statefulSend } : {}),
    });
  } finally {
    live?.stop();
    await target.close();
  }
  return { result, seconds: (performance.now() - began) / 1000 };
}

/** -H values may be secrets: a saved fixture leaves them out, as recorded fixtures do. */
function redaction(o: FuzzFlags) {
  const names = new Set((o.header ?? []).map(([k]) => k.toLowerCase()));
  return {
    has: (name: string) => names.has(name),
    headers: (h: Readonly<Record<string, RequestHeaderValue>>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, names.has(k) ? { $redacted: true as const } : v])),
  };
}

/** Each failing probe, shrunk: the request, the checks it failed, and where it was saved. */
function reportProbes(plan: RunPlan, o: FuzzFlags, failures: FuzzResult['failures'], { fixtureOf, fixtureName }: FuzzLib): void {
  const { out, mod, label } = plan;
  const redact = redaction(o);
  for (const f of failures) {
    const r = f.probe.request;
    out.write(`FAIL  ${label}  ${r.method} ${r.path} -> ${f.actual.status}  (${f.probe.endpoint}, ${f.probe.fault === 'valid' ? 'valid request' : `fault: ${f.probe.fault}`})\n`);
    for (const x of f.failures) out.write(`    ${x.check}: ${x.message}\n`);
    const shown = Object.entries(r.headers ?? {}).filter(([k]) => !redact.has(k));
    if (shown.length > 0) out.write(`    request headers: ${shown.map(([k, v]) => `${k}: ${String(v)}`).join(', ')}\n`);
    const body = r.text ?? (r.base64 === undefined ? undefined : `(base64) ${r.base64}`);
    if (body !== undefined) out.write(`    request body: ${body.length > 200 ? `${body.slice(0, 200)}... (${body.length} chars)` : body}\n`);
    if (o.saveFailures !== undefined) {
      mkdirSync(o.saveFailures, { recursive: true });
      const fx = fixtureOf(mod.surface.name, plan.seed, f);
      const headers = fx.request.headers && redact.headers(fx.request.headers);
      const file = join(o.saveFailures, fixtureName(mod.surface.name, f));
      writeFileSync(file, `${JSON.stringify({ ...fx, request: { ...fx.request, ...(headers ? { headers } : {}) } }, null, 2)}\n`);
      out.write(`    saved ${file}\n`);
    }
  }
}

/** The sequences: the collections run, the ones left out and why, each failing sequence shrunk. */
function reportSequences(plan: RunPlan, o: FuzzFlags, st: FuzzResult['stateful'], { describeSteps, scenarioOfSequence, sequenceFixtureName, notRunnable }: FuzzLib): void {
  const { out, mod, label } = plan;
  const redact = redaction(o);
  if (st) out.write(`stateful: ${st.collections.join(', ')}: ${st.passed} requests in passing sequences\n`);
  // A collection-shaped path left out says why, so a surface without sequences is not silently "stateless".
  const skipped = o.stateful ? notRunnable(walk(mod.surface)) : [];
  if (skipped.length > 0) out.write(`stateful: not run: ${skipped.map((x) => `${x.path} (${x.why})`).join(', ')}\n`);
  for (const f of st?.failures ?? []) {
    out.write(`FAIL  ${label}  stateful ${f.collection}  (${f.steps.length} request${f.steps.length === 1 ? '' : 's'}, shrunk)\n    ${f.check}: ${f.message}\n`);
    for (const line of describeSteps(f.steps)) out.write(`    ${line}\n`);
    if (o.saveFailures !== undefined) {
      mkdirSync(o.saveFailures, { recursive: true });
      const sc = scenarioOfSequence(mod.surface.name, plan.seed, f);
      const steps = sc.steps.map((s) => (s.request.headers ? { ...s, request: { ...s.request, headers: redact.headers(s.request.headers) } } : s));
      const file = join(o.saveFailures, sequenceFixtureName(mod.surface.name, f));
      writeFileSync(file, `${JSON.stringify({ ...sc, steps }, null, 2)}\n`);
      out.write(`    saved ${file}\n`);
    }
  }
  // A mock served without --stateful keeps nothing, so its sequences fail a check of keeping (the
  // same id twice, a created item not found, a deleted one found): say so once, since `api-serve
  // doc.yaml --mock` then `api-check fuzz --base-url` is the usual pairing. A wrong status or body
  // within a sequence is not that.
  if (o.baseUrl !== undefined && st?.failures.some((f) => KEEPING.has(f.check)) === true) {
    out.write('    (sequences expect the server to keep what it is sent: against `api-serve --mock`, serve with --stateful or fuzz with --no-stateful)\n');
  }
}

/** The lines and the junit/json document of a finished run; the exit code (3: the target went away). */
function reportRun(plan: RunPlan, o: FuzzFlags, target: Target, run: { result: FuzzResult; seconds: number }, lib: FuzzLib): number {
  const { out, label, seed } = plan;
  const { result } = run;
  const meta = { surface: label, seed, seconds: run.seconds };
  const document = () => {
    if (!isDocument(o)) return;
    const doc = o.reporter === 'junit' ? lib.fuzzJunit(result, meta) : lib.fuzzJson(result, meta);
    if (o.output === undefined) process.stdout.write(doc);
    else writeFileSync(o.output, doc);
  };
  if (result.unreachable !== undefined) {
    document();
    process.stderr.write(`api-check: ${label}: ${result.unreachable}\n`);
    return 3;
  }
  reportProbes(plan, o, result.failures, lib);
  const st = result.stateful;
  reportSequences(plan, o, st, lib);
  const failed = result.failures.length + (st?.failures.length ?? 0);
  // A run whose requests all met a refusal tested nothing past it: it does not pass (docs/fuzz.md "Unreached operations").
  for (const u of result.unreached) out.write(`${lib.unreachedLine(u)}\n`);
  if (result.unreached.length > 0 && !o.allowUnreached) out.write('    give the credentials the server accepts with -H NAME:VALUE, or accept this with --allow-unreached\n');
  const { logs } = target;
  if (failed > 0 && logs.length > 0) process.stderr.write(`api-check: server log:\n${logs.slice(-20).map((l) => `  ${l}`).join('\n')}\n`);
  const unreached = result.unreached.length === 0 ? '' : `, ${result.unreached.length} operation${result.unreached.length === 1 ? '' : 's'} not reached`;
  out.write(`seed ${seed} (reproduce with --seed ${seed})\n${result.passed + (st?.passed ?? 0)} passed, ${failed} failed${unreached}\n`);
  document();
  return failed > 0 || (result.unreached.length > 0 && !o.allowUnreached) ? 1 : 0;
}

async function runFuzz(arg: string, o: FuzzFlags): Promise<number> {
  const plan = await planOf(arg, o);
  // Loaded here, not at the top: `api-check` without `fuzz` never pays for them.
  const [lib, replay] = await Promise.all([import('../check/fuzz/index.js'), import('../check/replay.js')]);
  const target = o.baseUrl === undefined ? await startInProcess(plan, o, replay) : remote(o.baseUrl, o, replay);
  const run = await fuzzTarget(plan, o, target, lib);
  return reportRun(plan, o, target, run, lib);
}

/** Adds `fuzz` to the api-check program (commander: subcommands of api-check). */
export function addFuzz(cmd: Command): void {
  cmd.command('fuzz')
    .description('generate requests from a surface\'s description (valid ones and ones with one fault) and check every answer against it')
    .argument('<surface>', 'a reference surface (S1..S10), a path to a module exporting a surface (and handlers; without them its mock is fuzzed), or an OpenAPI document (.json, .yaml: its mock is fuzzed)')
    .option('--base-url <url>', 'fuzz a running server instead of serving the surface in-process')
    .option('--seed <n>', 'the seed (printed by every run) to reproduce a run', seedArg)
    .option('--runs <n>', 'generated requests at most', whole('--runs', 1), 200)
    .option('--time <duration>', 'stop generating after this long (500ms, 60s, 2m)', duration)
    .option('--save-failures <dir>', 'write each shrunk failure as a fixture plain api-check replays (a failing sequence as a scenario)')
    .option('-H, --header <name:value>', 'send this header with every request (repeatable); an Authorization here is the credentials', header)
    .option('--max-response-time <ms>', 'a slower answer is a failure', whole('--max-response-time', 1))
    .option('--max-body <bytes>', 'the server\'s body limit, for the oversize probe (in-process: 65536; else 1048576)', whole('--max-body', 1))
    .option('--timeout <ms>', 'per request', whole('--timeout', 1), 10000)
    .addOption(new Option('--max-response-body <size>', 'read at most this much of a response body; past it the request fails (bytes, or with kb/mb)')
      .argParser(sizeArg).default(sizeArg(DEFAULT_RESPONSE_BODY_CAP), DEFAULT_RESPONSE_BODY_CAP))
    .option('--reporter <name>', 'pretty (a live view on a terminal, else lines), plain (lines), junit or json (the document on stdout, the lines on stderr)', reporterArg, 'pretty')
    .option('--output <file>', 'write the junit or json report there')
    .option('--lenient', lenientHelp('served'))
    .option('--allow-unreached', 'pass even when no request reached an operation\'s handler (every answer a refusal, e.g. 401 without credentials)')
    .option('--no-stateful', 'skip the model-based sequences (create, get, list, update, delete) over recognised collections')
    .exitOverride()
    .action(async (arg: string, o: FuzzFlags) => {
      try {
        process.exitCode = await runFuzz(arg, o);
      } catch (err) {
        if (err instanceof UsageError) die('api-check', err.message);
        throw err;
      }
    });
}
