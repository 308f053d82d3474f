// `api-serve import` given an untrusted document (issue 32): no text of it becomes code in the
// written module, whatever its characters; an operationId `__proto__` is an endpoint like any
// other; a string of megabytes is written, not a crash.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import ts from 'typescript';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ROOT, runBin, spawnServe } from '../helpers/cli.js';
import { call, tempDir } from '../helpers/server.js';
import { importSurface, loadDocument, OpenApiLoadError, surfaceSource, type ImportedSurface } from '../../src/openapi/index.js';
import { walk } from '../../src/dsl/walk.js';
import type { Surface } from '../../src/dsl/types.js';
import type { Implementation } from '../../src/dsl/implement.js';

const s = suite('api-serve import: untrusted documents');

/** A project folder whose modules import 'api-serve' (this repository's dist/), as a user's do. */
function project(): string {
  const dir = tempDir('api-serve-import-safety-');
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules', 'api-serve'), 'dir');
  symlinkSync(join(ROOT, 'node_modules', '@types', 'node'), join(dir, 'node_modules', '@types', 'node'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'mine', version: '1.0.0', private: true, type: 'module' }));
  return dir;
}

/** Prints PWNED when run; as text it never says PWNED. */
const PWNED = "console.log('PWN' + 'ED');//";
/** One OPTIONS operation (a warning naming its path) and one served GET. */
const docWith = (title: string, path: string) => JSON.stringify({
  openapi: '3.1.0',
  info: { title, version: '1' },
  paths: {
    [path]: { options: { responses: { 200: { description: 'ok' } } } },
    '/pets': { get: { responses: { 200: { description: 'ok' } } } },
  },
});

/** Where the payload is, the document, and whether the docs show its text (a title does). */
const INJECTIONS: [string, string, boolean][] = [
  ['a CR in the title', docWith(`Pets\r${PWNED}`, '/x'), true],
  ['U+2028 in the title', docWith(`Pets\u2028${PWNED}`, '/x'), true],
  ['U+2029 in a path key (a warning comment)', docWith('Pets', `/x\u2029${PWNED}`), false],
  ['a CR in a path key (a warning comment)', docWith('Pets', `/x\r${PWNED}`), false],
];

for (const [where, text, shown] of INJECTIONS) {
  s(`${where}: api-serve import then api-docs ./x.ts never runs it`, () => {
    const dir = project();
    writeFileSync(join(dir, 'doc.json'), text);
    const imported = runBin('api-serve', ['import', 'doc.json', '-o', 'x.ts'], { cwd: dir });
    assert.is(imported.code, 0, imported.stderr);
    // Each warning is one line, however the path key breaks lines.
    for (const line of imported.stderr.trimEnd().split('\n')) assert.match(line, /^api-serve( import)?: /, imported.stderr);
    const docs = runBin('api-docs', ['./x.ts'], { cwd: dir });
    assert.is(docs.code, 0, docs.stderr);
    assert.not.match(docs.stdout + docs.stderr, /PWNED/);
    // What the document said is in the docs, as text.
    if (shown) assert.match(docs.stdout, /'PWN' \+ 'ED'/);
  });
}

/** Three operations named by operationIds a plain object mistakes for its own machinery. */
const THREE = `openapi: 3.1.0
info: { title: Three, version: "1" }
paths:
${[['/a', '__proto__'], ['/b', 'constructor'], ['/c', 'listC']].map(([path, id]) => `  ${path}:
    get:
      operationId: ${id}
      responses: { "200": { description: ok, content: { application/json: { schema: { type: string }, example: ${id} } } } }
`).join('')}`;

s('operationId __proto__: the surface has 3 of 3 endpoints, api-serve doc.yaml and the module api-serve import writes serve all 3', async () => {
  const dir = project();
  writeFileSync(join(dir, 'three.yaml'), THREE);
  const imported = importSurface(await loadDocument(join(dir, 'three.yaml')), 'three');
  assert.equal(walk(imported.surface).map((e) => e.name), ['__proto__', 'constructor', 'listC']);
  const r = runBin('api-serve', ['import', 'three.yaml', '-o', 'api.ts'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, types: ['node'] },
    files: ['api.ts'],
  }));
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  assert.is(tsc.status, 0, `${tsc.stdout}${tsc.stderr}`);
  for (const served of ['three.yaml', './api.ts']) {
    const server = await spawnServe([served, '--port', '0', '--data', join(dir, 'data')], 1, { cwd: dir });
    try {
      if (served === 'three.yaml') assert.match(server.stdout(), /mocked: every endpoint \(3\)/);
      const [url] = Object.values(server.urls);
      for (const [path, id] of [['/a', '__proto__'], ['/b', 'constructor'], ['/c', 'listC']] as const) {
        const res = await call(url!, 'GET', path);
        assert.is(res.status, 200, `${served} GET ${path}: ${res.text}`);
        assert.is(res.json(), id);
      }
    } finally { await server.stop(); }
  }
});

