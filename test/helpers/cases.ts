// Runs a table of HTTP cases against one surface as a uvu suite, in-process (inject: the real
// listener and pipeline, no socket).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Implementation } from '../../src/dsl/index.js';
import type { ServeOptions } from '../../src/server/index.js';
import { type Case, type Running, call, startInProcess } from './server.js';

export function caseSuite(title: string, impl: Implementation, cases: readonly Case[], options: ServeOptions = {}): void {
  const s = suite<{ server?: Running }>(title, {});
  s.before(async (ctx) => { ctx.server = await startInProcess(impl, options); });
  s.after(async (ctx) => { await ctx.server?.close(); });
  for (const c of cases) {
    s(c.name, async (ctx) => {
      const r = await call(ctx.server!.url, c.method, c.url, { ...(c.headers ? { headers: c.headers } : {}), ...(c.body === undefined ? {} : { body: c.body }) });
      assert.is(r.status, c.status, `status of ${c.method} ${c.url}: ${r.text}`);
      if (c.text !== undefined) assert.is(r.text, c.text);
      if (c.json !== undefined) assert.equal(r.json(), c.json);
      for (const [k, v] of Object.entries(c.expectHeaders ?? {})) {
        const got = r.headers[k.toLowerCase()];
        // A repeated header (two WWW-Authenticate challenges) compares as its comma-joined list.
        assert.is(Array.isArray(got) ? got.join(', ') : got, v, `header ${k}`);
      }
    });
  }
  s.run();
}

/** Shorthands for the media types tests send. */
export const JSON_BODY = { 'content-type': 'application/json' };
export const FORM_BODY = { 'content-type': 'application/x-www-form-urlencoded' };
export const JSON_TYPE = 'application/json;charset=utf-8';
export const TEXT_TYPE = 'text/plain;charset=utf-8';
