// `api-serve`: flags -> serve() calls, one listening line per surface, orderly stop on signals.
// Only commander and the flag parsers load up front; the server, the surface, TLS and the recorder
// load once the command line asks for them, so `--help` and start-up stay fast (issue 13).
import { Command, Option } from './commander.js';
import { lenientHelp } from './lenient-option.js';
import type { Served } from '../server/index.js';
import { SurfaceError } from '../dsl/surface-error.js';
import type { Surface } from '../dsl/types.js';
import { registry } from '../../specs/index.js';
import { type LoadedSurface, type SurfaceArg, UsageError, parsePort, parseSurfaceArg, requireHandlers } from './resolve-surface.js';
import { die, parseOrExit } from './exit.js';
import { plainHttpWarning } from './plain-http-warning.js';
import { relativeRef } from '../fixture/surface-ref.js';
import { resolve } from 'node:path';
import { openUserStore } from './user-directory.js';
import type { WorkerReport } from './workers.js';
import type { Delay } from '../dsl/delay.js';
import type { CorsOrigins } from '../server/cors.js';
import type { ServeEnv } from '../dsl/implement.js';
import type { PolkaSetup } from '../server/polka.js';
import type { ServeOptions } from '../server/serve.js';
import type { JournalEntry } from '../server/journal.js';
import { extensionOptions, parseDelayOption, parseJournal, parseMillis, parseOrigins, parsePrefix, parseSeed, parseSize, parseWorkers, readSeedData } from './serve-options.js';

/** Where surfaces without a port of their own start looking for a free one. */
export const FLOATING_PORT = 8081;

export function program(): Command {
  const cmd = new Command('api-serve')
    .description('Serve API surfaces, each on its own port. With no surface, list them.')
    .argument('[surfaces...]', 'surface names (S1..S10) or module paths, optionally NAME:PORT')
    .option('-p, --port <port>', 'port for a single surface (0 picks a free one)')
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--data <dir>', 'directory for runtime state and served files', 'data')
    .addOption(new Option('--store <url>', 'keep S4 persons, S6 users and --stateful mock collections in this PostgreSQL database (postgres://...), shared by several instances').env('API_SERVE_DATABASE_URL'))
    .addOption(new Option('--workers <n>', 'serve with n processes on the same ports (needs --store)').argParser(parseWorkers))
    .option('--all', 'serve every reference surface')
    .option('--tls-cert <file>', 'serve HTTPS with this PEM certificate (with --tls-key)')
    .option('--tls-key <file>', 'the PEM private key of --tls-cert');
  for (const option of extensionOptions()) cmd.addOption(option);
  return cmd
    .addOption(new Option('--max-body <size>', 'largest request body accepted (413 above it)').default('1mb'))
    .addOption(new Option('--headers-timeout <ms>', 'longest a client may take to send a request head (408 after it)').default('10000').argParser(parseMillis))
    .addOption(new Option('--request-timeout <ms>', 'longest a client may take to send a whole request, body included (408 after it)').default('30000').argParser(parseMillis))
    .addOption(new Option('--keep-alive-timeout <ms>', 'how long an idle keep-alive connection stays open').default('5000').argParser(parseMillis))
    .option('--record <dir>', 'write every exchange served as an api-check fixture file in this directory')
    .option('--scenario <name>', 'with --record: the session as one scenario file, generated ids reused later as captures')
    .option('--mock', 'answer from the description alone: examples, else samples (handlers set aside)')
    .option('--dynamic', 'mocked answers are fresh generated values (per request: Prefer: dynamic=true)')
    .option('--stateful', 'mocked collections keep their items, in DATA/mock-NAME.json or the --store database (POST <prefix>reset reseeds them)')
    .option('--seed-data <file>', 'JSON file of the items each stateful collection starts with: { "/things": [...] }')
    .addOption(new Option('--seed <n>', 'seed of generated mock values, to replay a run').argParser(parseSeed))
    .addOption(new Option('--cors [origins]', 'answer CORS preflights and mark answers for these origins (comma-separated; none: any)').preset('*').argParser(parseOrigins))
    .addOption(new Option('--delay <time>', 'every answer waits this long: 200ms, 1s, or a range 100-500ms').argParser(parseDelayOption))
    .addOption(new Option('--journal [n]', 'keep the last n requests (default 500) at GET <prefix>requests; DELETE clears').preset('500').argParser(parseJournal))
    .option('--watch', 'load a surface given by path again when it (or a module it imports) changes, on the same port')
    .option('--log', 'one line per exchange: method, target, status, ms, mocked or handled')
    .addOption(new Option('--reserved-prefix <path>', "where api-serve's own routes live").default('/__api-serve/').argParser(parsePrefix))
    .option('--docs', 'serve the HTML reference at <prefix>docs and the OpenAPI document at <prefix>openapi.json')
    .option('--lenient', lenientHelp('served'))
    .addOption(new Option('--upstream <url>', 'S10: base URL of the document store (default: a built-in test double)').env('API_SERVE_UPSTREAM'))
    .addOption(new Option('--upstream-timeout <ms>', 'S10: how long a document lookup may take').default('5000').argParser(parseMillis))
    .addHelpText('after', '\nUsers of the authenticated surfaces (S6): api-serve users add|remove|list (see api-serve users --help).\nAn OpenAPI document as TypeScript source: api-serve import doc.yaml -o api.ts (see api-serve import --help).')
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
}

