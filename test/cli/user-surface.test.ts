// A user's own surface in a project of their own, through the real bins: a TypeScript module
// served, documented, recorded and replayed with no flag, and every way such a module can fail to
// load as one line and exit 2.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runBin, spawnServe } from '../helpers/cli.js';
import { call, tempDir } from '../helpers/server.js';

const s = suite('user surfaces');

/** A TypeScript surface importing api-serve by name, a helper module, and throwing an HttpError. */
const TODO_TS = `import { api, capture, get, HttpError, implement, json, t } from 'api-serve';
import { greeting } from './greeting.js';

enum Status { Open = 'open', Done = 'done' }
const Todo = t.object('Todo', { id: t.int, title: t.text, status: t.text });

export const surface = api('Todo', { title: 'Todos' }, {
  hello: get('hello').returns(json(t.text)),
  todo: get('todos', capture('id', t.int)).returns(json(Todo)).responds(404, json(t.text)),
});

export const handlers = implement(surface, {
  hello: () => greeting('you'),
  todo: ({ id }) => {
    if (id !== 1) throw HttpError.json(404, 'no such todo');
    return { id, title: 'write tests', status: Status.Open };
  },
});
`;

/** A project folder: package.json (with `type` if given), api-serve installed as a link to this repository. */
function project(type?: 'module' | 'commonjs'): string {
  const dir = tempDir('api-serve-user-');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'todo', version: '1.0.0', private: true, ...(type ? { type } : {}) }));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'api-serve'), 'dir');
  writeFileSync(join(dir, 'api.ts'), TODO_TS);
  writeFileSync(join(dir, 'greeting.ts'), 'export const greeting = (name: string): string => `hello, ${name}`;\n');
  return dir;
}

const oneLine = (text: string) => text.trimEnd().split('\n').length === 1;

