// api-check fuzz on a module with a surface and no handlers (or an OpenAPI document) fuzzes its
// mock, in-process: every generated request is answered as the description predicts, every answer conforms.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runBin } from '../helpers/cli.js';

test('api-check fuzz ./described.mjs (no handlers) passes against the mock, its collection against a stateful one', () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-check-fuzz-mock-'));
  try {
    const mod = join(dir, 'described.mjs');
    writeFileSync(mod, `import { api, body, capture, get, json, post, t } from '${ROOT}dist/src/index.js';
const Pet = t.object('Pet', { id: t.constrain(t.int, { minimum: 1 }), name: t.constrain(t.text, { minLength: 1, maxLength: 20 }), tag: t.optional(t.enumOf(['cat', 'dog'])) });
export const surface = api('Pets', { title: 'pets' }, {
  list: get('pets').returns(json(t.array(Pet))),
  one: get('pets', capture('id', t.constrain(t.int, { minimum: 1 }))).returns(json(Pet)),
  add: post('pets', body(Pet)).returns(json(Pet), { status: 201 }),
});\n`);
    const r = runBin('api-check', ['fuzz', mod, '--seed', '3', '--runs', '80']);
    assert.is(r.code, 0, r.stdout + r.stderr);
    // 80 generated requests, then the model-based sequences over /pets (against a stateful mock of it).
    assert.match(r.stdout, /^stateful: \/pets: \d+ requests in passing sequences$/m);
    assert.ok(Number(/^(\d+) passed, 0 failed$/m.exec(r.stdout)?.[1]) > 80, r.stdout);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('api-check fuzz of an OpenAPI document (S2 written out by api-docs) fuzzes its mock and passes', () => {
  const r = runBin('api-check', ['fuzz', 'test/golden/S2.openapi.json', '--seed', '3', '--runs', '60', '--reporter', 'plain']);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^api-check fuzz test\/golden\/S2\.openapi\.json \(in-process\): seed 3,/);
  assert.match(r.stdout, /\n60 passed, 0 failed\n$/);
});

test.run();
