// The package as a user gets it: `npm pack`, the tarball installed into an empty project (`npm init
// -y`, so CommonJS by default), then the README's story there: `npx api-serve S2`, a strict `tsc`
// over a TypeScript surface importing the DSL, and that surface served, documented, recorded and
// replayed with no flag. Needs the npm registry for the dependencies (about 30-60 s).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { call, tempDir } from '../helpers/server.js';
import { eventually, freshDatabase, havePostgres } from '../helpers/pg.js';
import { TSC_INIT_OPTIONS } from '../helpers/tsc-init.js';

const CORPUS = join(ROOT, '..', 'shared', 'openapi-corpus');

const work = tempDir('api-serve-pack-');
const project = join(work, 'my-project');
test.after(() => rmSync(work, { recursive: true, force: true }));

const env = { ...process.env, NO_COLOR: '1', CI: '1', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

function run(cmd: string, args: string[], cwd: string, timeout = 60_000) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/**
 * `npx api-serve ...` in the project, resolved once its listening line is printed. npx does not
 * pass SIGTERM on to the command it runs, so the process group is signalled (npx and api-serve).
 */
function serve(args: string[]): Promise<{ child: ChildProcess; url: string; stop(): Promise<number | null> }> {
  const child = spawn('npx', ['api-serve', ...args], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const group = (signal: NodeJS.Signals) => { try { process.kill(-child.pid!, signal); } catch { /* already gone */ } };
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => { err += d; });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { group('SIGKILL'); reject(new Error(`no listening line within 30 s: ${err}`)); }, 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = /listening on (\S+)/.exec(out);
      if (m) { clearTimeout(timer); resolve({ child, url: m[1]!, stop: () => { group('SIGTERM'); return exited; } }); }
    });
    void exited.then((code) => { clearTimeout(timer); reject(new Error(`exited with ${code}: ${err}`)); });
  });
}

const SURFACE = `import { api, capture, get, implement, json, t } from 'api-serve';

const Position = t.object('Position', { xCoord: t.int, yCoord: t.int });

export const surface = api('Mine', { title: 'A surface of my own' }, {
  position: get('position', capture('x', t.int), capture('y', t.int)).returns(json(Position)),
});

export const handlers = implement(surface, {
  position: ({ x, y }) => {
    // @ts-expect-error x is a number: with handlers typed \`any\` this directive would itself be an error
    const text: string = x;
    void text;
    return { xCoord: x, yCoord: y };
  },
});
`;

let tarball = '';

test('npm pack holds exactly dist/ (no source maps), bin/, the shipped data files, README, LICENSE and package.json', () => {
  const r = run('npm', ['pack', '--json', '--pack-destination', work], ROOT, 120_000);
  assert.is(r.code, 0, r.stderr);
  const [info] = JSON.parse(r.stdout) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, info!.filename);
  const files = info!.files.map((f) => f.path);
  const allowed = /^(dist\/(src|specs)\/.*\.(js|d\.ts)|src\/store\/migrations\/\d{4}-[\w-]+\.sql|src\/openapi\/meta-schemas\/[\w.-]+\.(json|md|txt)|bin\/api-(serve|docs|check)\.js|data\/(colors\.json|myfile\.txt|static\/.+)|README\.md|docs\/[\w-]+\.md|LICENSE|package\.json)$/;
  assert.equal(files.filter((f) => !allowed.test(f)), []);
  for (const needed of ['src/store/migrations/0001-records.sql', 'src/openapi/meta-schemas/draft-04.json', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/check/index.d.ts', 'dist/specs/S2.js', 'bin/api-serve.js', 'data/colors.json', 'README.md', 'LICENSE']) {
    assert.ok(files.includes(needed), `${needed} is missing from the tarball`);
  }
});

test('installed into an empty project: npx api-serve S2 --port 0 answers 200', async () => {
  mkdirSync(project);
  assert.is(run('npm', ['init', '-y'], project).code, 0);
  const install = run('npm', ['install', '--prefer-offline', tarball], project, 240_000);
  assert.is(install.code, 0, install.stderr);
  const s = await serve(['S2', '--port', '0', '--data', join(work, 'data')]);
  try {
    const r = await call(s.url, 'GET', '/position/3/14');
    assert.equal([r.status, r.json()], [200, { xCoord: 3, yCoord: 14 }]);
  } finally {
    await s.stop();
  }
});

