// `api-docs diff` and the applicator keywords of the keyword table: adding one narrows (a request
// body breaks, a response does not), removing one widens, changing one is incomparable.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffSchemas } from '../../src/docs/diff/schema-diff.js';
import { api, json, post, body } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { contractOf, diffContracts } from '../../src/docs/diff/index.js';

const Item = t.object('Item', { name: t.text }, { extra: t.unsaid });

test('not, contains and unevaluatedProperties added, removed or changed are each one change with its effect', () => {
  const base = { type: 'object', properties: { a: { type: 'string' } } };
  assert.equal(diffSchemas(base, { ...base, not: { required: ['a'] } }).map((c) => [c.kind, c.effect]), [['not-set', 'narrows']]);
  assert.equal(diffSchemas({ allOf: [base], unevaluatedProperties: false }, { allOf: [base] }).map((c) => [c.kind, c.effect]), [['unevaluatedProperties-unset', 'widens']]);
  assert.equal(diffSchemas({ type: 'array', contains: { const: 1 } }, { type: 'array', contains: { const: 2 } }).map((c) => [c.kind, c.effect]), [['contains-changed', 'incomparable']]);
  // Closing an object by unevaluatedProperties is said once, as the object's.
  assert.equal(diffSchemas(base, { ...base, unevaluatedProperties: false }).map((c) => c.kind), ['closed']);
});

test('a request body that gains unevaluatedProperties: false breaks clients; its response gaining it does not', () => {
  const before = api('A', { title: 'a' }, { add: post('items', body(Item)).returns(json(Item)) });
  const Closed = t.keywords(Item, { unevaluatedProperties: false });
  const after = api('A', { title: 'a' }, { add: post('items', body(Closed)).returns(json(Closed)) });
  const { changes } = diffContracts(contractOf(before), contractOf(after));
  const verdicts = changes.map((c) => `${c.verdict} ${c.where}`);
  assert.ok(verdicts.some((v) => /^breaking .*request body/.test(v)), verdicts.join('\n'));
  assert.ok(verdicts.some((v) => /^compatible .*response/.test(v)), verdicts.join('\n'));
});

test.run();
