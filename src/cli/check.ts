// `api-check`: flags -> the check library; starts our surfaces in-process (port 0, or as fetch
// handlers with --through fetch; a fresh seeded temp data dir each) unless --base-url points at a running server. Exit 0/1/2/3 (DESIGN.md 4).
// The checker, the server and Ink load only once a run needs them (`--help` loads commander only).
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from './commander.js';
import { lenientHelp } from './lenient-option.js';
import { parseOrExit } from './exit.js';
import { baseUrlProblem } from './base-url.js';
import { registry } from '../../specs/index.js';
import type { Reporter, Starter } from '../check/index.js';
import type { Surface } from '../dsl/types.js';
import { isModulePath, relativeRef } from '../fixture/surface-ref.js';
import { openUserStore } from './user-directory.js';
import { type LoadedSurface, UsageError, requireHandlers, surfaceLoader } from './resolve-surface.js';
import { addFuzz } from './fuzz.js';
import { DEFAULT_RESPONSE_BODY_CAP, sizeArg } from './size.js';

const registryKey = (name: string) => Object.keys(registry).find((k) => k.toLowerCase() === name.toLowerCase());

// decided: each in-process surface gets a fresh temp data dir seeded with the files a clone ships
// in data/ (the same list .gitignore keeps), never with runtime state (stores, keys); docs/decisions.md
// "api-check, where the spec is silent".
const SHIPPED_DATA = ['colors.json', 'myfile.txt', 'static'];
const packageData = [new URL('../../data/', import.meta.url), new URL('../../../data/', import.meta.url)]
  .map((u) => fileURLToPath(u)).find((dir) => existsSync(join(dir, 'static')) || existsSync(join(dir, 'myfile.txt')));

export function seed(dataDir: string): void {
  if (packageData === undefined) return;
  for (const name of SHIPPED_DATA) {
    const from = join(packageData, name);
    if (existsSync(from)) cpSync(from, join(dataDir, name), { recursive: true });
  }
}

/** The endpoint a request reaches on a surface, by the description layer's router (api-check and api-docs --examples-from). */
export async function endpointNamer(load: () => Promise<{ readonly surface: Surface }>): Promise<(req: { method: string; path: string }) => string | undefined> {
  const [{ surface }, { Router }, { walk }] = await Promise.all([load(), import('../describe/router.js'), import('../dsl/walk.js')]);
  const router = new Router(walk(surface));
  return (req) => {
    const r = router.route(req.method, req.path);
    return r.kind === 'match' ? r.endpoint.name : undefined;
  };
}

/**
 * A surface's description by registry name or module path (relative to the working directory, as
 * the fixture loader writes it); a module's surface is checked here, so a surface the load checks
 * refuse is one line before anything is started or sent.
 */
async function describeSurface(name: string, lenient = false): Promise<Surface | undefined> {
  const load = surfaceLoader(name, { lenient });
  if (load === undefined) return undefined;
  const { surface } = await load();
  if (registryKey(name) === undefined) {
    const [{ checkSurface }, { SurfaceError }] = await Promise.all([import('../dsl/check-surface.js'), import('../dsl/surface-error.js')]);
    try { checkSurface(surface); } catch (err) {
      if (err instanceof SurfaceError) throw new UsageError(`${name}: ${err.message}`);
      throw err;
    }
  }
  return surface;
}

/** How requests reach a surface started here: over HTTP to a port, or through its fetch handler. */
export type Through = 'http' | 'fetch';

/**
 * The URL a fetch handler's Requests are made for: only their Host header, as no socket is opened.
 * decided: docs/checks-and-fixtures.md "Through the fetch handler".
 */
const FETCH_BASE = 'http://localhost';

/**
 * Starts a surface (registry name or module path) in its own temp data dir (removed after): on an
 * ephemeral port, or (`through: 'fetch'`) as its fetch handler, no port at all.
 */
