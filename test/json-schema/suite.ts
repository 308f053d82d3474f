// The JSON Schema test suite run through api-serve's OpenAPI import path (the code `api-serve
// doc.yaml` runs: loadDocument, importSurface, the component's codec) and over HTTP against a mock
// of the same document, one outcome per group and per test.
import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { importSurface, loadDocument, type ImportedSurface, type ImportWarning } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import type { Codec } from '../../src/codec/types.js';
import { call, start, tempDir } from '../helpers/server.js';
import { componentPointer, suiteDocument, type Placed } from './as-document.js';
import { type Draft, type SuiteFile, type SuiteGroup, type SuiteTest, suiteFiles } from './suite-files.js';

/**
 * decided (docs/testing.md "JSON Schema conformance"): `refused` when api-serve will not load the
 * document (loadDocument or importSurface throws, or reading the component throws); `warned` when
 * the import said something about the schema (a warning under the component or its operation: a
 * keyword not checked, a schema read more loosely); else `exact`.
 */
export type GroupOutcome = 'exact' | 'warned' | 'refused';
export type TestOutcome = 'pass' | 'fail' | 'refused';

export interface TestResult extends SuiteTest {
  /** `codec.check(data, '$').ok === valid`. */
  readonly imported: TestOutcome;
  /** Valid data answered other than 400, invalid data answered 400. */
  readonly http: TestOutcome;
}

export interface GroupResult {
  readonly description: string;
  /** The suite's schema as it is (what ajv compiles). */
  readonly schema: unknown;
  readonly outcome: GroupOutcome;
  /** The warnings, or the one line of the refusal. */
  readonly notes: readonly string[];
  readonly codec?: Codec<unknown>;
  readonly tests: readonly TestResult[];
}

export interface FileResult {
  readonly file: string;
  readonly groups: readonly GroupResult[];
  readonly left: SuiteFile['left'];
}

export const VERSION: Record<Draft, '3.0' | '3.1'> = { 'draft2020-12': '3.1', draft4: '3.0' };

type Loaded = { readonly ok: true; readonly imported: ImportedSurface } | { readonly ok: false; readonly why: string };

/**
 * The document loaded as the command loads it. The loader reads files only (no in-memory entry),
 * so the document is written to `dir` first.
 */
async function load(dir: string, version: '3.0' | '3.1', placed: readonly Placed[]): Promise<Loaded> {
  const path = join(dir, 'suite.json');
  writeFileSync(path, JSON.stringify(suiteDocument(version, placed)));
  try {
    return { ok: true, imported: importSurface(await loadDocument(path), 'suite') };
  } catch (err) {
    return { ok: false, why: (err as Error).message.replace(path, 'suite.json') };
  } finally {
    rmSync(path, { force: true });
  }
}

/** What the import said about one component: warnings under it or under its operation. */
function warningsOf(warnings: readonly ImportWarning[], name: string): string[] {
  const places = [componentPointer(name), `/paths/~1${name}`];
  return warnings.filter((w) => places.some((p) => w.pointer === p || w.pointer.startsWith(`${p}/`))).map((w) => `${w.pointer}: ${w.message}`);
}

/** The component's codec as `api-serve import` names it, or the refusal. */
function codecOf(imported: ImportedSurface, name: string): { codec: Codec<unknown> } | { why: string } {
  const pointer = componentPointer(name);
  try { return { codec: imported.schemas.read({ $ref: `#${pointer}` }, pointer, name) }; } catch (err) { return { why: (err as Error).message }; }
}

function checked(codec: Codec<unknown>, t: SuiteTest): TestOutcome {
  try { return codec.check(t.data, '$').ok === t.valid ? 'pass' : 'fail'; } catch { return 'fail'; }
}

/** Each test's body sent to `POST /<name>` of a mock of the document (one server, kept-alive connections). */
async function overHttp(imported: ImportedSurface, placed: readonly { name: string; group: SuiteGroup }[]): Promise<Map<string, TestOutcome[]>> {
  const out = new Map<string, TestOutcome[]>();
  let server;
  try { server = await start(mock(imported.surface)); } catch {
    for (const { name, group } of placed) out.set(name, group.tests.map(() => 'refused'));
    return out;
  }
  try {
    for (const { name, group } of placed) {
      const outcomes: TestOutcome[] = [];
      for (const t of group.tests) {
        const r = await call(server.url, 'POST', `/${name}`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(t.data) });
        outcomes.push((r.status === 400) === !t.valid ? 'pass' : 'fail');
      }
      out.set(name, outcomes);
    }
  } finally {
    await server.close();
  }
  return out;
}

/**
 * One file: every group a component of one document. When that document does not load, each group
 * is loaded alone to tell which are refused, and the rest are loaded together again. Groups refused
 * on the import path are left out of the served document (else one refused group would hide the
 * whole file over HTTP); their tests count as refused on both paths.
 */
async function runFile(dir: string, version: '3.0' | '3.1', file: SuiteFile): Promise<FileResult> {
  const all = file.groups.map((group, i) => ({ name: `S${i}`, group, schema: group.schema }));
  const refusals = new Map<string, string>();
  let loaded = await load(dir, version, all);
  if (!loaded.ok) {
    for (const p of all) {
      const alone = await load(dir, version, [p]);
      if (!alone.ok) refusals.set(p.name, alone.why);
    }
    const rest = all.filter((p) => !refusals.has(p.name));
    loaded = rest.length === 0 ? loaded : await load(dir, version, rest);
    if (!loaded.ok) for (const p of rest) refusals.set(p.name, loaded.why);
  }
  const codecs = new Map<string, Codec<unknown>>();
  if (loaded.ok) {
    for (const p of all) {
      if (refusals.has(p.name)) continue;
      const c = codecOf(loaded.imported, p.name);
      if ('codec' in c) codecs.set(p.name, c.codec); else refusals.set(p.name, c.why);
    }
  }
  const http = loaded.ok ? await overHttp(loaded.imported, all.filter((p) => codecs.has(p.name))) : new Map<string, TestOutcome[]>();
  const groups = all.map(({ name, group }): GroupResult => {
    const codec = codecs.get(name);
    if (codec === undefined || !loaded.ok) {
      return { description: group.description, schema: group.schema, outcome: 'refused', notes: [refusals.get(name) ?? 'not loaded'], tests: group.tests.map((t) => ({ ...t, imported: 'refused', http: 'refused' })) };
    }
    const notes = warningsOf(loaded.imported.warnings, name);
    const served = http.get(name);
    return {
      description: group.description, schema: group.schema, outcome: notes.length === 0 ? 'exact' : 'warned', notes, codec,
      tests: group.tests.map((t, i) => ({ ...t, imported: checked(codec, t), http: served?.[i] ?? 'refused' })),
    };
  });
  return { file: file.file, groups, left: file.left };
}

/** Every file of a draft through its OpenAPI version (2020-12 through 3.1, draft 4 through 3.0). */
export async function runDraft(draft: Draft): Promise<FileResult[]> {
  const dir = tempDir('api-serve-json-schema-');
  try {
    const out: FileResult[] = [];
    for (const file of suiteFiles(draft)) out.push(await runFile(dir, VERSION[draft], file));
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
