// Served.replace (what `--watch` reloads through) when the new surface cannot start: the last good
// surface goes on answering, also when it had to be closed for the new one to try and then cannot
// start again at once (its store away): 503s saying so, then the last good surface once it can.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, get, implement, json } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { serve } from '../../src/server/index.js';
import { call } from '../helpers/server.js';
import { eventually } from '../helpers/pg.js';

const surface = api('Held', { title: 'a surface holding one resource' }, {
  who: get('who').returns(json(t.text)),
});

/**
 * A resource one surface at a time may hold (as a store's lock file is), which can also be made
 * unavailable (as a database that went away).
 */
function resource() {
  const r = { heldBy: undefined as string | undefined, away: false, opens: 0 };
  const impl = (name: string, broken = false) => implement(surface, (env) => {
    r.opens++;
    if (broken) throw new Error(`${name} does not start`);
    if (r.away) throw new Error('the resource is away');
    if (r.heldBy !== undefined) throw new Error(`the resource is held by ${r.heldBy}`);
    r.heldBy = name;
    env.onClose(() => { r.heldBy = undefined; });
    return { who: () => name };
  });
  return { r, impl };
}

test('a new surface that needs what the old one holds replaces it (the old one is closed for it)', async () => {
  const { r, impl } = resource();
  const lines: string[] = [];
  const s = await serve(impl('first'), { port: 0, log: (l) => lines.push(l) });
  try {
    assert.equal(await s.replace(impl('second')), []);
    assert.is((await call(s.url, 'GET', '/who')).json(), 'second');
    assert.is(r.heldBy, 'second');
  } finally { await s.close(); }
  assert.is(r.heldBy, undefined, 'closing the server closes what answers');
});

test('a new surface that cannot start: the replace fails and the last good surface answers', async () => {
  const { impl } = resource();
  const s = await serve(impl('first'), { port: 0, log: () => {} });
  try {
    const err = await s.replace(impl('second', true)).then(() => undefined, (e: Error) => e);
    assert.match(err?.message ?? '', /second does not start/);
    const r = await call(s.url, 'GET', '/who');
    assert.equal([r.status, r.json()], [200, 'first']);
  } finally { await s.close(); }
});

test('the last good surface cannot start again after a failed reload: 503 saying why, logged, then it answers again once it can', async () => {
  const { r, impl } = resource();
  const lines: string[] = [];
  const s = await serve(impl('first'), { port: 0, log: (l) => lines.push(l) });
  try {
    const broken = implement(surface, () => {
      // The new surface fails, and by then the resource has gone away for the old one too.
      r.away = true;
      throw new Error('second does not start');
    });
    const err = await s.replace(broken).then(() => undefined, (e: Error) => e);
    assert.match(err?.message ?? '', /second does not start/);
    const during = await call(s.url, 'GET', '/who');
    assert.is(during.status, 503, 'not a closed surface answering, nor a hang');
    assert.match(during.text, /^Service Unavailable: the last good surface could not start again after a failed reload \(second does not start\); retrying$/);
    assert.ok(lines.some((l) => /^Held: the last good surface could not start again after a failed reload \(the resource is away\); answering 503 and retrying$/.test(l)), lines.join('\n'));
    r.away = false;
    await eventually('the last good surface answers again', async () => (await call(s.url, 'GET', '/who')).status === 200, 15_000);
    assert.is((await call(s.url, 'GET', '/who')).json(), 'first');
    assert.ok(lines.some((l) => l === 'Held: the last good surface answers again'), lines.join('\n'));
    // A good reload after all that is served as usual.
    await s.replace(impl('third'));
    assert.is((await call(s.url, 'GET', '/who')).json(), 'third');
  } finally { await s.close(); }
  assert.is(r.heldBy, undefined);
});

test('while the server is closed during a failing restart, the retries stop and nothing is left open', async () => {
  const { r, impl } = resource();
  const s = await serve(impl('first'), { port: 0, log: () => {} });
  const broken = implement(surface, () => { r.away = true; throw new Error('broken'); });
  await s.replace(broken).catch(() => undefined);
  await s.close();
  const opens = r.opens;
  r.away = false;
  await new Promise((resolve) => setTimeout(resolve, 600));
  assert.is(r.opens, opens, 'no restart attempt after close');
  assert.is(r.heldBy, undefined);
});

test.run();
