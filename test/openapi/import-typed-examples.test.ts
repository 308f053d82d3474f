// Issue 33: what `api-serve import` writes for examples and handler answers compiles under a strict
// tsc wherever a value is one the codec takes but its static type does not say: keys an open object
// takes beyond its fields (in unions, allOf, arrays, optional fields, maps, "weak" all-optional
// types), `null` in an optional field, values a schema without `type` lets through, and a response
// no value meets. Served, the module answers as the document does.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBin, spawnServe } from '../helpers/cli.js';
import { call } from '../helpers/server.js';
import { DOCS } from './load.js';
import { importProject, typecheck } from '../helpers/import-project.js';

const s = suite('api-serve import: typed examples');

let dir = '';
let source = '';
const line = (name: string) => source.split('\n').find((l) => l.startsWith(`  ${name}: () =>`)) ?? '';

s.before(() => {
  dir = importProject();
  const r = runBin('api-serve', ['import', join(DOCS, 'typed-examples.yaml'), '-o', 'api.ts'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  source = readFileSync(join(dir, 'api.ts'), 'utf8');
});

s('the module, with examples that carry keys, nulls and values their types do not list, compiles under strict tsc', () => {
  const tsc = typecheck(dir, ['api.ts']);
  assert.is(tsc, '', tsc);
});

s('keys beyond an open object\'s fields are spread at every depth: in a union option, allOf, array items, a map, a component\'s examples', () => {
  assert.match(line('getShape'), /\{ kind: "circle" as const, radius: 2, \.\.\.\{ colour: "red" \} \}/);
  assert.match(source, /^export const Tagged = t\.examples\(t\.allOf\(.*\[\{ value: \{ id: "t-1", tag: "x", \.\.\.\{ owner: "me" \} \} \}\]\);$/m);
  assert.match(line('addOrder'), /lines: \[\{ sku: "a", \.\.\.\{ gift: true \} \}\]/);
  // A body's examples too (they were plain literals).
  assert.match(source, /body\(Order, \[media\.json\], \{ examples: \[\{ value: \{ id: "o-1", lines: \[\{ sku: "a", \.\.\.\{ gift: true \} \}\]/);
});

s('a value sharing no key with an all-optional ("weak") type is an upcast `{}`, which tsc does not refuse', () => {
  assert.match(source, /^export const Settings = t\.examples\(.*\[\{ value: \(\{ locale: "fr" \} as \{\}\) \}\]\);$/m);
  assert.match(line('latestOrder'), /settings: \(\{ locale: "de" \} as \{\}\)/);
  assert.match(line('addOrder'), /meta: \(\{ x: 1 \} as \{\}\)/);
});

s('null in an optional field that is not nullable is left out (the codec reads it as absent)', () => {
  for (const name of ['addOrder', 'latestOrder']) {
    assert.not.match(line(name), /\bnote:|\bcount:|null/, line(name));
  }
});

s('a value a schema without `type` lets through outside its keywords\' type is the one `as never` cast', () => {
  assert.match(line('getResources'), /\{ ids: \[\("D0C0NU1Q8" as never\), \["a", "b"\]\], owner: \("nobody" as never\) \}/);
  assert.is(source.split('as never').length - 1, 4, 'two in the example, two in the handler, nowhere else');
});

s('an optional field of an allOf schema stays optional and refers to the component by name', () => {
  assert.match(source, /^export const Order = t\.object\("Order", \{.* tagged: t\.optional\(Tagged\) \}/m);
});

s('a response no value meets: the handler throws the 500 the mock answers, instead of a reply without its body', () => {
  assert.match(line('getOverlap'), /^ {2}getOverlap: \(\) => \{ throw HttpError\.text\(500, "Internal Server Error: the mock has no valid value for response 202 of GET \/overlap: /);
});

s('served, the module and the document answer the same status, type and body', async () => {
  const [mine, theirs] = await Promise.all([
    spawnServe(['./api.ts', '--port', '0', '--data', join(dir, 'data-a')], 1, { cwd: dir }),
    spawnServe([join(DOCS, 'typed-examples.yaml'), '--port', '0', '--data', join(dir, 'data-b')], 1, { cwd: dir }),
  ]);
  try {
    const [a] = Object.values(mine.urls);
    const [b] = Object.values(theirs.urls);
    const order = '{"id":"o-1","lines":[{"sku":"a","gift":true}],"note":null,"tagged":{"id":"t"},"other":1}';
    for (const [method, url, body] of [['GET', '/shapes'], ['GET', '/orders/latest'], ['GET', '/resources'], ['GET', '/overlap'], ['POST', '/orders', order], ['POST', '/orders', '{"id":"o-1","lines":[]}']] as const) {
      const init = body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body };
      const [x, y] = await Promise.all([call(a!, method, url, init), call(b!, method, url, init)]);
      assert.equal([x.status, x.headers['content-type'], x.text], [y.status, y.headers['content-type'], y.text], `${method} ${url} ${body ?? ''}`);
    }
  } finally {
    await Promise.all([mine.stop(), theirs.stop()]);
  }
});

s.run();