interface Opts { lenient?: boolean; port?: string; host: string; data: string; all?: boolean; maxBody: string; record?: string; scenario?: string; store?: string; workers?: string; mock?: boolean; dynamic?: boolean; stateful?: boolean; seed?: number; [key: string]: unknown }

/**
 * What serves a loaded module: its handlers, or the mock interpreter for `--mock` and for a
 * module that exports a surface without handlers (decided: docs/mocking.md "Mocking"). The mock
 * (and fast-check with it) is loaded only then.
 */
async function implementationFor(loaded: LoadedSurface, label: string, opts: Opts) {
  if (opts.mock === true || loaded.handlers === undefined) {
    const { mock } = await import('../mock/index.js');
    const seedData = opts.seedData === undefined ? undefined : readSeedData(String(opts.seedData));
    const stateful = opts.stateful === true || seedData !== undefined;
    // decided (docs/mocking.md "Where the items are kept"): collections are kept in DATA/mock-NAME.json, as S4 keeps
    // its persons, or with --store in that PostgreSQL database, shared by every instance using it.
    const url = opts.store;
    const store = !stateful ? undefined : url !== undefined ? async (env: ServeEnv, surface: string) => {
      const { openPgCollectionStore } = await import('../store/postgres.js');
      return openPgCollectionStore(url, surface, env.log);
    } : async (env: ServeEnv, surface: string) => {
      const { collectionsFile, openLowdbCollectionStore } = await import('../store/lowdb-collection-store.js');
      return openLowdbCollectionStore(collectionsFile(env.dataDir, surface));
    };
    // A worker started after the first, or replacing one that died (cli/workers.ts), joins the
    // run: no reseeding.
    const joinRun = (await import('./join-run.js')).joinsRun();
    return mock(loaded.surface, { dynamic: opts.dynamic === true, stateful, ...(store ? { store } : {}), ...(seedData ? { seedData } : {}), ...(opts.seed === undefined ? {} : { seed: opts.seed }), ...(joinRun ? { joinRun } : {}) });
  }
  return requireHandlers(loaded, label);
}

/** Surface-specific settings handed to handlers (every option as text). */
function surfaceOptions(opts: Opts): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(opts)) if (v !== undefined && typeof v !== 'object') out[k] = String(v);
  return out;
}

/** A module's Polka middleware and app hook, as last loaded (`--watch` loads them afresh with it). */
interface SetupCell { current: PolkaSetup }