s('a 12 MB description and example: api-serve import writes them (exit 0, no stack)', () => {
  const dir = project();
  const big = 'x'.repeat(12 * 1024 * 1024);
  writeFileSync(join(dir, 'big.yaml'), `openapi: 3.1.0
info: { title: Big, version: "1", description: "${big}" }
paths:
  /a:
    get:
      description: "${big}"
      responses: { "200": { description: ok, content: { application/json: { schema: { type: string }, example: "${big}" } } } }
`);
  const r = runBin('api-serve', ['import', 'big.yaml', '-o', 'api.ts'], { cwd: dir });
  assert.is(r.code, 0, r.stderr.slice(0, 2000));
  assert.is(r.stderr, 'api-serve import: wrote api.ts\n');
  const written = readFileSync(join(dir, 'api.ts'), 'utf8');
  // The description (as the intro and the endpoint's) and the example (as the example and the handler's answer).
  assert.is(written.split(big).length - 1, 4);
});

/** The written module, type-stripped (syntax errors fail), loaded with 'api-serve' bound to src/. */
async function load(source: string): Promise<{ surface: Surface; handlers: Implementation }> {
  const out = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
  const errors = (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  assert.equal(errors, [], `the written module does not parse:\n${source}`);
  const js = out.outputText.replace("from 'api-serve'", `from ${JSON.stringify(pathToFileURL(join(ROOT, 'src/index.ts')).href)}`);
  return await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`) as { surface: Surface; handlers: Implementation };
}

/** What a user reads of a surface: its names and texts, endpoint by endpoint. */
const texts = (surface: Surface) => ({
  name: surface.name,
  meta: surface.meta,
  endpoints: walk(surface).map((e) => ({
    name: e.name, method: e.method, path: e.path, summary: e.summary, description: e.description, tags: e.tags,
    query: e.query.map((q) => [q.name, q.mode, q.description]),
    headers: e.headers.map((h) => [h.name, h.description]),
    body: e.body?.examples,
    responses: e.responses.map((r) => ({ status: r.status, key: r.key, description: r.description, headers: Object.keys(r.headers), examples: r.examples, schema: r.content?.codec.schema })),
  })),
});

const dir = tempDir('api-serve-import-safety-');
let docs = 0;
async function importText(doc: object): Promise<ImportedSurface> {
  const file = join(dir, `doc${docs++}.json`);
  writeFileSync(file, JSON.stringify(doc));
  return importSurface(await loadDocument(file), 'doc');
}

/** Each handler's answer, awaited: a payload in a handler body would run here. */
async function answers(handlers: Implementation): Promise<unknown[]> {
  const built = await handlers.build({ dataDir: dir, options: {}, log: () => {}, announce: () => {}, onClose: () => {} }) as Record<string, (...args: unknown[]) => unknown>;
  return await Promise.all(Object.values(built).map(async (h) => JSON.stringify(await h(undefined, undefined))));
}

type Canary = typeof globalThis & { __pwned?: number };
const PAYLOADS = [
  '\rglobalThis.__pwned=1;//', '\nglobalThis.__pwned=1;//', '\r\nglobalThis.__pwned=1;//', '\u2028globalThis.__pwned=1;//', '\u2029globalThis.__pwned=1;//',
  '"+(globalThis.__pwned=1)+"', "'+(globalThis.__pwned=1)+'", '`+(globalThis.__pwned=1)+`', '${globalThis.__pwned=1}', '\\', '\\"', '"',
  '*/globalThis.__pwned=1;/*', '\ud800', '\udfff', '\u202e', '\u0000', '\u001b[2J', '__proto__', 'constructor', 'class', '$', '-',
];
/** Component names: the validator takes `[a-zA-Z0-9._-]+` only; what a const cannot be named among them. */
const componentName = fc.oneof(fc.stringMatching(/^[a-zA-Z0-9._-]{1,10}$/), fc.constantFrom('class', '__proto__', 'constructor', '1a', '-', '.', 'surface', 'handlers', 'self_C', 'Buffer', 't', 'await', 'undefined'));
const text = fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom(...PAYLOADS)), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''));

const format = text;

/** A document with `x` in every place a document can put text. */
function documentWith(x: Texts): object {
  const component = x.component;
  const ref = `#/components/schemas/${component}`;
  return {
    openapi: '3.1.0',
    info: { title: x.title, description: x.description, version: '1' },
    tags: [{ name: x.tag, description: x.description }],
    paths: {
      '/pets/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: x.format }, description: x.description }],
        get: {
          operationId: x.operationId, summary: x.summary, description: x.description, tags: [x.tag],
          parameters: [
            { name: x.query, in: 'query', schema: { type: 'string', enum: [x.enum], pattern: x.pattern }, description: x.description, example: x.enum },
            { name: x.header, in: 'header', schema: { type: 'string' }, description: x.summary },
          ],
          responses: {
            200: {
              description: x.description,
              headers: { [x.header]: { schema: { type: 'string', enum: [x.enum] }, description: x.summary } },
              content: { 'application/json': { schema: { $ref: ref }, example: { [x.property]: x.example } } },
            },
          },
        },
        put: {
          operationId: `${x.operationId}-put`,
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'string', [x.keyword]: 1 }, example: x.example } } },
          responses: { 204: { description: x.summary } },
        },
      },
      // A path's braces are parameters the validator wants declared: `{` and `}` are left out.
      [`/${x.path.replace(/[{}]/g, '')}`]: { options: { responses: { 200: { description: 'ok' } } }, get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'string', const: x.example } } } } } } },
    },
    components: {
      schemas: {
        [component]: { type: 'object', title: x.title, description: x.description, required: [x.property], properties: { [x.property]: { type: 'string', description: x.summary, examples: [x.example] } }, [`${x.keyword}`]: x.example },
      },
    },
  };
}