test('a strict tsc over a surface importing the DSL from api-serve passes: handlers are typed from the declarations, not any', () => {
  writeFileSync(join(project, 'api.ts'), SURFACE);
  // The user's own @types/node (a dev dependency of any TypeScript project on Node).
  mkdirSync(join(project, 'node_modules', '@types'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules', '@types', 'node'), join(project, 'node_modules', '@types', 'node'), 'dir');
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: false, types: ['node'] },
    files: ['api.ts'],
  }));
  const tsc = run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], project, 120_000);
  assert.is(tsc.code, 0, tsc.stdout + tsc.stderr);
});

test('that api.ts is served, documented, recorded and replayed with the installed commands and no flag', async () => {
  const s = await serve(['./api.ts', '--port', '0', '--record', 'recorded', '--data', join(work, 'data')]);
  try {
    assert.is((await call(s.url, 'GET', '/position/1/2')).status, 200);
    assert.is((await call(s.url, 'GET', '/position/1/x')).status, 400);
  } finally {
    await s.stop();
  }
  const docs = run('npx', ['api-docs', './api.ts'], project);
  assert.is(docs.code, 0, docs.stderr);
  assert.match(docs.stdout, /^## GET \/position\/:x\/:y$/m);
  const check = run('npx', ['api-check', 'recorded'], project);
  assert.is(check.code, 0, check.stdout + check.stderr);
  assert.match(check.stdout, /\n2 passed, 0 failed\n$/);
  assert.equal(readdirSync(join(project, 'recorded')).length, 2);
});

const CLIENT = `import { api, capture, get, implement, json, serve, t } from 'api-serve';
import { client, ClientRefusal } from 'api-serve/client';

const Position = t.object('Position', { xCoord: t.int, yCoord: t.int });
const surface = api('Mine', { title: 'mine' }, {
  position: get('position', capture('x', t.int), capture('y', t.int)).returns(json(Position)),
});
const server = await serve(implement(surface, { position: ({ x, y }) => ({ xCoord: x, yCoord: y }) }), { port: 0 });
const c = client(surface, { baseUrl: server.url });
const r = await c.position({ x: 3, y: 14 });
// @ts-expect-error x is a number: a client typed \`any\` would make this directive itself an error
await c.position({ x: 'three', y: 14 }).catch(() => undefined);
let refused = '';
try { await c.position({ x: 1.5, y: 1 }); } catch (err) { if (err instanceof ClientRefusal) refused = \`\${err.status} \${err.local}\`; }
console.log(JSON.stringify({ status: r.status, body: r.status === 200 ? r.body.xCoord + r.body.yCoord : null, refused }));
await server.close();
`;

test('the installed api-serve/client: a strict tsc accepts a typed call and refuses a wrong capture; the call answers and a bad one is refused locally', () => {
  writeFileSync(join(project, 'call.mts'), CLIENT);
  writeFileSync(join(project, 'tsconfig.client.json'), JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: false, types: ['node'] },
    files: ['call.mts'],
  }));
  const tsc = run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.client.json'], project, 120_000);
  assert.is(tsc.code, 0, tsc.stdout + tsc.stderr);
  // tsx is a dependency of api-serve, so the installed package brings it.
  const ran = run(process.execPath, ['--import', 'tsx', 'call.mts'], project, 60_000);
  assert.is(ran.code, 0, ran.stdout + ran.stderr);
  assert.equal(JSON.parse(ran.stdout.trim().split('\n').pop()!), { status: 200, body: 17, refused: '400 true' });
});

const BROWSER_APP = `import { api, capture, client, get, json, t, webFetchHandler, implement } from 'api-serve/browser';

const surface = api('Mine', { title: 'mine' }, { position: get('position', capture('x', t.int)).returns(json(t.int)) });
const h = await webFetchHandler(implement(surface, { position: ({ x }) => x * 2 }));
const c = client(surface, { baseUrl: 'http://mine.test', fetch: (input, init) => h.handle(new Request(input, init)) });
console.log(String((await c.position({ x: 21 })).body));
`;

