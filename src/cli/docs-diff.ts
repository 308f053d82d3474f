// `api-docs diff OLD NEW`: the breaking-change gate. Two surfaces (names, module paths or OpenAPI documents) -> every
// change, breaking or compatible, as text, Markdown or JSON on stdout; exit 1 when anything breaks,
// 0 otherwise, 2 on a bad command line, surface or fixture folder.
import { resolve } from 'node:path';
import { Command, Option } from './commander.js';
import { lenientHelp } from './lenient-option.js';
import { SurfaceError } from '../dsl/surface-error.js';
import type { Surface } from '../dsl/types.js';
import type { FixtureCase } from '../docs/diff/index.js';
import { UsageError, parseSurfaceArg, type SurfaceArg } from './resolve-surface.js';
import { die, parseOrExit } from './exit.js';

export function program(): Command {
  return new Command('api-docs diff')
    .description('Compare two surfaces and classify every change as breaking or compatible for existing clients; exit 1 when anything breaks.')
    .argument('<old>', 'the surface clients use today: a name (S1..S10), a path to a module exporting a surface, or an OpenAPI document')
    .argument('<new>', 'the surface to release, in the same forms')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'markdown', 'json']).default('text'))
    .option('--fixtures <dir>', 'api-check fixtures recorded against OLD: name the ones each breaking change would fail')
    .option('--lenient', lenientHelp('read'))
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
}

interface Opts { format: 'text' | 'markdown' | 'json'; fixtures?: string; lenient?: boolean }

async function surfaceOf(arg: SurfaceArg): Promise<Surface> {
  const { surface } = await arg.load();
  return surface;
}

/** A side's argument as a surface argument; a port makes no sense here. */
function sideArg(text: string, lenient: boolean): SurfaceArg {
  const arg = parseSurfaceArg(text, { lenient });
  if (arg.port !== undefined) throw new UsageError(`"${text}": api-docs diff takes surfaces without a port`);
  return arg;
}

/** The cases of the fixtures under `dir` recorded against either surface. */
async function casesFor(dir: string, sides: readonly SurfaceArg[]): Promise<FixtureCase[]> {
  const { loadFixtures, formatProblem } = await import('../check/fixture.js');
  const loaded = loadFixtures([dir]);
  if (loaded.problems.length > 0) {
    const more = loaded.problems.length > 1 ? ` (and ${loaded.problems.length - 1} more problems)` : '';
    throw new UsageError(`--fixtures: ${formatProblem(loaded.problems[0]!)}${more}`);
  }
  const names = new Set(sides.map((s) => s.label.toLowerCase()));
  const paths = new Set(sides.flatMap((s) => (s.path === undefined ? [] : [s.path])));
  const mine = (surface: string) => names.has(surface.toLowerCase()) || paths.has(resolve(surface));
  return loaded.files.flatMap((f) => f.cases.filter((c) => mine(c.surface)).map((c) => ({
    label: `${f.file}${c.pointer === '' ? '' : ` ${c.pointer}`}`, request: c.request, response: c.response,
  })));
}

async function report(oldText: string, newText: string, opts: Opts): Promise<{ text: string; breaking: number }> {
  const sides = [sideArg(oldText, opts.lenient === true), sideArg(newText, opts.lenient === true)] as const;
  const diff = await import('../docs/diff/index.js');
  const [a, b] = [await surfaceOf(sides[0]), await surfaceOf(sides[1])];
  const contracts = sides.map((side, i) => {
    try {
      return diff.contractOf(i === 0 ? a : b);
    } catch (err) {
      if (err instanceof SurfaceError) throw new UsageError(`${side.label}: ${err.message}`);
      throw err;
    }
  });
  const result = diff.diffContracts(contracts[0]!, contracts[1]!);
  const named = { ...result, old: sides[0].label, new: sides[1].label };
  const fixtures = opts.fixtures === undefined ? undefined : diff.affectedFixtures(a, result.changes, await casesFor(opts.fixtures, sides));
  return { text: diff.renderDiff(named, opts.format, fixtures), breaking: result.breaking };
}

export async function main(argv: string[]): Promise<void> {
  const cmd = program();
  await parseOrExit(cmd, argv);
  const opts = cmd.opts<Opts>();
  let out: { text: string; breaking: number };
  try {
    out = await report(cmd.args[0]!, cmd.args[1]!, opts);
  } catch (err) {
    die('api-docs diff', (err as Error)?.message ?? String(err));
  }
  process.stdout.write(out.text);
  process.exitCode = out.breaking > 0 ? 1 : 0;
}
