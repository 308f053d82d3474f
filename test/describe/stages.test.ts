// The stage runner: a stage that waits, then waits again (two credentials of one stage checked
// one after the other), goes on only when both are verified, and stops at the first refused.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, get, json } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import type { ExtensionDescriptor } from '../../src/dsl/extension.js';
import type { ExtensionPart } from '../../src/dsl/types.js';
import { checkSurface } from '../../src/dsl/check-surface.js';
import { Router } from '../../src/describe/router.js';
import { defaultFormatters } from '../../src/describe/answer.js';
import { Exchange, runStages, type Plan } from '../../src/describe/stages.js';

/** An auth extension whose read always hands the verifier its header as a claim. */
const claimed = (name: string, header: string): ExtensionDescriptor => ({
  name, stage: 'auth', header, errors: ['unauthorized'], options: [], claims: true,
  read: (_config, headers) => ({ ok: 'claim', claim: headers[header] }),
  docs: () => ({ kind: 'none' }) as never,
});
const partOf = (ext: ExtensionDescriptor, key: string): ExtensionPart => ({ kind: 'extension', ext, key, config: {} });
const first = claimed('first', 'x-first');
const second = claimed('second', 'x-second');
const surface = api('Stages', { title: 'two waits' }, { both: get('both', partOf(first, 'a'), partOf(second, 'b')).returns(json(t.text)) });
const endpoints = checkSurface(surface);

/** A plan whose verifier answers later, accepting only the claim "good". */
const plan = (checked: string[]): Plan => ({
  router: new Router(endpoints), formatters: defaultFormatters, maxBody: 1024,
  verify: async (part, claim) => {
    checked.push(part.key);
    return claim === 'good' ? { ok: true, value: `${part.key}:${String(claim)}` } : { ok: false, refusal: { kind: 'unauthorized', message: `bad ${part.key}`, headers: { 'www-authenticate': part.ext.name } } };
  },
});
const exchange = (p: Plan, headers: Record<string, string>) =>
  new Exchange(p, { method: 'GET', url: '/both', headers, readBody: () => ({ kind: 'body', bytes: Buffer.alloc(0) }) });

test('two credentials verified later: both checked in order, both values reach the input', async () => {
  const checked: string[] = [];
  const x = exchange(plan(checked), { 'x-first': 'good', 'x-second': 'good' });
  const r = runStages(x);
  assert.instance(r, Promise);
  assert.is(await r, undefined);
  assert.equal(checked, ['a', 'b']);
  assert.equal(x.input, { a: 'a:good', b: 'b:good' });
});

test('the second credential refused: the request stops with its 401, after both were checked', async () => {
  const checked: string[] = [];
  const stopped = await runStages(exchange(plan(checked), { 'x-first': 'good', 'x-second': 'bad' }));
  assert.equal(checked, ['a', 'b']);
  assert.is(stopped?.answer.status, 401);
  assert.is(stopped?.answer.headers['www-authenticate'], 'second');
});

test('the first credential refused: the second is never checked', async () => {
  const checked: string[] = [];
  const stopped = await runStages(exchange(plan(checked), { 'x-first': 'bad', 'x-second': 'good' }));
  assert.equal(checked, ['a']);
  assert.is(stopped?.answer.status, 401);
  assert.is(stopped?.answer.headers['www-authenticate'], 'first');
});

test.run();