test('the installed api-serve/browser bundles for browsers with no stub (no node: import, no server module) and answers through the web fetch handler', async () => {
  writeFileSync(join(project, 'browser-app.mjs'), BROWSER_APP);
  const { build } = await import('esbuild');
  const out = await build({ entryPoints: [join(project, 'browser-app.mjs')], bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent', absWorkingDir: project });
  const inputs = Object.keys(out.metafile.inputs);
  assert.equal(inputs.filter((i) => i.startsWith('node:') || /api-serve\/dist\/src\/(server\/(?!pipeline|reply)|store\/|cli\/)/.test(i)), []);
  assert.equal(Object.values(out.metafile.outputs)[0]!.imports, []);
  const ran = run(process.execPath, ['browser-app.mjs'], project, 60_000);
  assert.is(ran.code, 0, ran.stdout + ran.stderr);
  assert.is(ran.stdout.trim(), '42');
});

// The rest of the README's story from the installed package, each case its own line in the totals.

test('npx api-serve S4 --mock --stateful: a created person is listed', async () => {
  const s = await serve(['S4', '--port', '0', '--mock', '--stateful', '--data', join(work, 'mock-data')]);
  try {
    const created = await call(s.url, 'POST', '/person', { headers: { 'content-type': 'application/json' }, body: '{"name":"Ada","age":36}' });
    assert.is(created.status, 200, created.text);
    const list = await call(s.url, 'GET', '/person');
    assert.ok((list.json() as { name: string }[]).some((p) => p.name === 'Ada'), list.text);
  } finally {
    await s.stop();
  }
});

if (havePostgres('test/package/pack.test.ts')) {
  test('npx api-serve S4 --store postgres://... --workers 2: the shipped migrations run, both workers answer from one store', async () => {
    const url = await freshDatabase();
    const s = await serve(['S4', '--port', '0', '--store', url, '--workers', '2', '--data', join(work, 'store-data')]);
    try {
      const created = await call(s.url, 'POST', '/person', { headers: { 'content-type': 'application/json' }, body: '{"name":"Grace","age":"85"}' });
      assert.is(created.status, 200, created.text);
      // Connections are spread over the workers: every one of these answers lists the person.
      for (let i = 0; i < 6; i++) {
        const list = await call(s.url, 'GET', '/person', { headers: { connection: 'close' } });
        assert.ok((list.json() as { name: string }[]).some((p) => p.name === 'Grace'), list.text);
      }
    } finally {
      await s.stop();
    }
  });
}

test('npx api-serve import of a corpus document compiles under the tsc --init defaults in a "type": "module" project', () => {
  const dir = join(work, 'imported');
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'imported', version: '1.0.0', private: true, type: 'module' }));
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
  symlinkSync(join(project, 'node_modules', 'api-serve'), join(dir, 'node_modules', 'api-serve'), 'dir');
  symlinkSync(join(ROOT, 'node_modules', '@types', 'node'), join(dir, 'node_modules', '@types', 'node'), 'dir');
  for (const doc of ['petstore.yaml', 'petstore-expanded.yaml', 'uspto.yaml']) {
    const r = run('npx', ['api-serve', 'import', join(CORPUS, doc), '-o', join(dir, doc.replace('.yaml', '.ts'))], project);
    assert.is(r.code, 0, r.stderr);
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...TSC_INIT_OPTIONS, outDir: 'out' }, include: ['*.ts'] }));
  const tsc = run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], dir, 120_000);
  assert.is(tsc.code, 0, tsc.stdout + tsc.stderr);
});

const IMPORTED_CLIENT = `import { serve } from 'api-serve';
import { client, ClientRefusal } from 'api-serve/client';
import { surface, handlers } from './petstore.js';

const server = await serve(handlers, { port: 0 });
const c = client(surface, { baseUrl: server.url });
const listed = await c.listPets({ limit: 5 });
const shown = await c.showPetById({ petId: '7' });
// @ts-expect-error limit is a number: the imported module types the client's input
await c.listPets({ limit: 'five' }).catch(() => undefined);
let refused = '';
try { await c.listPets({ limit: 500 }); } catch (err) { if (err instanceof ClientRefusal) refused = \`\${err.status} \${err.local}\`; }
console.log(JSON.stringify({ listed: listed.status, shown: shown.status, refused }));
await server.close();
`;

