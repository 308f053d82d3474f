// The shared table of routing cases against a live server: every endpoint answers its own name,
// so the client sees which endpoint the request reached, or the refusal the table expects.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { implement, walk } from '../../src/dsl/index.js';
import type { HandlersOf } from '../../src/dsl/index.js';
import { call, withServer } from '../helpers/server.js';
import { routeCases, routeSurface, statusOf } from '../describe/route-cases.js';

// Every handler answers its endpoint's name.
const handlers = Object.fromEntries(walk(routeSurface).map((e) => [e.name, () => e.name])) as unknown as HandlersOf<typeof routeSurface.tree>;
const impl = implement(routeSurface, handlers);

test('the live server routes every case of the shared table as the table says', async () => {
  await withServer(impl, async (s) => {
    for (const c of routeCases) {
      const r = await call(s.url, c.method, c.path);
      const what = `${c.name} (${c.method} ${c.path}): ${r.status} ${r.text}`;
      assert.is(r.status, statusOf(c.expect), what);
      const e = c.expect;
      if ('endpoint' in e && c.method !== 'HEAD') assert.is(r.text, JSON.stringify(e.endpoint), what);
      if ('methodNotAllowed' in e) assert.is(r.headers.allow, e.methodNotAllowed.join(', '), what);
      if ('badCapture' in e) assert.match(r.text, `capture ${e.badCapture}`, what);
    }
  });
});

test.run();
