// A surface declaring a codec no value can satisfy is refused when it loads, naming the surface,
// the endpoint and the JSON pointer of the contradiction; the commands say it in one line, exit 2.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, body, get, json, post } from '../../src/dsl/index.js';
import { checkSurface } from '../../src/dsl/check-surface.js';
import { t } from '../../src/codec/index.js';
import { ROOT, runBin } from '../helpers/cli.js';

const refusal = (codec: Parameters<typeof json>[0]) => {
  try {
    checkSurface(api('Bad', { title: 'bad' }, { make: post('things', body(codec)).returns(json(t.text)) }));
  } catch (err) {
    return (err as Error).message;
  }
  return 'accepted';
};

test('minimum above maximum, at the field it sits on', () => {
  const msg = refusal(t.object('Thing', { size: t.constrain(t.int, { minimum: 10, maximum: 5 }) }));
  assert.is(msg, 'Bad: POST /things (make): request body (Thing) at /properties/size: minimum 10 is above maximum 5: no value can satisfy both');
});

test('exclusive bounds that leave nothing between them, and lengths the wrong way round', () => {
  assert.match(refusal(t.constrain(t.number, { exclusiveMinimum: 1, exclusiveMaximum: 1 })), /exclusiveMinimum 1 is above exclusiveMaximum 1/);
  assert.match(refusal(t.array(t.constrain(t.text, { minLength: 4, maxLength: 2 }))), /at \/items: minLength 4 is above maxLength 2/);
});

test('a pattern that is not a regular expression', () => {
  assert.match(refusal(t.object('T', { code: t.constrain(t.text, { pattern: '([a-z' }) })), /at \/properties\/code: pattern "\(\[a-z" is not a valid regular expression/);
  assert.match(refusal(t.object('T', {}, { patterns: { '(': t.int } })), /at \/patternProperties: pattern "\(" is not a valid regular expression/);
});

test('a default or an example its own codec refuses', () => {
  assert.match(refusal(t.object('T', { n: t.optional(t.constrain(t.int, { maximum: 3 }), { default: 9 }) })), /at \/properties\/n\/default: default 9 is refused by its own codec: must be at most 3/);
  assert.match(refusal(t.object('T', { e: t.examples(t.email, [{ value: 'nope' }]) })), /at \/properties\/e: example is refused by its own codec/);
});

test('a discriminator property missing from a branch, or naming two branches', () => {
  const Cat = t.object('Cat', { kind: t.constant('cat') });
  const Dog = t.object('Dog', { bark: t.bool });
  assert.match(refusal(t.union([Cat, Dog], { discriminator: 'kind' })), /at \/oneOf\/1: discriminator property "kind" is missing from Dog/);
  const Cat2 = t.object('Cat2', { kind: t.constant('cat'), x: t.int });
  assert.match(refusal(t.union([Cat, Cat2], { discriminator: 'kind' })), /discriminator value "cat" names both Cat and Cat2/);
});

test('a sound surface with every kind of codec loads', () => {
  type Tree = { v: number; kids: Tree[] };
  const Tree = t.recursive<Tree>('Tree', (self) => t.object('Tree', { v: t.int, kids: t.array(self) }));
  assert.is(refusal(t.object('All', {
    tree: Tree, pet: t.union([t.object('A', { k: t.constant('a') }), t.object('B', { k: t.constant('b') })], { discriminator: 'k' }),
    n: t.nullable(t.constrain(t.int, { minimum: 1, maximum: 1 })), m: t.record(t.int), p: t.tuple([t.int, t.text]),
  })), 'accepted');
});

test('api-docs and api-serve refuse the module in one line with exit 2', () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-serve-impossible-'));
  try {
    const mod = join(dir, 'bad.mjs');
    writeFileSync(mod, `import { api, get, implement, json, t } from '${ROOT}dist/src/index.js';
export const surface = api('Bad', { title: 'bad' }, { size: get('size').returns(json(t.constrain(t.int, { minimum: 3, maximum: 1 }))) });
export const handlers = implement(surface, { size: () => 2 });\n`);
    for (const bin of ['api-docs', 'api-serve'] as const) {
      const r = runBin(bin, bin === 'api-serve' ? [mod, '--port', '0'] : [mod]);
      assert.is(r.code, 2, `${bin} exits 2`);
      const lines = r.stderr.trim().split('\n');
      assert.is(lines.length, 1, `${bin}: one line, got ${r.stderr}`);
      assert.match(lines[0]!, /Bad: GET \/size \(size\): response 200 \(integer\) at \/: minimum 3 is above maximum 1/);
    }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test.run();
