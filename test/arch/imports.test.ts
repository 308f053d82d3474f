// The module import table of DESIGN.md section 2, enforced by reading every import in src/ and specs/.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers/cli.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const imports = [...files(join(ROOT, 'src')), ...files(join(ROOT, 'specs'))].map((f) => {
  const rel = relative(ROOT, f);
  const specs = [...readFileSync(f, 'utf8').matchAll(IMPORT)].map((m) => m[1] ?? m[2]!);
  // Resolve relative imports to repo paths such as src/server/router.js.
  const targets = specs.map((s) => (s.startsWith('.') ? relative(ROOT, join(f, '..', s)) : s));
  return { file: rel, targets };
});

function rule(name: string, applies: (file: string) => boolean, forbidden: (target: string) => boolean) {
  test(name, () => {
    const bad = imports.filter((i) => applies(i.file)).flatMap((i) => i.targets.filter(forbidden).map((t) => `${i.file} -> ${t}`));
    assert.equal(bad, [], bad.join('\n'));
  });
}

const under = (dir: string) => (p: string) => p.startsWith(`${dir}/`);
const pkg = (name: string) => (t: string) => t === name || t.startsWith(`${name}/`);

rule('only src/server/polka.ts imports polka (each listener a Polka app, the pipeline its handler)', (f) => f !== 'src/server/polka.ts', pkg('polka'));
rule('only src/check/ui/ imports ink', (f) => !f.startsWith('src/check/ui/'), (t) => pkg('ink')(t) || pkg('ink-testing-library')(t));
rule('only src/store/ imports pg (the PostgreSQL client)', (f) => !f.startsWith('src/store/'), pkg('pg'));
rule('only src/store/ imports lowdb', (f) => !f.startsWith('src/store/'), pkg('lowdb'));
rule('only src/cli/commander.ts imports commander', (f) => f !== 'src/cli/commander.ts', pkg('commander'));
rule('only src/server/auth/jwt.ts imports jose', (f) => f !== 'src/server/auth/jwt.ts', pkg('jose'));
rule('only src/server/auth/cookies.ts imports cookie', (f) => f !== 'src/server/auth/cookies.ts', pkg('cookie'));
rule('only src/server/static.ts imports mrmime', (f) => f !== 'src/server/static.ts', pkg('mrmime'));
rule('only check/ and the outbound S10 proxy import undici', (f) => !f.startsWith('src/check/') && f !== 'specs/S10.ts', pkg('undici'));
rule('only src/server/inject.ts imports light-my-request (the simulated req/res of inject and the fetch handler)', (f) => f !== 'src/server/inject.ts', pkg('light-my-request'));
rule('only src/fetch/msw.ts imports msw (an optional peer dependency)', (f) => f !== 'src/fetch/msw.ts', pkg('msw'));
rule('fetch imports only fetch, server, dsl and describe', under('src/fetch'), (t) => t.startsWith('src/') && !/^src\/(fetch|server|dsl|describe)\//.test(t));
rule('the web fetch handler and api-serve/browser import no node: module and, of the server, only its pipeline (they run in browsers)',
  (f) => /^src\/fetch\/(web-(handler|record|reply|surface)\.ts|handler\.ts|msw\.ts|msw-web\.ts|msw\/browser\/)/.test(f) || f.startsWith('src/browser/'),
  (t) => t.startsWith('node:') || (t.startsWith('src/server/') && !/^src\/server\/(pipeline|request|extensions)\.js$/.test(t)) || t === 'src/fetch/fetch-handler.js' || t === 'src/fetch/msw-node.js');
rule('browser (the api-serve/browser entry) imports only dsl, codec, describe, client and fetch', under('src/browser'), (t) => t.startsWith('src/') && !/^src\/(browser|dsl|codec|describe|client|fetch)\//.test(t));
rule('the client imports no server, store, check, cli or node: module (it runs in browsers)', under('src/client'), (t) => /^src\/(server|store|check|cli|mock|docs)\//.test(t) || t.startsWith('node:'));
rule('only src/codec/fast-check.ts imports fast-check (generators get it from there)', (f) => f !== 'src/codec/fast-check.ts', pkg('fast-check'));
rule('only src/codec/re2.ts imports re2js (every schema pattern is matched through it, in linear time)', (f) => f !== 'src/codec/re2.ts', pkg('re2js'));
rule('only src/cli/load-module.ts imports tsx (the TypeScript loader, loaded for a .ts path only)', (f) => f !== 'src/cli/load-module.ts', pkg('tsx'));
rule('nothing imports negotiator (the oracle of test/describe/accept-header.test.ts; src/describe/accept-header.ts negotiates, in browsers too)', () => true, pkg('negotiator'));
rule('describe (the description layer) imports only dsl and codec', under('src/describe'), (t) => t.startsWith('src/') && !/^src\/(describe|dsl|codec)\//.test(t));
rule('server imports no store (a user directory is given to it when serving)', under('src/server'), (t) => t.startsWith('src/store/'));
rule('store imports no server, docs, check or cli', under('src/store'), (t) => /^src\/(server|docs|check|cli)\//.test(t));
rule('codec imports nothing else from src', under('src/codec'), (t) => t.startsWith('src/') && !t.startsWith('src/codec/'));
rule('dsl imports only dsl and codec, and no I/O', under('src/dsl'), (t) => (t.startsWith('src/') && !t.startsWith('src/dsl/') && !t.startsWith('src/codec/')) || /^(node:)?(fs|net|http|https|child_process)(\/|$)/.test(t));
rule('server imports no docs, check or cli', under('src/server'), (t) => /^src\/(docs|check|cli)\//.test(t));
rule('docs imports no server, check or cli', under('src/docs'), (t) => /^src\/(server|check|cli)\//.test(t));
rule('check imports no server or cli (it talks HTTP like a user)', under('src/check'), (t) => /^src\/(server|cli)\//.test(t));
// The fixture format is shared by the recorder (server), HAR import and the checker: it must not
// pull either side, or any library, into the other.
rule('fixture imports only fixture, codec and node: builtins', under('src/fixture'), (t) => (t.startsWith('src/') ? !/^src\/(fixture|codec)\//.test(t) : !t.startsWith('node:')));
rule('generate (the entry of value generation) imports only codec', under('src/generate'), (t) => t.startsWith('src/') && !/^src\/(generate|codec)\//.test(t));
rule('mock (an interpreter over the description) imports only dsl and codec', under('src/mock'), (t) => t.startsWith('src/') && !/^src\/(mock|dsl|codec)\//.test(t));
rule('only src/openapi/load-document.ts imports @readme/openapi-parser', (f) => f !== 'src/openapi/load-document.ts', pkg('@readme/openapi-parser'));
rule('only src/openapi/swagger2.ts imports swagger2openapi (Swagger 2.0 read converted)', (f) => f !== 'src/openapi/swagger2.ts', pkg('swagger2openapi'));
rule('openapi (the importer) imports only openapi, dsl and codec', under('src/openapi'), (t) => t.startsWith('src/') && !/^src\/(openapi|dsl|codec)\//.test(t));
rule('nothing but cli imports cli', (f) => !f.startsWith('src/cli/'), (t) => t.startsWith('src/cli/'));
rule('specs reach the server only through its public index', under('specs'), (t) => (t.startsWith('src/server/') && t !== 'src/server/index.js') || pkg('polka')(t));

const FOLDERS = ['codec', 'dsl', 'describe', 'fixture', 'generate', 'mock', 'server', 'store', 'docs', 'check', 'cli', 'openapi', 'fetch', 'client', 'browser'];

test('every folder of src/ has a rule in this table', () => {
  const folders = [...new Set(imports.map((i) => i.file.split('/')[1]!).filter((f) => !f.includes('.')))].sort();
  assert.equal(folders, [...FOLDERS].sort());
});

test('no import cycle between folders of src/', () => {
  const edges = new Map<string, Set<string>>();
  for (const i of imports) {
    const from = i.file.split('/')[1]!;
    if (!i.file.startsWith('src/') || from.includes('.')) continue;
    for (const t of i.targets) {
      const to = t.startsWith('src/') ? t.split('/')[1]! : undefined;
      if (to && to !== from && !to.includes('.')) (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
    }
  }
  const cycles: string[] = [];
  const visit = (node: string, path: string[]) => {
    if (path.includes(node)) { cycles.push([...path.slice(path.indexOf(node)), node].join(' -> ')); return; }
    for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
  };
  for (const f of edges.keys()) visit(f, []);
  assert.equal(cycles, [], cycles.join('\n'));
});

test('the table is read from real files', () => {
  assert.ok(imports.some((i) => i.file === 'src/server/transport.ts' && i.targets.includes('node:http')));
  assert.ok(imports.some((i) => i.file === 'src/server/polka.ts' && i.targets.includes('polka')));
  assert.ok(imports.some((i) => i.file.startsWith('src/check/') && i.targets.some((t) => t.startsWith('src/fixture/'))));
});

test.run();
