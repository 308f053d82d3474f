// Every difference between a JSON body and its codec, by JSON pointer (not just the first).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { t } from '../../src/codec/index.js';
import { bodyDifferences } from '../../src/check/fuzz/index.js';

const Item = t.object('Item', { id: t.int, tags: t.array(t.text), note: t.optional(t.text) });

test('a valid body has no differences', () => {
  assert.equal(bodyDifferences(Item, { id: 1, tags: ['a'] }), []);
});

test('an undeclared key, a wrong type deep in a list and a missing key are all reported, each where it is', () => {
  const d = bodyDifferences(Item, { tags: ['a', 2], extra: true, note: 'x' });
  assert.equal(d.map((x) => [x.pointer, x.keyword]), [['/id', 'required'], ['/tags/1', 'type'], ['/extra', 'additionalProperties']]);
});

test('a body of the wrong type is one difference at the root', () => {
  assert.equal(bodyDifferences(t.array(Item), { id: 1 }).map((x) => x.pointer), ['']);
});

test.run();
