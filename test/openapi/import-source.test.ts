// `api-serve import doc.yaml -o api.ts`: the project's own documents written as TypeScript source
// that a strict tsc accepts (importing 'api-serve' as a user's project does) and that, served,
// answers every request exactly as the document served by the mock does, protocol errors included.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBin, spawnServe } from '../helpers/cli.js';
import { call } from '../helpers/server.js';
import { DOCS } from './load.js';
import { importProject, typecheck } from '../helpers/import-project.js';

const s = suite('api-serve import');

const project = importProject;

interface Row { method: string; url: string; headers?: Record<string, string>; body?: string }
const JSON_TYPE = { 'content-type': 'application/json' };

/** Requests to features.yaml: each operation answered, and each stage's refusal. */
const FEATURES: Row[] = [
  { method: 'GET', url: '/pets' },
  { method: 'GET', url: '/pets?limit=5&tag=a&tag=b&ids=1,2&filter[color]=red' },
  { method: 'GET', url: '/pets?limit=abc' },
  { method: 'GET', url: '/pets?limit=500' },
  { method: 'GET', url: '/pets?ids=1,2,3,4' },
  { method: 'GET', url: '/pets?filter[size]=0' },
  { method: 'GET', url: '/pets', headers: { 'x-request-id': 'not-a-uuid' } },
  { method: 'GET', url: '/pets', headers: { cookie: 'session=ab' } },
  { method: 'GET', url: '/pets', headers: { accept: 'text/html' } },
  { method: 'DELETE', url: '/pets' },
  { method: 'POST', url: '/pets', headers: { ...JSON_TYPE, 'x-api-key': 'k' }, body: '{"name":"Rex","kind":"dog"}' },
  { method: 'POST', url: '/pets?api_key=k', headers: JSON_TYPE, body: '{"name":"Tom","kind":"cat","lives":3}' },
  { method: 'POST', url: '/pets', headers: JSON_TYPE, body: '{"name":"Rex","kind":"dog"}' },
  { method: 'POST', url: '/pets', headers: { ...JSON_TYPE, 'x-api-key': 'k' }, body: '{"name":"","kind":"dog"}' },
  { method: 'POST', url: '/pets', headers: { ...JSON_TYPE, 'x-api-key': 'k' }, body: '{"name":"Rex","kind":"cow"}' },
  { method: 'POST', url: '/pets', headers: { ...JSON_TYPE, 'x-api-key': 'k' }, body: '{"name":' },
  { method: 'POST', url: '/pets', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-key': 'k' }, body: 'name=Rex&kind=dog' },
  { method: 'POST', url: '/pets', headers: { 'content-type': 'text/csv', 'x-api-key': 'k' }, body: 'a,b' },
  { method: 'GET', url: '/pets/7', headers: { authorization: 'Bearer abc' } },
  { method: 'GET', url: '/pets/7', headers: { authorization: 'Basic dTpw' } },
  { method: 'GET', url: '/pets/7' },
  { method: 'GET', url: '/pets/0', headers: { authorization: 'Bearer abc' } },
  { method: 'GET', url: '/pets/x', headers: { authorization: 'Bearer abc' } },
  { method: 'DELETE', url: '/pets/7', headers: { authorization: 'Bearer t' } },
  { method: 'DELETE', url: '/pets/7', headers: { cookie: 'key=k' } },
  { method: 'DELETE', url: '/pets/7' },
  { method: 'PUT', url: '/trees', headers: JSON_TYPE, body: '{"value":1,"children":[{"value":2,"children":[]}]}' },
  { method: 'PUT', url: '/trees', headers: JSON_TYPE, body: '{"value":1,"children":[{"value":"two","children":[]}]}' },
  { method: 'PUT', url: '/trees', headers: JSON_TYPE, body: '{"value":1,"label":"ABC","children":[]}' },
  { method: 'OPTIONS', url: '/trees' },
  { method: 'GET', url: '/nowhere' },
];

/** Requests to features-30.yaml (OpenAPI 3.0: nullable, boolean exclusive bounds). */
const FEATURES_30: Row[] = [
  { method: 'GET', url: '/orders/o-12' },
  { method: 'GET', url: '/orders/o-12?expand=true' },
  { method: 'GET', url: '/orders/o-1?expand=maybe' },
  { method: 'GET', url: '/orders/x-1' },
  { method: 'PATCH', url: '/orders/o-1' },
  { method: 'POST', url: '/orders', headers: JSON_TYPE, body: '{"id":"o-1","total":3}' },
  { method: 'POST', url: '/orders', headers: { ...JSON_TYPE, authorization: 'Bearer t' }, body: '{"id":"o-1","total":3,"note":null,"lines":[{"sku":"a"}]}' },
  { method: 'POST', url: '/orders', headers: { ...JSON_TYPE, authorization: 'Bearer t' }, body: '{"id":"o-1","total":0}' },
  { method: 'POST', url: '/orders', headers: { ...JSON_TYPE, authorization: 'Bearer t' }, body: '{"id":"o-1","total":1,"parent":{"id":"o-0","total":"x"}}' },
  { method: 'POST', url: '/orders', headers: { ...JSON_TYPE, authorization: 'Bearer t' }, body: '{"id":"o-1","total":1,"status":"lost"}' },
  { method: 'POST', url: '/orders', headers: { ...JSON_TYPE, authorization: 'Bearer t' }, body: '{"id":"o-1","total":1,"lines":[{"sku":"a","qty":0}]}' },
  { method: 'GET', url: '/nowhere' },
];

/** Requests to applicators.yaml: each keyword module's rule, kept or broken. */
const APPLICATORS: Row[] = [
  { method: 'POST', url: '/orders', headers: JSON_TYPE, body: '{"kind":"pickup","lines":[10,11]}' },
  { method: 'POST', url: '/orders', headers: JSON_TYPE, body: '{"kind":"pickup","lines":[10,1]}' },
  { method: 'POST', url: '/orders', headers: JSON_TYPE, body: '{"kind":"delivery","lines":[10,11]}' },
  { method: 'POST', url: '/orders', headers: JSON_TYPE, body: '{"kind":"delivery","address":"Main St","lines":[10,11]}' },
  { method: 'POST', url: '/orders', headers: JSON_TYPE, body: '{"kind":"pickup","lines":[10,11],"note":"forbidden"}' },
  { method: 'POST', url: '/orders', headers: JSON_TYPE, body: '{"kind":"pickup","lines":[10,11],"coupon":"X"}' },
  { method: 'POST', url: '/orders', headers: JSON_TYPE, body: '{"kind":"pickup","lines":[10,11],"extra":1}' },
  { method: 'POST', url: '/orders', headers: JSON_TYPE, body: '{"kind":"pickup","lines":[10,11],"verylongname":"x"}' },
];

/** Requests to mutual.yaml (A and B refer to each other). */
const MUTUAL: Row[] = [
  { method: 'PUT', url: '/a', headers: JSON_TYPE, body: '{"n":1,"b":{"s":"x","a":{"n":2}}}' },
  { method: 'PUT', url: '/a', headers: JSON_TYPE, body: '{"n":1,"b":{"s":"x","a":{"n":"two"}}}' },
  { method: 'PUT', url: '/a', headers: JSON_TYPE, body: '{"n":1,"b":{"a":{"n":2}}}' },
];

/** Requests to parameter-styles.yaml: each path and query style, required headers and cookies. */
const STYLES: Row[] = [
  { method: 'GET', url: '/label/.5' },
  { method: 'GET', url: '/label/5' },
  { method: 'GET', url: '/matrix-exploded/;ids=3;ids=4' },
  { method: 'GET', url: '/matrix-object/;R=1;G=300' },
  { method: 'GET', url: '/simple-exploded/R=1,G=2' },
  { method: 'GET', url: '/search?limit=1&nums=1|2&words=a%20b&where=%7B%22a%22%3A1%7D', headers: { 'x-color': 'R=1,G=2', cookie: 'session=abc' } },
  { method: 'GET', url: '/search?limit=1&nums=1,2', headers: { 'x-color': 'R=1,G=2', cookie: 'session=abc' } },
  { method: 'GET', url: '/search?limit=1', headers: { cookie: 'session=abc' } },
  { method: 'GET', url: '/search', headers: { 'x-color': 'R=1,G=2' } },
];

const generated = new Map<string, { dir: string; stderr: string }>();

for (const [doc, rows] of [['features.yaml', FEATURES], ['features-30.yaml', FEATURES_30], ['mutual.yaml', MUTUAL], ['parameter-styles.yaml', STYLES], ['applicators.yaml', APPLICATORS]] as const) {
  s(`api-serve import ${doc} -o api.ts writes a module a strict tsc accepts`, () => {
    const dir = project();
    const r = runBin('api-serve', ['import', join(DOCS, doc), '-o', 'api.ts'], { cwd: dir });
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stderr, /^api-serve import: wrote api\.ts$/m);
    generated.set(doc, { dir, stderr: r.stderr });
    const tsc = typecheck(dir, ['api.ts']);
    assert.is(tsc, '', tsc);
  });

  s(`${doc}: the generated module and the document, both served, answer the same status, type and body`, async () => {
    const { dir } = generated.get(doc)!;
    const [mine, theirs] = await Promise.all([
      spawnServe(['./api.ts', '--port', '0', '--data', join(dir, 'data-a')], 1, { cwd: dir }),
      spawnServe([join(DOCS, doc), '--port', '0', '--data', join(dir, 'data-b')], 1, { cwd: dir }),
    ]);
    try {
      const [a] = Object.values(mine.urls);
      const [b] = Object.values(theirs.urls);
      for (const row of rows) {
        const init = { headers: row.headers ?? {}, ...(row.body === undefined ? {} : { body: row.body }) };
        const [x, y] = await Promise.all([call(a!, row.method, row.url, init), call(b!, row.method, row.url, init)]);
        const what = `${row.method} ${row.url} ${JSON.stringify(row.headers ?? {})}`;
        assert.equal([x.status, x.headers['content-type'], x.headers['www-authenticate'], x.headers.allow, x.text], [y.status, y.headers['content-type'], y.headers['www-authenticate'], y.headers.allow, y.text], what);
      }
    } finally {
      await Promise.all([mine.stop(), theirs.stop()]);
    }
  });
}

