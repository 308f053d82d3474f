// Probe for bench/fresh-pairs.mjs: the bare node:http contender, in a process that has first
// loaded, prepared and warmed (in-process, stub requests) everything the bench's api-serve process
// serves (S2, S7, /orders, mock:S2). Against plain node-http it tells whether api-serve's extra CPU
// per answer comes from what the process holds (heap, compiled code) or from its request path.
const root = new URL('../..', import.meta.url).pathname;
const { prepare } = await import(`${root}dist/src/server/serve.js`);
const { openUserStore } = await import(`${root}dist/src/cli/user-directory.js`);
const S2 = await import(`${root}dist/specs/S2.js`);
const S7 = await import(`${root}dist/specs/S7.js`);
const { mock } = await import(`${root}dist/src/mock/index.js`);
const { orderSurface } = await import('../contenders/order-surface.mjs');
const { ORDER } = await import('../contenders/order-work.mjs');

const opts = { dataDir: `${root}data`, log: () => {}, users: openUserStore };
const [s2, s7, orders, mocked] = [await prepare(S2.handlers, opts), await prepare(S7.handlers, opts), await prepare(orderSurface(), opts), await prepare(mock(S2.surface), opts)];
const client = Buffer.from(JSON.stringify({ clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: 26, clientInterestedIn: ['haskell', 'mathematics'] }));
const order = Buffer.from(JSON.stringify(ORDER));
// Stub request and response objects, not the project's injector (src/server/inject.ts): its
// simulated req/res go through Node's own HTTP code, and the bare handler in such a process then
// costs 1.53x plain node-http (run 14 in bench/results/2026-11-25-fresh-pairs.txt), which measures
// the injector, not what api-serve's process holds.
const res = { statusCode: 200, headersSent: false, req: { complete: true }, setHeader() {}, end() {}, once() {}, socket: {} };
/** One request through a prepared listener, with stub request and response objects. */
async function one(p, method, url, body, extra = {}) {
  const on = {};
  const headers = body ? { 'content-type': 'application/json', 'content-length': String(body.length), host: 'x', ...extra } : { host: 'x', ...extra };
  const req = { method, url, headers, complete: true, on(ev, f) { on[ev] = f; return req; }, once(ev, f) { on[ev] = f; return req; }, off() { return req; } };
  p.listener(req, res);
  if (body) { await null; on.data?.(body); on.end?.(); }
}
for (let i = 0; i < 20000; i++) {
  await one(s2, 'GET', '/position/3/14');
  await one(s2, 'GET', '/hello?name=John%20Doe');
  await one(s2, 'GET', '/position/abc/1');
  await one(s2, 'POST', '/marketing', client);
  await one(orders, 'POST', '/orders', order);
  await one(s7, 'GET', '/colors', undefined, { range: 'name green; limit 10; order asc' });
  await one(mocked, 'GET', '/position/3/14');
}
await import('../contenders/node-http.mjs');