export function inProcess(name: string, log: (line: string) => void, through: Through = 'http', lenient = false): Starter | undefined {
  const load = surfaceLoader(name, { lenient });
  if (load === undefined) return undefined;
  const key = registryKey(name) ?? (basename(name).replace(/\.[cm]?[jt]s$/, '').replace(/[^\w-]/g, '') || 'surface');
  return async () => {
    const loaded = await load();
    // decided (docs/decisions.md "OpenAPI in"): a surface without handlers (an OpenAPI document) is served by the mock, as by api-serve.
    const handlers = loaded.handlers === undefined ? (await import('../mock/index.js')).mock(loaded.surface) : requireHandlers(loaded, name);
    const dataDir = mkdtempSync(join(tmpdir(), `api-check-${key}-`));
    const options = { dataDir, users: openUserStore, log: (line: string) => log(`${name}: ${line}`) };
    const removeData = () => rmSync(dataDir, { recursive: true, force: true });
    try {
      seed(dataDir);
      if (through === 'fetch') {
        const handler = await (await import('../fetch/index.js')).fetchHandler(handlers, options);
        return { url: FETCH_BASE, handle: handler.handle, close: async () => { await handler.close(); removeData(); } };
      }
      const served = await (await import('../server/index.js')).serve(handlers, { ...options, port: 0 });
      return { url: served.url, close: async () => { await served.close(); removeData(); } };
    } catch (err) {
      removeData();
      throw err;
    }
  };
}

const positiveInt = (what: string) => (v: string) => {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError(`${what} must be a whole number of at least 1`);
  return Number(v);
};
const collect = (v: string, prev: string[] = []) => [...prev, v];
const header = (v: string, prev: [string, string][] = []): [string, string][] => {
  const i = v.indexOf(':');
  if (i < 1) throw new InvalidArgumentError(`"${v}" is not NAME:VALUE`);
  return [...prev, [v.slice(0, i).trim(), v.slice(i + 1).trim()]];
};

interface Opts {
  surface?: string[]; grep?: string; list?: boolean; lint?: boolean; bail?: boolean; timeout: number; maxResponseBody: number; header?: [string, string][];
  concurrency: number; reporter: Reporter; output?: string; baseUrl?: string[]; conformance: boolean; through: Through; lenient?: boolean;
}

function baseUrls(values: readonly string[] | undefined, env: NodeJS.ProcessEnv): string | Record<string, string> | undefined {
  const list = values ?? (env.API_CHECK_BASE_URL ? [env.API_CHECK_BASE_URL] : []);
  if (list.length === 0) return undefined;
  const named: Record<string, string> = {};
  let single: string | undefined;
  for (const v of list) {
    const m = /^([A-Za-z][\w-]*)=(.+)$/.exec(v);
    if (m) named[m[1]!] = m[2]!;
    else single = v;
  }
  for (const u of [single, ...Object.values(named)]) {
    const problem = u === undefined ? undefined : baseUrlProblem(u);
    if (problem !== undefined) throw new InvalidArgumentError(problem);
  }
  if (single !== undefined && Object.keys(named).length > 0) throw new InvalidArgumentError('--base-url: give one URL, or NAME=URL per surface, not both');
  return single ?? named;
}

