// arbitrary(): fast-check values of a codec, valid by construction, with recursion bounded.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { t } from '../../src/codec/index.js';
import { arbitrary, fc } from '../../src/generate/index.js';

type Tree = { value: number; children: Tree[] };
const Tree = t.recursive<Tree>('Tree', (self) => t.object('Tree', { value: t.int, children: t.array(self) }));
const depth = (tree: Tree): number => 1 + Math.max(0, ...tree.children.map(depth));

test('recursive values stay within maxDepth levels below the root', () => {
  for (const maxDepth of [0, 1, 3]) {
    for (const tree of fc.sample(arbitrary(Tree, { maxDepth }), { seed: 3, numRuns: 200 })) assert.ok(depth(tree) <= maxDepth + 1, `${maxDepth}: ${JSON.stringify(tree)}`);
  }
  // Deep enough trees do come up: the bound is reached, not just respected.
  assert.ok(fc.sample(arbitrary(Tree, { maxDepth: 3 }), { seed: 3, numRuns: 200 }).some((tree) => depth(tree) === 4));
});

test('a oneOf value matches exactly one option (a safe integer would match both of these)', () => {
  const U = t.union([t.number, t.int]);
  for (const v of fc.sample(arbitrary(U), { seed: 5, numRuns: 200 })) {
    assert.ok(U.check(v, '$').ok, String(v));
    assert.not.ok(Number.isSafeInteger(v), String(v));
  }
});

test('optional fields are both present and absent, never null', () => {
  const O = t.object('O', { a: t.optional(t.nullable(t.int)) });
  const values = fc.sample(arbitrary(O), { seed: 9, numRuns: 200 });
  assert.ok(values.some((o) => 'a' in o) && values.some((o) => !('a' in o)));
  assert.ok(values.every((o) => o.a !== null));
});

test('a codec no value can meet is an error naming it, not a hang', () => {
  const tooShort = t.constrain(t.email, { maxLength: 3 });
  assert.throws(() => fc.sample(arbitrary(tooShort), { seed: 1, numRuns: 1 }), /are its constraints satisfiable/);
});

test.run();
