// The fixture loader: JSON files (one exchange, or a scenario of ordered steps, in the format of
// src/fixture/format.ts) found under the given paths, validated before anything is sent, and
// flattened into cases.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { type Fixture, type StepSpec, isScenario } from '../fixture/format.js';
import { validateFixture } from './fixture-validate.js';
import { resolveSurfaceRef } from '../fixture/surface-ref.js';

// The format's types, where the checker's modules have always found them.
export type { CaptureSpec, ExchangeFixture, ExpectedHeader, Fixture, RequestHeaderValue, RequestSpec, ResponseSpec, ScenarioFixture, StepSpec } from '../fixture/format.js';
export { isScenario } from '../fixture/format.js';

/** One request/response check: a single-exchange fixture, or one step of a scenario. */
export interface Case extends StepSpec {
  readonly file: string;
  readonly surface: string;
  /** Where the step sits in its file ('' for a single exchange, `/steps/2`). */
  readonly pointer: string;
  readonly index: number;
  /** What reports show: the step's name, else `GET /hello -> 200`. */
  readonly label: string;
}

export interface FixtureFile {
  /** As shown to the user (relative to the working directory). */
  readonly file: string;
  readonly surface: string;
  readonly name?: string;
  readonly scenario: boolean;
  readonly cases: readonly Case[];
}

export interface FixtureProblem {
  readonly file: string;
  /** JSON pointer of the problem inside the file ('' is the whole document). */
  readonly pointer: string;
  readonly message: string;
}

export interface Loaded {
  readonly files: readonly FixtureFile[];
  readonly problems: readonly FixtureProblem[];
}

export const defaultLabel = (s: StepSpec) => `${s.request.method} ${s.request.path} -> ${s.response.status}`;

/** One problem line: `test/fixtures/S2/x.json at /response/status: must be integer`. */
export function formatProblem(p: FixtureProblem): string {
  return `${p.file}${p.pointer === '' ? '' : ` at ${p.pointer}`}: ${p.message}`;
}

function listJson(path: string, out: string[]): void {
  const st = statSync(path);
  if (!st.isDirectory()) { out.push(path); return; }
  for (const name of readdirSync(path).sort()) {
    if (name.startsWith('.')) continue;
    const full = join(path, name);
    if (statSync(full).isDirectory()) listJson(full, out);
    else if (name.endsWith('.json')) out.push(full);
  }
}

/** Flattens a validated fixture into its cases. */
export function toFixtureFile(file: string, fx: Fixture): FixtureFile {
  const steps = isScenario(fx) ? fx.steps : [fx];
  const cases = steps.map((s, index): Case => {
    const { name, endpoint, request, response, capture } = s;
    return {
      file, surface: fx.surface, index,
      pointer: isScenario(fx) ? `/steps/${index}` : '',
      label: name ?? defaultLabel(s),
      request, response,
      ...(name === undefined ? {} : { name }),
      ...(endpoint === undefined ? {} : { endpoint }),
      ...(capture === undefined ? {} : { capture }),
    };
  });
  const name = isScenario(fx) ? fx.name : undefined;
  return { file, surface: fx.surface, scenario: isScenario(fx), cases, ...(name === undefined ? {} : { name }) };
}

/**
 * Parses and validates one fixture's text; problems carry the file and a JSON pointer. `surfaceOf`
 * rewrites the surface it names (the loader makes module paths relative to the working directory).
 */
export function parseFixture(file: string, text: string, surfaceOf: (surface: string) => string = (s) => s): { fixture?: FixtureFile; problems: FixtureProblem[] } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { problems: [{ file, pointer: '', message: `not valid JSON (${(e as Error).message})` }] };
  }
  const problems = validateFixture(doc).map((p) => ({ file, ...p }));
  if (problems.length > 0) return { problems };
  const fx = doc as Fixture;
  return { fixture: toFixtureFile(file, { ...fx, surface: surfaceOf(fx.surface) }), problems };
}

/**
 * Loads every `.json` file under the paths (directories are walked in name order). A path that
 * does not exist is a problem of its own.
 */
export function loadFixtures(paths: readonly string[], cwd = process.cwd()): Loaded {
  const files: FixtureFile[] = [];
  const problems: FixtureProblem[] = [];
  for (const p of paths) {
    const list: string[] = [];
    try {
      listJson(resolve(cwd, p), list);
    } catch {
      problems.push({ file: p, pointer: '', message: 'no such file or directory' });
      continue;
    }
    for (const full of list) {
      const shown = relative(cwd, full) || full;
      let text: string;
      try { text = readFileSync(full, 'utf8'); } catch (e) {
        problems.push({ file: shown, pointer: '', message: `cannot be read (${(e as Error).message})` });
        continue;
      }
      // decided (docs/decisions.md "Your own surfaces"):
      // a module path is relative to the fixture's folder, else to the working directory.
      const r = parseFixture(shown, text, (surface) => resolveSurfaceRef(surface, full, cwd));
      problems.push(...r.problems);
      if (r.fixture) files.push(r.fixture);
    }
  }
  return { files, problems };
}
