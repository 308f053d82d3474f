// Lint, without sending anything: requests no endpoint answers, expected bodies their declared
// type rejects, unknown endpoint names; coverage of endpoints and declared statuses. And the
// repository's own fixtures lint clean and exercise every endpoint of every surface they name.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FixtureFile, loadFixtures, parseFixture } from '../../src/check/fixture.js';
import { coverageText, lint, typeProblems } from '../../src/check/lint.js';
import { walk } from '../../src/dsl/index.js';
import type { Surface } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { registry } from '../../specs/index.js';
import { surface as S2 } from '../../specs/S2.js';
import { ROOT } from '../helpers/cli.js';

const load = async (name: string): Promise<Surface | undefined> => (Object.hasOwn(registry, name) ? (await registry[name]!.load()).surface : undefined);
const fx = (doc: Record<string, unknown>, file = 'x.json'): FixtureFile => parseFixture(file, JSON.stringify({ surface: 'S2', ...doc })).fixture!;
const messages = async (...files: FixtureFile[]) => (await lint(files, load)).problems.map((p) => `${p.pointer} ${p.message}`);

test('an undeclared error status is a problem unless the endpoint can answer it for protocol reasons (the description layer says which)', async () => {
  assert.equal(await messages(fx({ request: { method: 'GET', path: '/hello' }, response: { status: 406 } })), [], 'GET /hello has a body to negotiate: 406 is possible');
  assert.equal(await messages(fx({ request: { method: 'GET', path: '/hello?name=%zz' }, response: { status: 400 } })), [], 'it has a query parameter: 400 is possible');
  assert.equal(await messages(fx({ request: { method: 'GET', path: '/hello' }, response: { status: 415 } })), [
    '/response/status GET /hello declares no 415 response (it declares 200; its protocol errors are 406, 400)',
  ]);
  assert.equal(await messages(fx({ request: { method: 'POST', path: '/marketing' }, response: { status: 415 } })), [], 'a body endpoint can answer 415');
});

test('a request that matches no endpoint yet expects success is a problem; an expected 404 is not', async () => {
  assert.equal(await messages(fx({ request: { method: 'GET', path: '/helo' }, response: { status: 200 } })), ['/request GET /helo matches no endpoint of S2, yet the fixture expects 200']);
  assert.equal(await messages(fx({ request: { method: 'GET', path: '/helo' }, response: { status: 404 } })), []);
  assert.equal(await messages(fx({ request: { method: 'DELETE', path: '/hello' }, response: { status: 200 } })), ['/request DELETE /hello matches no endpoint (the path answers GET) of S2, yet the fixture expects 200']);
});

test('an expected body the declared type rejects is a problem at its pointer', async () => {
  assert.equal(await messages(fx({ request: { method: 'GET', path: '/position/1/2' }, response: { status: 200, body: { xCoord: '1', yCoord: 2, z: 0 } } })), [
    '/response/body/xCoord expected integer, got string "1" (the declared type of GET /position/{x}/{y} 200)',
    '/response/body/z Position has no key "z" (the declared type of GET /position/{x}/{y} 200)',
  ]);
});

test('matchers and captured values are trusted where a typed value stands', async () => {
  const scenario = parseFixture('s.json', JSON.stringify({ surface: 'S2', steps: [
    { request: { method: 'GET', path: '/position/1/2' }, response: { status: 200, body: { xCoord: { $type: 'integer' }, yCoord: 2 } }, capture: { y: { pointer: '/yCoord' } } },
    { request: { method: 'GET', path: '/position/1/${y}' }, response: { status: 200, body: { xCoord: 1, yCoord: '${y}' } } },
  ] })).fixture!;
  assert.equal(await messages(scenario), []);
});

