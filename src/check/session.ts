// One `api-check` invocation as a library call: load and validate the fixtures, select cases,
// then list, lint or replay them and report; returns the exit code. The CLI only parses flags.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isModulePath, relativeRef } from '../fixture/surface-ref.js';
import { type FixtureFile, formatProblem, loadFixtures } from './fixture.js';
import { type RunResult, type Starter, exitCodeOf, run } from './run.js';
import { caseLine, isUnreachable, summaryText, titleOf, totalsLine } from './report.js';
import { junitXml } from './report-junit.js';
import { jsonReport } from './report-json.js';
import { colorWanted, paint } from './color.js';
import { type SurfaceLoader, coverageText, lint } from './lint.js';
import { type Progress, caseEnded, caseStarted, initialProgress } from './progress.js';
import { conformer } from './conformance.js';
import { liveViewWanted } from './live-wanted.js';

/** A surface's conformance check, when its description can be loaded (else none: the fixture alone judges). */
const conformanceOf = (load: SurfaceLoader) => async (name: string) => {
  const surface = await load(name);
  return surface === undefined ? undefined : conformer(surface);
};

export type Reporter = 'pretty' | 'plain' | 'junit' | 'json';

export interface Output {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
}

export interface SessionOptions {
  readonly paths: readonly string[];
  readonly cwd?: string;
  readonly surfaces?: readonly string[];
  readonly grep?: RegExp;
  readonly list?: boolean;
  readonly lint?: boolean;
  readonly bail?: boolean;
  readonly timeoutMs: number;
  /** Bytes of response body read at most (`--max-response-body`; default 32 MiB). */
  readonly maxResponseBody?: number;
  readonly headers?: readonly (readonly [string, string])[];
  readonly concurrency: number;
  readonly reporter: Reporter;
  readonly output?: string;
  /** A running server for every surface, or one per surface name. */
  readonly baseUrl?: string | Readonly<Record<string, string>>;
  /** Starts a known surface in-process (no base URL); undefined for unknown names. */
  readonly startSurface?: (name: string) => Starter | undefined;
  readonly loadSurface?: SurfaceLoader;
  /** Judge each live answer against its surface too (`--no-conformance` turns it off). */
  readonly conformance?: boolean;
  readonly stdout: Output;
  readonly stderr: Output;
  readonly env?: NodeJS.ProcessEnv;
  /** Mounts the live view (the CLI passes the Ink one; only used on a TTY outside CI). */
  readonly liveView?: (total: number, color: boolean) => Promise<{ update(p: Progress): void; stop(): void }>;
}

export const USAGE = 2;

function select(files: readonly FixtureFile[], o: SessionOptions): FixtureFile[] {
  // A module path is compared as the loader writes it (relative to the working directory).
  const cwd = o.cwd ?? process.cwd();
  const wanted = o.surfaces?.map((s) => (isModulePath(s) ? relativeRef(cwd, resolve(cwd, s)) : s).toLowerCase());
  return files.filter((f) => {
    if (wanted && !wanted.includes(f.surface.toLowerCase())) return false;
    if (!o.grep) return true;
    const re = o.grep;
    // A scenario runs whole when any of its steps matches: later steps need earlier captures.
    return re.test(f.file) || (f.name !== undefined && re.test(f.name)) || f.cases.some((c) => re.test(`${c.surface} ${titleOf({ case: c })}`));
  });
}

function baseFor(o: SessionOptions, surface: string): string | undefined {
  if (o.baseUrl === undefined) return undefined;
  if (typeof o.baseUrl === 'string') return o.baseUrl;
  const key = Object.keys(o.baseUrl).find((k) => k.toLowerCase() === surface.toLowerCase());
  return key === undefined ? undefined : o.baseUrl[key];
}

async function runLint(files: readonly FixtureFile[], o: SessionOptions): Promise<number> {
  if (!o.loadSurface) { o.stderr.write('api-check: --lint needs the surface descriptions\n'); return USAGE; }
  let r: Awaited<ReturnType<typeof lint>>;
  try {
    r = await lint(files, o.loadSurface);
  } catch (e) {
    // A surface module that cannot be loaded (or that its load checks refuse): one line.
    o.stderr.write(`api-check: ${(e as Error)?.message ?? String(e)}\n`);
    return USAGE;
  }
  for (const p of r.problems) o.stdout.write(`${formatProblem(p)}\n`);
  if (r.problems.length > 0) o.stdout.write('\n');
  o.stdout.write(coverageText(r.coverage));
  o.stdout.write(`${totalsLine({ total: r.cases, passed: r.cases - r.casesWithProblems, failed: r.casesWithProblems, errors: 0, skipped: 0 })}\n`);
  return r.problems.length > 0 ? 1 : 0;
}