const setupOf = (loaded: LoadedSurface): PolkaSetup => ({
  ...(loaded.middleware ? { middleware: loaded.middleware } : {}),
  ...(loaded.configure ? { configure: loaded.configure } : {}),
});

/**
 * Serve options whose `middleware` and `configure` are read from the cell each time a surface is
 * prepared: serve() prepares again, with these same options, when `--watch` replaces the surface.
 */
function withSetup<T extends object>(options: T, cell: SetupCell): T & PolkaSetup {
  return Object.defineProperties({ ...options }, {
    middleware: { get: () => cell.current.middleware, enumerable: true },
    configure: { get: () => cell.current.configure, enumerable: true },
  }) as T & PolkaSetup;
}

interface Listening { served: Served[]; args: SurfaceArg[]; setups: SetupCell[]; warnings: string[] }

/** `--docs`: the pages for a surface, rendered by the docs interpreter (loaded only for this flag). */
async function docsPagesOf(surface: Surface): Promise<{ html: string; openapi: string }> {
  const docs = await import('../docs/index.js');
  const model = docs.docModel(surface);
  return { html: docs.renderHtml(model, { openApiHref: 'openapi.json' }), openapi: docs.openApiText(model) };
}

/** A surface the load checks refuse, named by its module when it was given by path. */
function named(arg: SurfaceArg, err: unknown): unknown {
  return err instanceof SurfaceError && arg.path !== undefined ? new UsageError(`${arg.label}: ${err.message}`) : err;
}

/**
 * `--journal`: in each process, or with `--store` one journal per surface in that database, shared
 * by every worker and instance. decided (docs/mocking.md "For a front end"): the journal starts
 * empty at each start of the command, as one in memory does; a worker joining the run (a later or
 * replacement worker) keeps what it finds.
 */
function journalOf(limit: number, store: string | undefined): ServeOptions['journal'] {
  if (store === undefined) return { limit };
  return {
    limit,
    open: async (surface, log) => {
      const [{ openPgJournal }, { joinsRun }] = await Promise.all([import('../store/postgres.js'), import('./join-run.js')]);
      return openPgJournal<JournalEntry>(store, surface, limit, log, { clear: !joinsRun() });
    },
  };
}