test('a missing required key, an unknown endpoint name, an undeclared success status', async () => {
  assert.equal(await messages(fx({ endpoint: 'hello', request: { method: 'GET', path: '/hello' }, response: { status: 200, body: {} } })), ['/response/body HelloMessage requires key "msg" (the declared type of GET /hello 200)']);
  assert.equal(await messages(fx({ endpoint: 'helo', request: { method: 'GET', path: '/hello' }, response: { status: 200 } })), ['/endpoint S2 has no endpoint named "helo" (it has position, hello, marketing)']);
  assert.equal(await messages(fx({ endpoint: 'marketing', request: { method: 'GET', path: '/hello' }, response: { status: 200 } })), ['/endpoint the request goes to hello (GET /hello), not marketing']);
  assert.equal(await messages(fx({ request: { method: 'GET', path: '/hello' }, response: { status: 201 } })), ['/response/status GET /hello declares no 201 response (it declares 200)']);
});

test('a surface nobody knows is a problem for each of its files', async () => {
  assert.equal(await messages(fx({ surface: 'S99', request: { method: 'GET', path: '/' }, response: { status: 200 } })), ['/surface no surface named "S99" is known']);
});

test('typeProblems walks objects, arrays and optional fields', () => {
  const out: { pointer: string; message: string }[] = [];
  const codec = t.array(t.object('P', { a: t.int, b: t.optional(t.text) }));
  typeProblems(codec, [{ a: 1 }, { a: 1, b: null }, { a: 'x', b: 2 }], '', out);
  assert.equal(out.map((p) => p.pointer), ['/2/a', '/2/b']);
});

test('typeProblems walks unions, nullables, tuples, maps, pattern keys and recursive codecs; matchers stay trusted', () => {
  type Tree = { v: number; kids: Tree[] };
  const Tree = t.recursive<Tree>('Tree', (self) => t.object('Tree', { v: t.int, kids: t.array(self) }));
  const codec = t.object('All', {
    pet: t.union([t.object('Cat', { kind: t.constant('cat') }), t.object('Dog', { kind: t.constant('dog') })], { discriminator: 'kind' }),
    note: t.nullable(t.int), pair: t.tuple([t.int, t.text]), scores: t.record(t.int), tree: Tree,
  }, { patterns: { '^x-': t.text } });
  const out: { pointer: string; message: string }[] = [];
  typeProblems(codec, {
    pet: { kind: 'cow' }, note: null, pair: [1, 2], scores: { a: 1, b: 'x' }, tree: { v: 1, kids: [{ v: 'x', kids: [] }] }, 'x-a': 3, other: 1,
  }, '', out);
  assert.equal(out.map((p) => p.pointer), ['/pet', '/pair/1', '/scores/b', '/tree/kids/0/v', '/x-a', '/other']);
  const trusted: typeof out = [];
  typeProblems(codec, { pet: { kind: '${kind}' }, note: 5, pair: [1, 'a'], scores: {}, tree: { v: 1, kids: [] } }, '', trusted);
  assert.equal(trusted, [], 'a ${var} satisfies any option of a union');
});

test('coverage names the endpoints and statuses no fixture exercises', async () => {
  const r = await lint([fx({ request: { method: 'GET', path: '/hello' }, response: { status: 200 } })], load);
  assert.is(coverageText(r.coverage), [
    'S2: 1 of 3 endpoints, 1 of 3 declared responses exercised',
    '  not exercised: GET /position/{x}/{y} (position)',
    '  not exercised: POST /marketing (marketing)',
    '',
  ].join('\n'));
});

test('the repository fixtures lint clean and exercise every endpoint of every registered surface', async () => {
  const loaded = loadFixtures(['test/fixtures'], ROOT);
  assert.equal(loaded.problems, []);
  const r = await lint(loaded.files, load);
  assert.equal(r.problems, []);
  const named = new Set(loaded.files.map((f) => f.surface));
  assert.equal([...Object.keys(registry)].filter((s) => !named.has(s)), [], 'every registered surface has fixtures');
  const idle = r.coverage.flatMap((s) => s.endpoints.filter((e) => !e.covered).map((e) => `${s.surface} ${e.endpoint.method} ${e.endpoint.path}`));
  assert.equal(idle, []);
});

test.run();