s('the generated source names components, uses operationIds and writes each warning as a comment with its pointer', () => {
  const { dir, stderr } = generated.get('features.yaml')!;
  const source = readFileSync(join(dir, 'api.ts'), 'utf8');
  assert.match(source, /^export const Pet = t\.allOf\("Pet", \[/m);
  assert.match(source, /^export const Tree = t\.recursive<unknown>\("Tree", \(self_Tree\): Codec<unknown> => /m);
  assert.match(source, /^import { type Codec, /m);
  assert.match(source, /^ {2}listPets: get\("pets", /m);
  assert.match(source, /\.returns\(json\(Pet\), \{ status: 201/);
  assert.match(source, /^export const handlers = implement\(surface, \{$/m);
  // Each warning line the importer printed is in the source as a comment, pointer and all.
  const warnings = stderr.split('\n').filter((l) => l.startsWith('api-serve: warning: '));
  assert.ok(warnings.length > 0);
  for (const w of warnings) assert.ok(source.includes(`// ${w}`), `not in the source: ${w}`);
  assert.ok(source.includes('#/paths/~1trees/options: OPTIONS operations are not served'));
});

s('schemas that refer to each other: the first holds the second inside its recursion, the second refers to the first by name', () => {
  const source = readFileSync(join(generated.get('mutual.yaml')!.dir, 'api.ts'), 'utf8');
  assert.match(source, /^export const A = t\.recursive<unknown>\("A", \(self_A\): Codec<unknown> => t\.object\("A", \{ n: t\.int, b: t\.optional\(t\.recursive<unknown>\("B", \(self_B\): Codec<unknown> => .*a: t\.optional\(self_A\)/m);
  assert.match(source, /^export const B = t\.recursive<unknown>\("B", \(self_B\): Codec<unknown> => t\.object\("B", \{ s: t\.text, a: t\.optional\(A\) \}/m);
});

s('an operation without an operationId is named from its method and path', () => {
  const dir = project();
  writeFileSync(join(dir, 'doc.yaml'), `openapi: 3.1.0
info: { title: Anonymous, version: '1' }
paths:
  /users/{id}/posts:
    parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
    get:
      responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } } }
`);
  const r = runBin('api-serve', ['import', 'doc.yaml'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /^ {2}getUsersByIdPosts: get\("users", capture\("id", t\.int\), "posts"\)/m);
});

s('a named schema used by an optional field stays optional (the field shares the named codec\'s schema)', () => {
  const dir = project();
  writeFileSync(join(dir, 'doc.yaml'), `openapi: 3.1.0
info: { title: Owners, version: '1' }
paths:
  /repo:
    get:
      operationId: repo
      responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Repo' } } } } }
components:
  schemas:
    User: { type: object, properties: { name: { type: string } } }
    Repo: { type: object, required: [slug], properties: { slug: { type: string }, owner: { $ref: '#/components/schemas/User' } } }
`);
  const r = runBin('api-serve', ['import', 'doc.yaml'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /^export const Repo = t\.object\("Repo", \{ slug: t\.text, owner: t\.optional\(User\) \}/m);
});

s('a description that reads like code imports nothing: only the builders the module calls', () => {
  const dir = project();
  writeFileSync(join(dir, 'doc.yaml'), `openapi: 3.1.0
info: { title: Notes, version: '1', description: 'Call get(x) first, then t.text or capture("id").' }
paths:
  /notes:
    post:
      operationId: addNote
      description: 'Like put(note) // or del(note)'
      requestBody: { content: { text/plain: { schema: { type: string } } } }
      responses: { '204': { description: done } }
`);
  const r = runBin('api-serve', ['import', 'doc.yaml'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const imports = /^import \{ (.*) \} from 'api-serve';$/m.exec(r.stdout)?.[1]?.split(', ');
  assert.ok(imports, r.stdout);
  for (const unused of ['get', 'put', 'capture', 'del']) assert.not.ok(imports.includes(unused), `${unused} imported: ${imports.join(', ')}`);
  assert.ok(imports.includes('post'), imports.join(', '));
});

s('an existing output file is refused without --force: one line, exit 2; with --force it is replaced', () => {
  const dir = project();
  writeFileSync(join(dir, 'api.ts'), '// mine\n');
  const refused = runBin('api-serve', ['import', join(DOCS, 'features-30.yaml'), '-o', 'api.ts'], { cwd: dir });
  assert.is(refused.code, 2);
  assert.is(refused.stderr, 'api-serve import: api.ts exists; give --force to overwrite it\n');
  assert.is(readFileSync(join(dir, 'api.ts'), 'utf8'), '// mine\n');
  const forced = runBin('api-serve', ['import', join(DOCS, 'features-30.yaml'), '-o', 'api.ts', '--force'], { cwd: dir });
  assert.is(forced.code, 0, forced.stderr);
  assert.match(readFileSync(join(dir, 'api.ts'), 'utf8'), /^export const surface = api\(/m);
});

s('a document that is not valid is one line naming the file and the JSON pointer, exit 2, and nothing is written', () => {
  const dir = project();
  writeFileSync(join(dir, 'bad.yaml'), "openapi: 3.1.0\ninfo: { title: x, version: '1' }\npaths:\n  /a:\n    get:\n      responses:\n        '200': { descriptio: ok }\n");
  const r = runBin('api-serve', ['import', 'bad.yaml', '-o', 'api.ts'], { cwd: dir });
  assert.is(r.code, 2);
  assert.is(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, /^api-serve import: bad\.yaml#\/paths\/~1a\/get\/responses\/200: not a valid OpenAPI document: .*description/);
  assert.not.ok(existsSync(join(dir, 'api.ts')));
});

s('an output that cannot be written (its folder does not exist) is one line, exit 2', () => {
  const dir = project();
  const r = runBin('api-serve', ['import', join(DOCS, 'features-30.yaml'), '-o', 'no-such-dir/api.ts'], { cwd: dir });
  assert.equal([r.code, r.stderr], [2, 'api-serve import: no-such-dir/api.ts: cannot write it (ENOENT)\n']);
});

s('a missing document and a file that is no document are one line, exit 2', () => {
  const dir = project();
  const missing = runBin('api-serve', ['import', 'gone.yaml'], { cwd: dir });
  assert.equal([missing.code, missing.stderr], [2, 'api-serve import: gone.yaml: no such file\n']);
  const other = runBin('api-serve', ['import', 'api.ts'], { cwd: dir });
  assert.equal([other.code, other.stderr], [2, 'api-serve import: api.ts: not an OpenAPI document (give a .yaml, .yml or .json file)\n']);
});

s('an empty or scalar document, a folder and a missing external $ref are one line each, exit 2, nothing written; serving them too', () => {
  const dir = project();
  writeFileSync(join(dir, 'empty.yaml'), '');
  writeFileSync(join(dir, 'scalar.yaml'), '42\n');
  mkdirSync(join(dir, 'folder.yaml'));
  writeFileSync(join(dir, 'ref.yaml'), "openapi: 3.1.0\ninfo: { title: x, version: '1' }\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: './missing.yaml#/X' }\n");
  const notDocument = 'not an OpenAPI document (expected an object with an `openapi` field)\n';
  const expected: Record<string, string | RegExp> = {
    'empty.yaml': `empty.yaml: ${notDocument}`,
    'scalar.yaml': `scalar.yaml: ${notDocument}`,
    'folder.yaml': 'folder.yaml: is a directory, not a document\n',
    'ref.yaml': /^ref\.yaml: .*missing\.yaml.*ENOENT.*\n$/,
  };
  const same = (actual: string, message: string | RegExp, label: string) =>
    (typeof message === 'string' ? assert.is(actual, message, label) : assert.match(actual, message, label));
  for (const [file, message] of Object.entries(expected)) {
    const imported = runBin('api-serve', ['import', file, '-o', 'api.ts'], { cwd: dir });
    assert.is(imported.code, 2, `import ${file}: ${imported.stderr}`);
    same(imported.stderr.replace(/^api-serve import: /, ''), message, `import ${file}`);
    assert.not.ok(existsSync(join(dir, 'api.ts')), `import ${file} wrote nothing`);
    const served = runBin('api-serve', [file, '--port', '0'], { cwd: dir });
    assert.is(served.code, 2, `serve ${file}: ${served.stderr}`);
    same(served.stderr.replace(/^api-serve: /, ''), message, `serve ${file}`);
  }
});

s.run();
