// `api-docs`: flags -> the docs interpreter. The document alone goes to stdout (or -o FILE);
// diagnostics go to stderr; a usage problem (unknown surface, bad flag, bad intro file) exits 2.
// The docs interpreter loads after the command line is parsed (`--help` needs commander only); the
// checker and the server load only for --verify and --examples-from (docs-verify.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { Command, Option } from './commander.js';
import { lenientHelp } from './lenient-option.js';
import { SurfaceError } from '../dsl/surface-error.js';
import type { DocIntro } from '../docs/index.js';
import { UsageError, parseSurfaceArg } from './resolve-surface.js';
import { die, parseOrExit } from './exit.js';

export function program(): Command {
  return new Command('api-docs')
    .description('Print the documentation of an API surface: Markdown (servant-docs layout), OpenAPI 3.1, or one self-contained HTML page.')
    .argument('<surface>', 'a surface name (S1..S10) or a path to a module exporting a surface')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['markdown', 'openapi', 'html']).default('markdown'))
    .option('--intro <file>', 'introduction sections to put first: a "## Title" line, then paragraphs separated by blank lines')
    .option('--server-url <url>', 'OpenAPI: the base URL clients call (servers[0].url); default http://127.0.0.1:<the surface\'s port>')
    .option('-o, --output <file>', 'write the document to this file instead of stdout')
    .option('--verify', "send each response example's request to the surface (in-process, or --base-url) and mark the examples the answers match")
    .option('--require-verified', 'with --verify: exit 1 when an example fails or could not be run')
    .option('--examples-from <dir>', 'add the exchanges of the fixtures in this directory that replay successfully as examples')
    .option('--base-url <url>', 'with --verify or --examples-from: send to this running server instead of starting the surface in-process')
    .option('--lenient', lenientHelp('served'))
    .addHelpText('after', '\nBreaking changes between two surfaces: api-docs diff OLD NEW (api-docs diff --help).')
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
}

interface Opts {
  format: 'markdown' | 'openapi' | 'html'; intro?: string; output?: string; serverUrl?: string;
  verify?: boolean; requireVerified?: boolean; examplesFrom?: string; baseUrl?: string; lenient?: boolean;
}

/** An absolute http(s) URL without a query or fragment (what OpenAPI's `servers[].url` needs here). */
function serverUrl(value: string): string {
  let url: URL;
  try { url = new URL(value); } catch { throw new UsageError(`--server-url: ${JSON.stringify(value)} is not an absolute URL (like https://api.example.org/v1)`); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--server-url: ${JSON.stringify(value)} is not an http or https URL`);
  if (url.search !== '' || url.hash !== '') throw new UsageError(`--server-url: ${JSON.stringify(value)} has a query or fragment; give the base URL only`);
  return value.replace(/\/+$/, '');
}

type Docs = typeof import('../docs/index.js');

function readIntro(file: string, { parseIntro, IntroFileError }: Docs): DocIntro[] {
  let text: string;
  try { text = readFileSync(file, 'utf8'); } catch (err) {
    throw new UsageError(`--intro: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try { return parseIntro(text); } catch (err) {
    if (err instanceof IntroFileError) throw new UsageError(`--intro ${file}: ${err.message}`);
    throw err;
  }
}

/** The document, and how many examples failed or could not be run under --verify (what --require-verified refuses). */
async function document(name: string, opts: Opts): Promise<{ text: string; unproven: number }> {
  if (opts.serverUrl !== undefined && opts.format !== 'openapi') throw new UsageError('--server-url applies to --format openapi only');
  const server = opts.serverUrl === undefined ? undefined : serverUrl(opts.serverUrl);
  const arg = parseSurfaceArg(name, { lenient: opts.lenient === true });
  if (arg.port !== undefined) throw new UsageError(`"${name}": api-docs takes a surface without a port`);
  const docs = await import('../docs/index.js');
  const intros = opts.intro === undefined ? undefined : readIntro(opts.intro, docs);
  const loaded = await arg.load();
  const { surface } = loaded;
  let model: ReturnType<Docs['docModel']>;
  try {
    model = docs.docModel(surface, intros ? { intros } : {});
  } catch (err) {
    // A surface the load checks refuse, named by its module when it was given by path.
    if (err instanceof SurfaceError && arg.path !== undefined) throw new UsageError(`${arg.label}: ${err.message}`);
    throw err;
  }
  let unproven = 0;
  if (opts.verify || opts.examplesFrom !== undefined) {
    const { proveExamples } = await import('./docs-verify.js');
    const proved = await proveExamples(model, arg.label, surface, loaded.handlers !== undefined, {
      verify: opts.verify === true, timeoutMs: 10000,
      ...(opts.baseUrl === undefined ? {} : { baseUrl: opts.baseUrl }),
      ...(opts.examplesFrom === undefined ? {} : { examplesFrom: opts.examplesFrom }),
    }, (text) => process.stderr.write(text));
    model = proved.model;
    unproven = proved.unproven;
  }
  const text = opts.format === 'html' ? docs.renderHtml(model) : opts.format === 'openapi' ? docs.openApiText(model, server === undefined ? {} : { serverUrl: server }) : docs.renderMarkdown(model);
  return { text, unproven };
}

export async function main(argv: string[]): Promise<void> {
  // `api-docs diff OLD NEW` is a program of its own (the breaking-change gate).
  if (argv[2] === 'diff') return (await import('./docs-diff.js')).main([...argv.slice(0, 2), ...argv.slice(3)]);
  const cmd = program();
  await parseOrExit(cmd, argv);
  const opts = cmd.opts<Opts>();
  let text: string;
  let unproven: number;
  try {
    if (opts.verify || opts.requireVerified || opts.examplesFrom !== undefined || opts.baseUrl !== undefined) (await import('./docs-verify.js')).checkProveFlags(opts);
    ({ text, unproven } = await document(cmd.args[0]!, opts));
  } catch (err) {
    if (err instanceof UsageError || err instanceof SurfaceError) die('api-docs', err.message);
    die('api-docs', (err as Error)?.message ?? String(err));
  }
  if (opts.output === undefined) process.stdout.write(text);
  else {
    try { writeFileSync(opts.output, text); } catch (err) {
      die('api-docs', `cannot write ${opts.output} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    process.stderr.write(`api-docs: wrote ${opts.output}\n`);
  }
  // The document is written either way: it says which examples are not proven.
  if (opts.requireVerified && unproven > 0) {
    process.stderr.write(`api-docs: ${unproven} example${unproven === 1 ? '' : 's'} failed or could not be run (--require-verified)\n`);
    process.exitCode = 1;
  }
}