for (const type of ['module', 'commonjs'] as const) {
  s(`api-serve ./api.ts serves a TypeScript surface in a "type": "${type}" package, its imports and its HttpError included`, async () => {
    const dir = project(type);
    try {
      const served = await spawnServe(['./api.ts', '--port', '0', '--data', join(dir, 'data')], 1, { cwd: dir });
      try {
        assert.is((await call(served.urls.Todo!, 'GET', '/hello')).text, '"hello, you"');
        assert.equal((await call(served.urls.Todo!, 'GET', '/todos/1')).json(), { id: 1, title: 'write tests', status: 'open' });
        // One copy of api-serve: the server recognises the surface's HttpError (a second copy's would be a 500).
        const missing = await call(served.urls.Todo!, 'GET', '/todos/2');
        assert.equal([missing.status, missing.json()], [404, 'no such todo']);
      } finally {
        assert.is(await served.stop(), 0);
      }
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
}

s('api-docs ./api.ts documents it as Markdown and as OpenAPI', () => {
  const dir = project('module');
  try {
    const md = runBin('api-docs', ['./api.ts'], { cwd: dir });
    assert.is(md.code, 0, md.stderr);
    assert.match(md.stdout, /## GET \/todos\/:id/);
    const openapi = runBin('api-docs', ['api.ts', '--format', 'openapi'], { cwd: dir });
    assert.is(openapi.code, 0, openapi.stderr);
    assert.ok((JSON.parse(openapi.stdout) as { paths: Record<string, unknown> }).paths['/todos/{id}']);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

s('api-serve ./api.ts --record rec, then api-check rec replays it with no flag (the fixtures name ../api.ts), lint and coverage included', async () => {
  const dir = project();
  try {
    const served = await spawnServe(['./api.ts', '--port', '0', '--record', 'rec', '--data', join(dir, 'data')], 1, { cwd: dir });
    try {
      await call(served.urls.Todo!, 'GET', '/hello');
      await call(served.urls.Todo!, 'GET', '/todos/2');
    } finally { await served.stop(); }
    const files = readdirSync(join(dir, 'rec')).sort();
    assert.equal(files, ['0001-Todo-get-hello.json', '0002-Todo-get-todos-2.json']);
    assert.is((JSON.parse(readFileSync(join(dir, 'rec', files[0]!), 'utf8')) as { surface: string }).surface, '../api.ts');
    const replay = runBin('api-check', ['rec', '--reporter', 'plain'], { cwd: dir, env: { NO_COLOR: '1', CI: '1' } });
    assert.is(replay.code, 0, replay.stdout + replay.stderr);
    assert.match(replay.stdout, /^PASS {2}\.\/api\.ts {2}GET \/todos\/2 -> 404/m);
    assert.match(replay.stdout, /\n2 passed, 0 failed\n$/);
    // From the parent folder the fixtures still find their module (relative to the fixture file).
    const fromAbove = runBin('api-check', [join(dir, 'rec'), '--reporter', 'plain'], { cwd: join(dir, '..'), env: { NO_COLOR: '1', CI: '1' } });
    assert.is(fromAbove.code, 0, fromAbove.stdout + fromAbove.stderr);
    const lint = runBin('api-check', ['--lint', 'rec', '--surface', './api.ts'], { cwd: dir });
    assert.is(lint.code, 0, lint.stdout + lint.stderr);
    assert.match(lint.stdout, /^\.\/api\.ts: 2 of 2 endpoints, 2 of 3 declared responses exercised\n {2}not exercised: GET \/todos\/\{id\} -> 200$/m);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

s('a fixture naming ./api.ts from another folder finds it relative to the working directory; lint judges its bodies by the surface', () => {
  const dir = project('module');
  try {
    mkdirSync(join(dir, 'checks'));
    writeFileSync(join(dir, 'checks', 'todo.json'), JSON.stringify({ surface: './api.ts', endpoint: 'todo', request: { method: 'GET', path: '/todos/1' }, response: { status: 200, body: { id: 1, title: 'write tests', status: 'open' } } }));
    const replay = runBin('api-check', ['checks'], { cwd: dir, env: { NO_COLOR: '1', CI: '1' } });
    assert.is(replay.code, 0, replay.stdout + replay.stderr);
    writeFileSync(join(dir, 'checks', 'todo.json'), JSON.stringify({ surface: './api.ts', request: { method: 'GET', path: '/todos/1' }, response: { status: 200, body: { id: 'one', title: 'write tests', status: 'open' } } }));
    const lint = runBin('api-check', ['--lint', 'checks'], { cwd: dir });
    assert.is(lint.code, 1, lint.stdout);
    assert.match(lint.stdout, /checks\/todo\.json at \/response\/body\/id: expected integer/);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

/** Modules that cannot be loaded, and the line each command must print (after `<bin>: `). */
const BROKEN: readonly { name: string; file: string; text: string; line: RegExp }[] = [
  { name: 'a missing file', file: 'gone.ts', text: '', line: /^gone\.ts: no such file$/ },
  { name: 'a TypeScript syntax error', file: 'syntax.ts', text: "import { t } from 'api-serve';\n\nexport const surface = t.int +;\n", line: /^syntax\.ts:3:30: Unexpected ";"$/ },
  { name: 'a JavaScript syntax error', file: 'syntax.mjs', text: 'export const surface = 1;\nexport const handlers = {\n', line: /^syntax\.mjs:3: SyntaxError: Unexpected end of input$/ },
  { name: 'an import that fails', file: 'imports.ts', text: "import { nope } from './nowhere.js';\nexport const surface = nope;\n", line: /^imports\.ts: Cannot find module .*nowhere\.js' imported from .*imports\.ts$/ },
  { name: 'a module that throws while loading', file: 'throws.ts', text: "const config: { port?: number } | undefined = undefined;\nexport const surface = config!.port;\n", line: /^throws\.ts:2:\d+: TypeError: Cannot read properties of undefined \(reading 'port'\)$/ },
  { name: 'a surface the load checks refuse (a duplicate route)', file: 'dup.ts', text: "import { api, get, json, t, implement } from 'api-serve';\nexport const surface = api('Dup', { title: 'd' }, { a: get('a').returns(json(t.int)), b: get('a').returns(json(t.int)) });\nexport const handlers = implement(surface, { a: () => 1, b: () => 2 });\n", line: /^(\.\/)?dup\.ts: Dup: .*duplicate route/ },
  { name: 'a CommonJS TypeScript file', file: 'api.cts', text: 'export const surface = 1;\n', line: /^api\.cts: a \.cts file is CommonJS; write the surface as an ES module \(\.ts or \.mts\)$/ },
];

for (const b of BROKEN) {
  s(`${b.name}: one line naming the file (and position), exit 2, in api-serve, api-docs and api-check`, () => {
    const dir = project('module');
    try {
      if (b.text !== '') writeFileSync(join(dir, b.file), b.text);
      writeFileSync(join(dir, 'fixture.json'), JSON.stringify({ surface: `./${b.file}`, request: { method: 'GET', path: '/a' }, response: { status: 200 } }));
      for (const [bin, args] of [['api-serve', [`./${b.file}`, '--port', '0']], ['api-docs', [`./${b.file}`]], ['api-check', ['fixture.json']], ['api-check', ['--lint', 'fixture.json']]] as const) {
        const r = runBin(bin, [...args], { cwd: dir, env: { NO_COLOR: '1', CI: '1' } });
        const what = `${bin} ${args.join(' ')}: ${r.stderr}`;
        assert.is(r.code, 2, what);
        assert.ok(oneLine(r.stderr), what);
        assert.ok(r.stderr.startsWith(`${bin}: `), what);
        assert.match(r.stderr.slice(bin.length + 2).trimEnd().replace(/^\.\//, ''), b.line, what);
        assert.not.match(r.stderr, /node:internal|\n\s+at /, what);
      }
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
}

s('a module whose only export is a default implement(surface, ...) is served by its handlers, and api-docs reads its surface', async () => {
  const dir = project('module');
  try {
    writeFileSync(join(dir, 'api.ts'), TODO_TS.replace('export const surface = ', 'const surface = ').replace('export const handlers = ', 'export default '));
    const served = await spawnServe(['./api.ts', '--port', '0', '--data', join(dir, 'data')], 1, { cwd: dir });
    try {
      assert.is((await call(served.urls.Todo!, 'GET', '/hello')).text, '"hello, you"', 'its handler answers, not the mock');
      assert.not.match(served.stdout(), /mocked/);
    } finally {
      assert.is(await served.stop(), 0);
    }
    const md = runBin('api-docs', ['./api.ts'], { cwd: dir });
    assert.is(md.code, 0, md.stderr);
    assert.match(md.stdout, /## GET \/todos\/:id/);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

s.run();
