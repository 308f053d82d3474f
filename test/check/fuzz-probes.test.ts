// The fuzz probes against the predictor alone (no server): valid probes reach their handlers, and
// each fault the generator names is, at least sometimes, the refusal it is meant to provoke.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fc } from '../../src/generate/index.js';
import { api, get, header, json, walk, type Surface } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { predictor } from '../../src/describe/index.js';
import { bodyFor } from '../../src/check/replay.js';
import { probes, type Fault } from '../../src/check/fuzz/index.js';
import { registry } from '../../specs/index.js';

const MAX_BODY = 4096;
/** The status each fault is for, when it is not harmless (a bad text for a text query is valid). */
const MEANT: Partial<Record<Fault, number>> = {
  capture: 400, query: 400, header: 400, body: 400, 'content-type': 415, accept: 406, method: 405, oversize: 413, credentials: 401,
};
const SURFACES = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10'];
/** No reference surface reads a request header of its own: this one does. */
const withHeader: Surface = api('H', { title: 'a typed request header' }, { count: get('count', header('X-Count', t.int)).returns(json(t.int)) });

test('valid probes reach their handlers; each fault provokes its refusal on some reference surface', async () => {
  const seen = new Map<Fault, Set<string | number>>();
  for (const name of [...SURFACES, 'H']) {
    const surface = name === 'H' ? withHeader : (await registry[name]!.load()).surface;
    const predict = predictor(surface, { maxBody: MAX_BODY, verify: (_part, claim) => ({ ok: true, value: claim }) });
    for (const p of fc.sample(probes(walk(surface), { maxBody: MAX_BODY, credentials: 'Basic dXNlcjpwYXNz' }), { seed: 5, numRuns: 600 })) {
      const body = bodyFor(p.request);
      const headers = Object.fromEntries(Object.entries(p.request.headers ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
      const r = predict({ method: p.request.method, url: p.request.path, headers, ...(body === undefined ? {} : { body }) });
      const outcome = r.kind === 'handler' ? 'handler' : r.status;
      if (p.fault === 'valid') assert.is(outcome, 'handler', `${name}: ${JSON.stringify(p.request)} -> ${outcome}`);
      if (!seen.has(p.fault)) seen.set(p.fault, new Set());
      seen.get(p.fault)!.add(outcome);
    }
  }
  for (const [fault, status] of Object.entries(MEANT)) {
    const got = seen.get(fault as Fault);
    assert.ok(got?.has(status), `${fault} gave ${[...(got ?? [])].join(', ')}, never ${status}`);
  }
});

test.run();