async function listenAll(args: SurfaceArg[], opts: Opts): Promise<Listening> {
  // The server loads alongside the surfaces rather than before the command line is parsed.
  const [{ serve }, ...modules] = await Promise.all([import('../server/serve.js'), ...args.map(async (a) => {
    // Watched, the first load is generation 0 too, so the modules it imports are watched from the start.
    const loaded = await a.load(opts.watch === true ? 0 : undefined);
    return { arg: a, mod: { surface: loaded.surface, handlers: await implementationFor(loaded, a.label, opts) }, setup: { current: setupOf(loaded) } };
  })]);
  if (opts.port !== undefined && args.length > 1) throw new UsageError('--port works with one surface; give several as NAME:PORT (S2:9001 S4:9002)');
  if (opts.scenario !== undefined && opts.record === undefined) throw new UsageError('--scenario needs --record DIR (the folder the scenario is written to)');
  if (opts.scenario !== undefined && args.length > 1) throw new UsageError('--scenario records one surface (a scenario names one)');
  const fixed = new Set<number>();
  const planned = modules.map(({ arg, mod, setup }) => {
    const port = opts.port !== undefined ? parsePort(opts.port, '--port') : arg.port ?? mod.surface.meta.port;
    if (port !== undefined && port !== 0) {
      if (fixed.has(port)) throw new UsageError(`port ${port} is asked for twice`);
      fixed.add(port);
    }
    return { arg, mod, setup, port };
  });
  const served: Served[] = [];
  const tlsCert = opts.tlsCert as string | undefined;
  const tlsKey = opts.tlsKey as string | undefined;
  const tlsSetup = tlsCert === undefined && tlsKey === undefined ? undefined : (await import('./tls.js')).readTls(tlsCert, tlsKey);
  const tls = tlsSetup?.files;
  // Without --headers-timeout, serve() lowers the head's timeout to a shorter --request-timeout.
  const timeouts = { request: Number(opts.requestTimeout), keepAlive: Number(opts.keepAliveTimeout), ...(opts.headersTimeout === undefined ? {} : { headers: Number(opts.headersTimeout) }) };
  const tools = {
    ...(opts.cors === undefined ? {} : { cors: opts.cors as CorsOrigins }),
    ...(opts.delay === undefined ? {} : { delay: opts.delay as Delay }),
    ...(opts.journal === undefined ? {} : { journal: journalOf(opts.journal as number, opts.store) }),
    ...(opts.log === true ? { accessLog: true } : {}),
    reservedPrefix: opts.reservedPrefix as string,
  };
  const common = { host: opts.host, dataDir: opts.data, maxBody: parseSize(opts.maxBody), timeouts, options: surfaceOptions(opts), users: openUserStore, ...tools, ...(tls ? { tls } : {}) };
  let floating = FLOATING_PORT;
  const record = opts.record === undefined ? undefined : (await import('../server/record.js')).recorder(opts.record, (line) => process.stderr.write(`${line}\n`), opts.scenario);
  try {
    for (const { arg, mod, setup, port } of planned) {
      // A surface given by path is recorded by its path from the recording's folder.
      const reference = arg.path === undefined || opts.record === undefined ? mod.surface.name : relativeRef(resolve(opts.record), arg.path);
      const recorded = record ? { ...common, onExchange: record(mod.surface.name, reference) } : common;
      const own = opts.docs === true ? { ...recorded, docs: await docsPagesOf(mod.surface) } : recorded;
      if (port !== undefined) {
        try {
          served.push(await serve(mod.handlers, withSetup({ ...own, port }, setup)));
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new UsageError(`port ${port} is in use (${arg.label}); pick another with ${arg.label}:PORT or --port`);
          throw named(arg, err);
        }
        continue;
      }
      // decided: surfaces without a port of their own take the first free port from 8081 up.
      for (let tries = 0; ; tries++) {
        while (fixed.has(floating)) floating++;
        try {
          served.push(await serve(mod.handlers, withSetup({ ...own, port: floating }, setup)));
          fixed.add(floating);
          break;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || tries > 50) throw named(arg, err);
          floating++;
        }
      }
    }
  } catch (err) {
    await Promise.all(served.map((s) => s.close()));
    throw err;
  }
  const warnings = tlsSetup ? [...tlsSetup.warnings] : planned.flatMap(({ mod }) => plainHttpWarning(mod.surface) ?? []);
  return { served, args: planned.map((p) => p.arg), setups: planned.map((p) => p.setup), warnings };
}

