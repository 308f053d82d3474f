// The predictor agrees with the live server: for each of the ten reference surfaces, generated
// requests go both to the predictor (the description alone) and to the real server over HTTP.
// A predicted refusal must be answered with exactly that status (and Allow, and a challenge for a
// 401); a request predicted to reach its handler must get no protocol refusal and no 5xx.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { authExtension, walk } from '../../src/dsl/index.js';
import { predictor } from '../../src/describe/index.js';
import { registry } from '../../specs/index.js';
import { sendPredicted, verifyDemoUser } from './live-exchange.js';
import { withServer } from '../helpers/server.js';
import { generateRequest, random } from './request-generator.js';

const SURFACES = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10'];
const PER_SURFACE = 300;
const MAX_BODY = 2048;
/** Statuses only a protocol stage answers on these surfaces. */
const PROTOCOL_ONLY = new Set([405, 406, 413, 415]);



for (const name of SURFACES) {
  test(`${name}: the predictor and the live server agree on ${PER_SURFACE} generated requests`, async () => {
    const { surface, handlers } = await registry[name]!.load();
    const predict = predictor(surface, { maxBody: MAX_BODY, verify: verifyDemoUser });
    const endpoints = walk(surface);
    const next = random(0x5eed + name.length * 7919 + name.charCodeAt(name.length - 1));
    const counts = new Map<string, number>();
    await withServer(handlers, async (s) => {
      for (let i = 0; i < PER_SURFACE; i++) {
        const req = generateRequest(next, endpoints, MAX_BODY);
        const p = predict(req);
        const live = await sendPredicted(s.url, req);
        const what = `${name} #${i} ${req.method} ${req.url} ${JSON.stringify(req.headers)} body ${JSON.stringify(req.body)?.slice(0, 80)}: predicted ${p.kind}${p.kind === 'handler' ? '' : ` ${p.status}`}, live ${live.status}`;
        counts.set(p.kind, (counts.get(p.kind) ?? 0) + 1);
        assert.ok(live.status < 500, what);
        if (p.kind === 'handler') {
          assert.not.ok(PROTOCOL_ONLY.has(live.status), what);
          if (live.status === 401) assert.ok(p.endpoint.responses.some((x) => x.status === 401), what);
          continue;
        }
        assert.is(live.status, p.status, what);
        assert.is(live.headers.allow, p.headers.allow, `${what}: Allow`);
        if (p.status === 401) assert.ok(live.headers['www-authenticate'] !== undefined, `${what}: WWW-Authenticate`);
      }
    }, { maxBody: MAX_BODY });
    // The generator must reach both the handlers and the refusals, or the comparison proves little.
    assert.ok((counts.get('handler') ?? 0) > PER_SURFACE / 20, `${name}: ${JSON.stringify([...counts])}`);
    assert.ok(counts.size >= 3, `${name}: ${JSON.stringify([...counts])}`);
  });
}

test('the verifier used here refuses what S6 refuses (it is the auth descriptor\'s own 401)', () => {
  const r = verifyDemoUser({ config: { schemes: ['Basic'], realm: 'x' } }, { kind: 'basic', login: 'user', password: 'nope' });
  assert.is(r.ok, false);
  assert.is(authExtension.name, 'auth');
});

test.run();