export function program(): Command {
  const cmd = new Command('api-check')
    .description('Replay recorded request/response fixtures against servers as conformance checks.')
    .argument('[paths...]', 'fixture files or directories', ['test/fixtures'])
    .option('--surface <name>', 'only fixtures of this surface (repeatable)', collect)
    .option('--grep <pattern>', 'only cases whose surface, request, name or file matches this regular expression')
    .option('--list', 'print the selected cases and send nothing')
    .option('--lint', 'check fixtures against the surface descriptions and show what no fixture exercises; send nothing')
    .option('--bail', 'stop at the first failed case')
    .option('--no-conformance', 'compare with the fixtures only, not also with the surface descriptions')
    .option('--timeout <ms>', 'per request', positiveInt('--timeout'), 10000)
    .addOption(new Option('--max-response-body <size>', 'read at most this much of a response body; past it the case fails (bytes, or with kb/mb)')
      .argParser(sizeArg).default(sizeArg(DEFAULT_RESPONSE_BODY_CAP), DEFAULT_RESPONSE_BODY_CAP))
    .option('-H, --header <name:value>', 'send this header with every request (repeatable; overrides the fixture)', header)
    .option('--concurrency <n>', 'fixture folders replayed at once (the files of one folder run in name order, one after another)', positiveInt('--concurrency'), 4)
    .addOption(new Option('--reporter <name>', 'output format').choices(['pretty', 'plain', 'junit', 'json']).default('pretty'))
    .option('--output <file>', 'write the report to this file')
    .option('--base-url <url>', 'check a running server (or NAME=URL per surface, repeatable); env API_CHECK_BASE_URL', collect)
    .addOption(new Option('--through <way>', 'how requests reach the surfaces started here: http (each on a port) or fetch (through its fetch handler, api-serve/fetch: no port opened)')
      .choices(['http', 'fetch']).default('http'))
    .option('--lenient', lenientHelp('read'))
    .showHelpAfterError(false)
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  cmd.command('import-har')
    .description('turn a HAR 1.2 recording (browser developer tools) into fixture files')
    .argument('<file>', 'the .har file')
    .requiredOption('--out <dir>', 'directory for the fixtures')
    .option('--surface <name>', 'surface named in the fixtures (default: the recorded host); a known one also names each fixture\'s endpoint')
    .exitOverride()
    .action(async (file: string, o: { out: string; surface?: string }) => {
      const { HarError, importHar } = await import('../check/index.js');
      try {
        const load = o.surface === undefined ? undefined : surfaceLoader(o.surface);
        // A known surface's router names the endpoint each recorded request reaches.
        const endpoint = load === undefined ? undefined : await endpointNamer(load);
        // A surface given by path is named by its path from the fixtures' folder.
        const surface = o.surface === undefined ? undefined : isModulePath(o.surface) ? relativeRef(resolve(o.out), resolve(o.surface)) : o.surface;
        const r = importHar(file, o.out, { ...(surface === undefined ? {} : { surface }), ...(endpoint ? { endpoint } : {}) });
        for (const w of r.written) process.stdout.write(`${w}\n`);
        for (const s of r.skipped) process.stderr.write(`api-check: skipped ${s}\n`);
        process.stdout.write(`${r.written.length} fixture${r.written.length === 1 ? '' : 's'} written to ${o.out}${r.skipped.length > 0 ? `, ${r.skipped.length} entries skipped` : ''}\n`);
      } catch (err) {
        if (err instanceof HarError || err instanceof UsageError || (err as NodeJS.ErrnoException).code !== undefined) {
          process.stderr.write(`api-check: ${(err as Error).message}\n`);
          process.exit(2);
        }
        throw err;
      }
    });
  addFuzz(cmd);
  return cmd;
}

export async function main(argv: string[]): Promise<void> {
  const cmd = program();
  let paths: string[] = [];
  let opts: Opts | undefined;
  cmd.action((p: string[]) => { paths = p; opts = cmd.opts<Opts>(); });
  await parseOrExit(cmd, argv);
  if (!opts) return; // a subcommand ran
  let grep: RegExp | undefined;
  let baseUrl: ReturnType<typeof baseUrls>;
  try {
    if (opts.grep !== undefined) grep = new RegExp(opts.grep, 'i');
    baseUrl = baseUrls(opts.baseUrl, process.env);
    if (opts.through === 'fetch' && baseUrl !== undefined) throw new InvalidArgumentError('--through fetch replays through surfaces started here; it cannot reach --base-url (or API_CHECK_BASE_URL)');
  } catch (err) {
    process.stderr.write(`api-check: ${(err as Error).message}\n`);
    process.exit(2);
  }
  const { checkFixtures, initialProgress } = await import('../check/index.js');
  const logs: string[] = [];
  const through = opts.through;
  const lenient = opts.lenient === true;
  const code = await checkFixtures({
    paths,
    ...(opts.surface ? { surfaces: opts.surface.flatMap((s) => s.split(',')).filter((s) => s !== '') } : {}),
    ...(grep ? { grep } : {}),
    ...(opts.list ? { list: true } : {}),
    ...(opts.lint ? { lint: true } : {}),
    ...(opts.bail ? { bail: true } : {}),
    conformance: opts.conformance,
    timeoutMs: opts.timeout,
    maxResponseBody: opts.maxResponseBody,
    ...(opts.header ? { headers: opts.header } : {}),
    concurrency: opts.concurrency,
    reporter: opts.reporter,
    ...(opts.output === undefined ? {} : { output: opts.output }),
    ...(baseUrl === undefined ? {} : { baseUrl }),
    startSurface: (name) => inProcess(name, (line) => logs.push(line), through, lenient),
    loadSurface: (name) => describeSurface(name, lenient),
    stdout: process.stdout,
    stderr: process.stderr,
    // Ink loads only when a live view is drawn: plain and CI runs start faster without it.
    liveView: async (total, color) => (await import('../check/ui/mount.js')).mountLiveView(initialProgress(total), { color }),
  });
  // The servers' own log lines help explain a failure; on success they are noise.
  if (code !== 0 && logs.length > 0) process.stderr.write(`api-check: server log:\n${logs.map((l) => `  ${l}`).join('\n')}\n`);
  process.exitCode = code;
}
