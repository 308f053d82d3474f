// The mock interpreter on every reference surface, handlers set aside: generated requests aimed at
// each endpoint go to the predictor and to the mocked server over HTTP. A predicted refusal is
// answered with exactly that status and message; a request that reaches the handler stage gets a
// declared response whose body its own codec accepts; every endpoint answers at least once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registry } from '../../specs/index.js';
import { verifyDemoUser } from '../describe/live-exchange.js';
import { mockVersusPredictor } from './mock-vs-predictor.js';

const SURFACES = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10'];

for (const name of SURFACES) {
  test(`${name} --mock: every endpoint answers, protocol errors as predicted, every other answer conforms to its declared response`, async () => {
    const { surface } = await registry[name]!.load();
    const r = await mockVersusPredictor(surface, { seed: 0xadd + name.length * 131 + name.charCodeAt(name.length - 1), perEndpoint: 20, maxBody: 2048, verify: verifyDemoUser });
    assert.equal(r.problems, [], r.problems.slice(0, 5).join('\n'));
    assert.equal(r.unanswered, [], `endpoints never answered by the mock: ${r.unanswered.join(', ')}`);
  });
}

test.run();