export async function main(argv: string[]): Promise<void> {
  if (argv[2] === 'users') return (await import('./users.js')).main(argv);
  if (argv[2] === 'import') return (await import('./import.js')).main(argv);
  const cmd = program();
  await parseOrExit(cmd, argv);
  const opts = cmd.opts<Opts>();
  // decided: a --request-timeout below the head's default lowers the head's timeout with it,
  // unless --headers-timeout is given too (docs/decisions.md "Timeouts").
  if (cmd.getOptionValueSource('headersTimeout') === 'default') delete opts.headersTimeout;
  const names = opts.all ? Object.keys(registry) : cmd.args;
  if (names.length === 0) {
    process.stdout.write('Surfaces (serve with `api-serve NAME [NAME:PORT ...]`):\n');
    const width = Math.max(...Object.keys(registry).map((n) => n.length));
    for (const [name, entry] of Object.entries(registry)) process.stdout.write(`  ${name.padEnd(width)}  ${entry.title}\n`);
    return;
  }
  // decided (docs/mocking.md "Reload on save"): --watch reloads what a user edits, a surface given by path.
  const surfaceArg = (n: string) => parseSurfaceArg(n, { lenient: opts.lenient === true });
  if (opts.watch === true && !names.some((n) => { try { return surfaceArg(n).path !== undefined; } catch { return true; } })) {
    die('api-serve', '--watch reloads surfaces given by path (./api.ts, openapi.yaml); the reference surfaces are built in');
  }
  // An empty API_SERVE_DATABASE_URL is no store, as if unset.
  if (opts.store === '') delete opts.store;
  // Checked here rather than by commander, whose message would repeat the value, password and all.
  const storeProblem = opts.store === undefined ? undefined : (await import('../store/database-url.js')).databaseUrlProblem(opts.store);
  if (storeProblem !== undefined) die('api-serve', `--store: ${storeProblem}`);
  if (opts.workers !== undefined) {
    // decided: several processes only over a shared store (docs/scaling-out.md "Scaling out"): the embedded
    // store is one process's, and each worker would otherwise keep a state of its own.
    if (opts.store === undefined) die('api-serve', '--workers needs a shared store: give --store postgres://... (or API_SERVE_DATABASE_URL); the embedded store serves one process');
    if (opts.record !== undefined) die('api-serve', '--record works with one process, not with --workers');
    if (opts.watch === true) die('api-serve', '--watch works with one process, not with --workers');
    if (opts.scenario !== undefined) die('api-serve', '--scenario works with one process, not with --workers');
    const cluster = (await import('node:cluster')).default;
    if (cluster.isPrimary) {
      try { names.forEach(surfaceArg); } catch (err) { die('api-serve', (err as Error).message); }
      return (await import('./workers.js')).runPrimary(Number(opts.workers));
    }
  }
  // A worker of `--workers` reports to the primary, which prints one listening line per surface.
  const report = process.send === undefined || opts.workers === undefined ? undefined : (r: WorkerReport) => process.send!(r);
  let listening: Listening;
  try {
    listening = await listenAll(names.map(surfaceArg), opts);
  } catch (err) {
    const raw = (err as Error)?.message ?? String(err);
    const message = (err as Error)?.name === 'SeedDataError' ? `--seed-data ${String(opts.seedData)}: at ${raw}` : raw;
    // Exits once the report is handed over, so the primary can say why in its one line.
    if (report) { process.send!({ kind: 'failed', message } satisfies WorkerReport, () => process.exit(2)); return; }
    die('api-serve', message);
  }
  const { served, warnings } = listening;
  let unwatch: (() => void) | undefined;
  if (opts.watch === true) {
    const { watchSurfaces } = await import('./watch.js');
    const watched = listening.args.flatMap((arg, i) => arg.path === undefined ? [] : [{
      arg: arg as SurfaceArg & { readonly path: string },
      served: served[i]!,
      implement: async (generation: number) => {
        const loaded = await arg.load(generation);
        const impl = await implementationFor(loaded, arg.label, opts);
        listening.setups[i]!.current = setupOf(loaded);
        return impl;
      },
    }]);
    unwatch = watchSurfaces(watched, (line) => process.stdout.write(`${line}\n`), (line) => process.stderr.write(`${line}\n`));
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!report) process.stderr.write(`api-serve: ${signal}, stopping\n`);
    unwatch?.();
    Promise.all(served.map((s) => s.close())).then(() => process.exit(0), () => process.exit(1));
  };
  // Before the listening line: a client that stops the server as soon as it reads the line gets a clean stop.
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  if (report) report({ kind: 'listening', surfaces: served.map((s) => ({ surface: s.surface, url: s.url, notes: [...s.notes] })), warnings });
  else {
    for (const s of served) process.stdout.write(`${s.surface} listening on ${s.url}${s.notes.length > 0 ? ` (${s.notes.join('; ')})` : ''}\n`);
    for (const w of warnings) process.stderr.write(`${w}\n`);
  }
  // A worker whose primary is gone stops too.
  if (report) process.once('disconnect', () => stop('disconnect'));
}
