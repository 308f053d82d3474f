// The loader: every fixture is validated before anything is sent; a bad one is a problem with
// its file and the JSON pointer of what is wrong.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatProblem, loadFixtures, parseFixture } from '../../src/check/fixture.js';
import { tempDir } from '../helpers/server.js';

const problems = (doc: unknown) => parseFixture('x.json', typeof doc === 'string' ? doc : JSON.stringify(doc)).problems.map((p) => `${p.pointer} ${p.message}`);
const ok = { surface: 'S2', request: { method: 'GET', path: '/hello' }, response: { status: 200 } };

test('a valid exchange loads as one case labelled by its request', () => {
  const r = parseFixture('x.json', JSON.stringify(ok));
  assert.equal(r.problems, []);
  assert.is(r.fixture!.cases.length, 1);
  assert.is(r.fixture!.cases[0]!.label, 'GET /hello -> 200');
});

test('text that is not JSON is a problem at the whole document', () => {
  assert.equal(parseFixture('x.json', '{"surface": ').problems.map((p) => p.pointer), ['']);
  assert.match(problems('{"surface": ')[0]!, /not valid JSON/);
});

test('a wrong type, a bad method and a missing key each point at their place', () => {
  assert.equal(problems({ ...ok, response: { status: '200' } }), ['/response/status must be integer']);
  assert.equal(problems({ ...ok, request: { method: 'get', path: '/x' } }), ['/request/method must match ^[A-Z]+$']);
  assert.equal(problems({ surface: 'S2', request: { method: 'GET', path: '/x' } }), [' missing key "response"']);
  assert.equal(problems({ ...ok, request: { method: 'GET', path: 'hello' } }), ['/request/path must match ^/']);
});

test('an unknown key is named', () => {
  assert.equal(problems({ ...ok, respons: {} }), [' unknown key "respons"']);
});

test('scenario steps are pointed at by index', () => {
  const doc = { surface: 'S4', steps: [{ request: { method: 'GET', path: '/a' }, response: { status: 200 } }, { request: { method: 'GET', path: '/b' }, response: { status: 2000 } }] };
  assert.equal(problems(doc), ['/steps/1/response/status must be <= 599']);
});

test('a malformed matcher is a problem where it stands', () => {
  assert.equal(problems({ ...ok, response: { status: 200, body: { id: { $type: 'int' } } } }), ['/response/body/id "$type" must be one of string, number, integer, boolean, null, object, array']);
  assert.equal(problems({ ...ok, response: { status: 200, body: [{ $match: '(' }] } }).map((p) => p.split(' ')[0]), ['/response/body/0']);
  assert.equal(problems({ ...ok, response: { status: 200, body: { $match: 'a', extra: 1 } } }), ['/response/body a matcher has exactly one key ($match, $type, $any), got $match, extra']);
  assert.equal(problems({ ...ok, response: { status: 200, headers: { date: { $matc: 'x' } } } }), ['/response/headers/date unknown key "$matc"']);
});

test('two body forms at once are a problem', () => {
  assert.equal(problems({ ...ok, request: { method: 'POST', path: '/x', body: {}, text: 'a' } }), ['/request/text give one of body, text, base64 (this one has body and text)']);
});

test('base64 that is not base64 is a problem', () => {
  assert.equal(problems({ ...ok, response: { status: 200, base64: 'abc' } }), ['/response/base64 not valid base64']);
});

test('${name} must be captured by an earlier step', () => {
  const doc = {
    surface: 'S4',
    steps: [
      { request: { method: 'GET', path: '/a/${id}' }, response: { status: 200 } },
      { request: { method: 'POST', path: '/a' }, response: { status: 200 }, capture: { id: { pointer: '/Id' } } },
      { request: { method: 'GET', path: '/a/${id}', headers: { 'x-t': '${token}' } }, response: { status: 200, body: { Id: '${id}' } } },
    ],
  };
  assert.equal(problems(doc), ['/steps/0/request/path ${id} is not captured by an earlier step', '/steps/2/request/headers/x-t ${token} is not captured by an earlier step']);
});

test('capture specs: a pointer or a header, with a valid regular expression', () => {
  assert.equal(problems({ ...ok, capture: { id: { pointer: 'Id' } } }), ['/capture/id/pointer must match ^(/.*)?$']);
  assert.equal(problems({ ...ok, capture: { t: { header: 'set-cookie', match: '[' } } }).map((p) => p.split(' ')[0]), ['/capture/t/match']);
  assert.equal(problems({ ...ok, capture: { 'bad-name': { pointer: '/x' } } }), ['/capture/bad-name capture names are identifiers (letters, digits, _)']);
});

test('loading a folder walks it in name order and reports every bad file', () => {
  const dir = tempDir('api-check-load-');
  try {
    mkdirSync(join(dir, 'S2'));
    writeFileSync(join(dir, 'S2', 'b.json'), JSON.stringify(ok));
    writeFileSync(join(dir, 'S2', 'a.json'), JSON.stringify({ ...ok, surface: '' }));
    writeFileSync(join(dir, 'S2', 'notes.txt'), 'not a fixture');
    writeFileSync(join(dir, 'S2', 'c.json'), '[');
    const r = loadFixtures(['.'], dir);
    assert.equal(r.files.map((f) => f.file), ['S2/b.json']);
    assert.equal(r.problems.map(formatProblem), [
      'S2/a.json at /surface: must NOT have fewer than 1 characters',
      `S2/c.json: ${r.problems[1]!.message}`,
    ]);
    assert.equal(loadFixtures(['nope'], dir).problems.map(formatProblem), ['nope: no such file or directory']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