export async function checkFixtures(o: SessionOptions): Promise<number> {
  const err = (line: string) => o.stderr.write(`api-check: ${line}\n`);
  // Nothing ran, but the output still ends with the totals (on stdout, unless a document
  // reporter owns stdout): each fixture problem counts as a failure.
  const nothingRan = (failed: number) => {
    const to = (o.reporter === 'junit' || o.reporter === 'json') && o.output === undefined ? o.stderr : o.stdout;
    to.write(`${totalsLine({ total: failed, passed: 0, failed, errors: 0, skipped: 0 })}\n`);
    return USAGE;
  };
  const loaded = loadFixtures(o.paths, o.cwd);
  if (loaded.problems.length > 0) {
    for (const p of loaded.problems) err(formatProblem(p));
    err(`${loaded.problems.length} fixture problem${loaded.problems.length === 1 ? '' : 's'}; nothing was sent`);
    return nothingRan(loaded.problems.length);
  }
  if (loaded.files.length === 0) { err(`no fixtures (*.json) under ${o.paths.join(', ')}`); return nothingRan(0); }
  const files = select(loaded.files, o);
  if (files.length === 0) { err('no fixture matches --surface / --grep'); return nothingRan(0); }
  const cases = files.flatMap((f) => f.cases);

  if (o.list) {
    for (const c of cases) o.stdout.write(`${c.surface}  ${titleOf({ case: c })}  (${c.pointer === '' ? c.file : `${c.file} step ${c.index + 1}`})\n`);
    o.stdout.write(`${cases.length} cases in ${files.length} files\n`);
    return 0;
  }
  if (o.lint) return runLint(files, o);

  const starters = new Map<string, Starter>();
  for (const s of new Set(files.map((f) => f.surface))) {
    const base = baseFor(o, s);
    const starter = base !== undefined ? async () => ({ url: base }) : o.startSurface?.(s);
    if (!starter) {
      err(o.baseUrl === undefined
        ? `${s} is not a known surface, so it cannot be started here; give --base-url URL to check a running server`
        : `no --base-url for ${s} (give --base-url ${s}=URL or one URL for all)`);
      return nothingRan(0);
    }
    starters.set(s, starter);
    // A surface started here is loaded first, so a module that cannot load is one line and exit 2
    // (nothing sent), not a server that could not start (exit 3).
    if (base === undefined && o.loadSurface) {
      try { await o.loadSurface(s); } catch (e) {
        err((e as Error)?.message ?? String(e));
        return nothingRan(0);
      }
    }
  }
  const env = o.env ?? process.env;
  const documentOut = o.reporter === 'junit' || o.reporter === 'json';
  const toStdout = documentOut && o.output === undefined;
  const human = !toStdout;
  const p = paint(colorWanted(o.stdout, env));
  const live = human && liveViewWanted(o.reporter, o.stdout, env) && o.liveView ? await o.liveView(cases.length, p.enabled) : undefined;
  let progress = initialProgress(cases.length);
  const down = new Set<string>();

  let result: RunResult;
  try {
    result = await run({
      files,
      start: (s) => starters.get(s)!(s),
      timeoutMs: o.timeoutMs,
      ...(o.maxResponseBody === undefined ? {} : { maxResponseBody: o.maxResponseBody }),
      concurrency: o.concurrency,
      ...(o.headers ? { headers: o.headers } : {}),
      ...(o.bail ? { bail: true } : {}),
      ...(o.conformance !== false && o.loadSurface ? { conformance: conformanceOf(o.loadSurface) } : {}),
      onCaseStart: (c) => { if (live) live.update((progress = caseStarted(progress, c))); },
      onCaseEnd: (r) => {
        if (live) live.update((progress = caseEnded(progress, r)));
        else if (human) {
          // An unreachable surface is reported once in the summary: none of its cases gets a line here.
          if (isUnreachable(r)) down.add(r.case.surface);
          else if (!(r.outcome === 'skipped' && down.has(r.case.surface))) o.stdout.write(`${caseLine(r, p)}\n`);
        }
      },
    });
  } finally {
    live?.stop();
  }
  const summary = summaryText(result, p);
  if (documentOut) {
    const doc = o.reporter === 'junit' ? junitXml(result) : jsonReport(result);
    if (o.output !== undefined) writeFileSync(o.output, doc);
    else o.stdout.write(doc);
  } else if (o.output !== undefined) {
    writeFileSync(o.output, `${result.results.filter((r) => !isUnreachable(r)).map((r) => caseLine(r, paint(false))).join('\n')}\n${summaryText(result, paint(false))}`);
  }
  // The product goes to stdout; with a document there, the human summary goes to stderr.
  (toStdout ? o.stderr : o.stdout).write(toStdout ? summaryText(result, paint(false)) : summary);
  return exitCodeOf(result);
}
