// Examples are checked against their types when a surface is documented, as when it is served.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, body, get, json, post, SurfaceError } from '../../src/dsl/index.js';
import { t, withExamples } from '../../src/codec/index.js';
import { docModel } from '../../src/docs/index.js';

const rejects = (fn: () => unknown, pattern: RegExp) => {
  try { fn(); } catch (e) {
    assert.instance(e, SurfaceError);
    assert.match((e as Error).message, pattern);
    return;
  }
  assert.unreachable('expected a SurfaceError');
};

test('a response example its type rejects stops the docs, naming the endpoint and the example', () => {
  const s = api('E', { title: 'e' }, { e: get('x').returns(json(t.object('P', { n: t.int })), { examples: [{ title: 'bad', value: { n: 'one' } as never }] }) });
  rejects(() => docModel(s), /E: GET \/x \(e\): response 200 example "bad" is not a P: \$\.n: expected integer/);
});

test('a type example its type rejects (used for a request body) stops the docs', () => {
  const C = withExamples(t.object('C', { tags: t.array(t.text) }), [{ value: { tags: [1] } as never }]);
  rejects(() => docModel(api('E', { title: 'e' }, { e: post('x', body(C)).noContent() })), /request example.*\$\.tags\[0\]/);
});

test('valid examples document fine', () => {
  const C = withExamples(t.object('C', { tags: t.array(t.text) }), [{ value: { tags: ['a'] } }]);
  assert.is(docModel(api('E', { title: 'e' }, { e: post('x', body(C)).noContent() })).endpoints[0]!.request!.examples.length, 1);
});

test.run();