const POSITIONS = ['title', 'description', 'tag', 'operationId', 'summary', 'format', 'query', 'enum', 'pattern', 'header', 'property', 'example', 'keyword', 'path', 'component'] as const;
type Texts = Record<(typeof POSITIONS)[number], string>;

/** Every place holding the same text: the names an object literal or a const cannot simply take. */
const EXAMPLES = ['constructor', '__proto__', 'class', '\u2028globalThis.__pwned=1;//'].map((x) => ({ ...Object.fromEntries(POSITIONS.map((p) => [p, x])), component: x.startsWith('\u2028') ? 'a' : x }) as Texts);

s('any text in every place of a document: the written module parses, loads and answers without running it, and says the same texts', async () => {
  const canary = globalThis as Canary;
  let written = 0;
  const refused: string[] = [];
  const places = Object.fromEntries(POSITIONS.map((p) => [p, p === 'component' ? componentName : p === 'format' ? format : text])) as Record<keyof Texts, fc.Arbitrary<string>>;
  await fc.assert(fc.asyncProperty(fc.record(places), async (x) => {
    let imported: ImportedSurface;
    try {
      imported = await importText(documentWith(x));
    } catch (err) {
      // A document the validator refuses (a header name it does not take) is not written at all.
      if (err instanceof OpenApiLoadError) { refused.push(err.message); return; }
      throw err;
    }
    const source = surfaceSource(imported, { file: 'doc.json', command: 'api-serve' });
    delete canary.__pwned;
    const loaded = await load(source);
    const [mine, theirs] = [texts(loaded.surface), texts(imported.surface)];
    const [said, meant] = [JSON.stringify(mine, null, 1).split('\n'), JSON.stringify(theirs, null, 1).split('\n')];
    const at = said.findIndex((line, i) => line !== meant[i]);
    assert.ok(at < 0 && said.length === meant.length, `the written module says ${said.slice(at - 2, at + 2).join(' ')} where the document says ${meant.slice(at - 2, at + 2).join(' ')}`);
    // And the same as the document's own, not only as the in-process import's.
    assert.is(loaded.surface.meta.title, x.title);
    const got = walk(loaded.surface).find((e) => e.method === 'GET' && e.path === '/pets/{id}');
    assert.equal([got?.summary, got?.description, got?.tags], [x.summary, x.description, [x.tag]]);
    await answers(loaded.handlers);
    assert.is(canary.__pwned, undefined, 'a payload ran');
    written++;
  }), { numRuns: Number(process.env.RUNS ?? (process.env.API_SERVE_ROBUST_LONG === '1' ? 600 : 60)), includeErrorInReport: true, examples: EXAMPLES.map((x) => [x]) });
  assert.ok(written > 30, `only ${written} of 60 documents were written; refused: ${refused.slice(0, 3).join('\n')}`);
});

s('a property, a required entry, a response header and a format named __proto__ or constructor are kept: no crash, nothing dropped', async () => {
  const dir = tempDir('api-serve-proto-');
  const doc = join(dir, 'proto.json');
  writeFileSync(doc, JSON.stringify({
    openapi: '3.1.0', info: { title: 'P', version: '1' },
    paths: { '/p': { post: {
      operationId: 'p',
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['__proto__'], properties: { ['__proto__']: { type: 'string', format: 'constructor' } } } } } },
      responses: { '200': { description: 'ok', headers: { ['__proto__']: { schema: { type: 'string' } } } } },
    } } },
  }));
  const imported = await importSurface(await loadDocument(doc), 'proto');
  const [endpoint] = walk(imported.surface);
  const schema = endpoint!.body!.codec.schema as { properties: Record<string, { format?: string }>; required: string[] };
  assert.ok(Object.hasOwn(schema.properties, '__proto__'), JSON.stringify(schema));
  assert.equal(schema.required, ['__proto__']);
  assert.is(schema.properties['__proto__']!.format, 'constructor');
  assert.ok(Object.hasOwn(endpoint!.responses[0]!.headers ?? {}, '__proto__'), 'the response header');
  const served = await spawnServe([doc, '--port', '0']);
  try {
    const missing = await call(served.urls.proto!, 'POST', '/p', { headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.is(missing.status, 400, missing.text);
    const given = await call(served.urls.proto!, 'POST', '/p', { headers: { 'content-type': 'application/json' }, body: '{"__proto__":"x"}' });
    assert.is(given.status, 200, given.text);
  } finally {
    await served.stop();
  }
});

s.run();