test('an imported OpenAPI document (petstore.yaml) through the installed client: typed by a strict tsc, called, and a request over the declared maximum refused locally', () => {
  const dir = join(work, 'imported');
  writeFileSync(join(dir, 'call-petstore.mts'), IMPORTED_CLIENT);
  // tsx comes with api-serve, installed in the project beside it.
  symlinkSync(join(project, 'node_modules', 'tsx'), join(dir, 'node_modules', 'tsx'), 'dir');
  writeFileSync(join(dir, 'tsconfig.client.json'), JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: ['node'] },
    files: ['call-petstore.mts'],
  }));
  const tsc = run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.client.json'], dir, 120_000);
  assert.is(tsc.code, 0, tsc.stdout + tsc.stderr);
  const ran = run(process.execPath, ['--import', 'tsx', 'call-petstore.mts'], dir, 60_000);
  assert.is(ran.code, 0, ran.stdout + ran.stderr);
  assert.equal(JSON.parse(ran.stdout.trim().split('\n').pop()!), { listed: 200, shown: 200, refused: '400 true' });
});

test('npx api-docs ./api.ts writes Markdown, OpenAPI 3.1 and HTML', () => {
  const md = run('npx', ['api-docs', './api.ts'], project);
  assert.is(md.code, 0, md.stderr);
  assert.match(md.stdout, /^## GET \/position\/:x\/:y$/m);
  const openapi = run('npx', ['api-docs', './api.ts', '--format', 'openapi'], project);
  assert.is(openapi.code, 0, openapi.stderr);
  const doc = JSON.parse(openapi.stdout) as { openapi: string; paths: Record<string, unknown> };
  assert.match(doc.openapi, /^3\.1\./);
  assert.ok(doc.paths['/position/{x}/{y}'] !== undefined, Object.keys(doc.paths).join(' '));
  const html = run('npx', ['api-docs', './api.ts', '--format', 'html'], project);
  assert.is(html.code, 0, html.stderr);
  assert.match(html.stdout, /^<!doctype html>/i);
  assert.match(html.stdout, /\/position\//);
});

test('npx api-check --lint recorded: the recorded fixtures are checked against the surface', () => {
  const lint = run('npx', ['api-check', '--lint', 'recorded'], project);
  assert.is(lint.code, 0, lint.stdout + lint.stderr);
  assert.match(lint.stdout, /0 failed\n$/);
});

test('npx api-check fuzz ./api.ts: generated requests judged by the description, all passed', () => {
  const fuzz = run('npx', ['api-check', 'fuzz', './api.ts', '--runs', '60', '--seed', '1'], project, 120_000);
  assert.is(fuzz.code, 0, fuzz.stdout + fuzz.stderr);
  assert.match(fuzz.stdout, /\d+ passed, 0 failed\n$/);
});

test('npx api-serve ./api.ts --watch: an edited file is served again on the same port', async () => {
  const file = join(project, 'watched.ts');
  writeFileSync(file, SURFACE);
  const s = await serve(['./watched.ts', '--port', '0', '--watch', '--data', join(work, 'watch-data')]);
  try {
    assert.equal((await call(s.url, 'GET', '/position/1/2')).json(), { xCoord: 1, yCoord: 2 });
    writeFileSync(file, SURFACE.replace('return { xCoord: x, yCoord: y };', 'return { xCoord: y, yCoord: x };'));
    await eventually('the edited surface answers', async () => {
      const r = await call(s.url, 'GET', '/position/1/2');
      return (r.json() as { xCoord: number }).xCoord === 2;
    });
  } finally {
    await s.stop();
  }
});

test('every api-serve option --help shows with an optional value works given bare from the package (--cors, --journal)', async () => {
  const help = run('npx', ['api-serve', '--help'], project);
  const bare = [...help.stdout.matchAll(/^\s+(?:-\w, )?(--[\w-]+) \[[^\]]+\]/gm)].map((m) => m[1]!);
  assert.ok(bare.includes('--cors') && bare.includes('--journal'), bare.join(' '));
  const s = await serve(['S4', '--port', '0', '--mock', '--data', join(work, 'bare-data'), ...bare]);
  try {
    for (let i = 0; i < 3; i++) {
      const r = await call(s.url, 'GET', '/person', { headers: { origin: 'http://localhost:5173' } });
      assert.is(r.status, 200);
      assert.is(r.headers['access-control-allow-origin'], '*');
    }
    const journal = (await call(s.url, 'GET', '/__api-serve/requests')).json() as unknown[];
    assert.is(journal.length, 3);
  } finally {
    await s.stop();
  }
});

test.run();
