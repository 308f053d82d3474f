// The mock interpreter on every reference surface, handlers set aside: generated requests go to
// the predictor and to the mocked server over HTTP. A predicted refusal is answered with exactly
// that status and message; a request that reaches the handler stage gets a declared response whose
// body its own codec accepts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { walk, type EndpointInfo } from '../../src/dsl/index.js';
import { predictor } from '../../src/describe/index.js';
import { mock } from '../../src/mock/index.js';
import { registry } from '../../specs/index.js';
import { sendPredicted, verifyDemoUser } from '../describe/live-exchange.js';
import { withServer } from '../helpers/server.js';
import { generateRequest, random } from '../describe/request-generator.js';

const SURFACES = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10'];
const PER_SURFACE = 150;
const MAX_BODY = 2048;



/** Why a mocked answer does not conform to the endpoint's declared response, or undefined. */
function nonConformance(e: EndpointInfo, method: string, live: { status: number; headers: Record<string, unknown>; text: string }): string | undefined {
  const spec = e.responses.find((r) => r.status === live.status);
  if (!spec) return `status ${live.status} is not declared (${e.responses.map((r) => r.status).join(', ')})`;
  if (!spec.content || method === 'HEAD') return undefined;
  const type = String(live.headers['content-type'] ?? '');
  const media = spec.content.media.find((m) => type === m.contentType);
  if (!media) return `Content-Type ${type} is none of ${spec.content.media.map((m) => m.contentType).join(', ')}`;
  if (media.name !== 'json') return undefined;
  const values = spec.stream ? live.text.split('\n').filter((l) => l !== '') : [live.text];
  for (const v of values) {
    const r = spec.content.codec.check(JSON.parse(v), '$');
    if (!r.ok) return `body ${v.slice(0, 80)}: ${r.path ?? '$'}: ${r.error}`;
  }
  return undefined;
}

for (const name of SURFACES) {
  test(`${name} --mock: protocol errors as predicted, every other answer conforms to its declared response`, async () => {
    const { surface } = await registry[name]!.load();
    const predict = predictor(surface, { maxBody: MAX_BODY, verify: verifyDemoUser });
    const endpoints = walk(surface);
    const next = random(0xadd + name.length * 131 + name.charCodeAt(name.length - 1));
    let handled = 0;
    await withServer(mock(surface), async (s) => {
      for (let i = 0; i < PER_SURFACE; i++) {
        const req = generateRequest(next, endpoints, MAX_BODY);
        const p = predict(req);
        const live = await sendPredicted(s.url, req);
        const what = `${name} #${i} ${req.method} ${req.url}: predicted ${p.kind}${p.kind === 'handler' ? '' : ` ${p.status}`}, mocked ${live.status} ${live.text.slice(0, 100)}`;
        assert.ok(live.status < 500, what);
        if (p.kind !== 'handler') {
          assert.is(live.status, p.status, what);
          if (req.method !== 'HEAD' && p.body !== undefined) assert.is(live.text, String(p.body), `${what}: message`);
          continue;
        }
        // A 401 after the description's checks is the user directory's verdict, not the mock's.
        if (live.status === 401) continue;
        handled++;
        const why = nonConformance(p.endpoint, req.method, live as never);
        assert.is(why, undefined, `${what}: ${why}`);
      }
    }, { maxBody: MAX_BODY });
    assert.ok(handled > PER_SURFACE / 20, `${name}: only ${handled} answers reached the mock`);
  });
}

test.run();
