// The client rows (issue 35): CPU per call of `api-serve/client` against a hand-written fetch call
// doing the same encoding and decoding (and against the same with the client's default timeout),
// on S2's three rows, the server in a child process (so the figure is the caller's CPU alone), then
// with fetch stubbed (the callers' own work); and CPU per answer of `api-serve/fetch`'s handler
// against a fetch to the same surface served on loopback in this process (both sides' CPU counted:
// the whole in-process exchange, as a test pays for it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './stats.mjs';

// decided: no forced collection around the slices (docs/benchmark.md "The client and the fetch
// handler (issue 35)"). A gc() before every slice deoptimized about 230 functions of undici, web
// streams and both callers that held weak references, and an untimed batch after it still left
// the slices timing their recompilation: the same tree read 0.95 to 1.30 on the JSON row from run
// to run. Without it each side pays for the garbage it makes (as a caller does), a slice may pay
// for some of the one before it, and the order of the sides turning each round spreads that evenly.

const SAMPLE = { clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: 26, clientInterestedIn: ['haskell', 'mathematics'] };
const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * S2's calls as one would write them by hand over a fetch function: the URL built with
 * encodeURIComponent, the body JSON.stringify'd, content-type and accept set, the answer
 * JSON.parse'd and its shape checked (a wrong one throws, as the client's decoding would).
 */
function handWritten(base, fetchOf, { timeout } = {}) {
  // With `timeout`: abortable as the client's calls are (an AbortController, its signal given to fetch, a timer).
  const send = timeout === undefined ? fetchOf : async (url, init) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeout);
    try { return await fetchOf(url, { ...init, signal: controller.signal }); } finally { clearTimeout(timer); }
  };
  const answer = async (res, ok) => {
    const text = await res.text();
    if (res.status !== 200) throw new Error(`status ${res.status}: ${text}`);
    const v = JSON.parse(text);
    if (!ok(v)) throw new Error(`unexpected answer ${text}`);
    return v;
  };
  const accept = { accept: 'application/json' };
  const post = { 'content-type': 'application/json', accept: 'application/json' };
  return {
    position: async ({ x, y }) => answer(await send(`${base}/position/${encodeURIComponent(x)}/${encodeURIComponent(y)}`, { headers: accept }),
      (v) => isObj(v) && Number.isInteger(v.xCoord) && Number.isInteger(v.yCoord)),
    hello: async ({ name }) => answer(await send(`${base}/hello${name === undefined ? '' : `?name=${encodeURIComponent(name)}`}`, { headers: accept }),
      (v) => isObj(v) && typeof v.msg === 'string'),
    marketing: async ({ body }) => answer(await send(`${base}/marketing`, { method: 'POST', headers: post, body: JSON.stringify(body) }),
      (v) => isObj(v) && ['from', 'to', 'subject', 'body'].every((k) => typeof v[k] === 'string')),
  };
}

/** The three S2 rows: the call each side makes (the client's answer checked for its status). */
function rowsOf(sides, pairs) {
  const inputs = { position: { x: 3, y: 14 }, hello: { name: 'John Doe' }, marketing: { body: SAMPLE } };
  const labels = { position: 'S2 GET /position/3/14 (two captures)', hello: 'S2 GET /hello?name=John%20Doe (query)', marketing: 'S2 POST /marketing (JSON body)' };
  return Object.keys(inputs).map((id) => ({
    id, label: labels[id], pairs,
    sides: Object.fromEntries(Object.entries(sides).map(([name, calls]) => [name, () => calls[id](inputs[id])])),
  }));
}

/** `n` calls of `fn`, `inFlight` at a time; CPU microseconds of this process meanwhile. */
async function cpuOf(fn, n, inFlight) {
  const run = async (count) => {
    let left = count;
    const worker = async () => { while (left-- > 0) await fn(); };
    await Promise.all(Array.from({ length: inFlight }, worker));
  };
  const a = process.cpuUsage();
  await run(n);
  const b = process.cpuUsage(a);
  return b.user + b.system;
}

/**
 * Times the sides of one row: after 900 untimed calls of each, calls per slice calibrated to about
 * `sliceMs` of CPU on the first side, untimed slices until every side holds within 10% (at most
 * 4), then `rounds` rounds, the order of the sides turning each round; a round's ratio is the
 * first side's CPU per call over each other side's.
 */
async function race(row, { rounds, sliceMs, inFlight }) {
  const ids = Object.keys(row.sides);
  const first = ids[0];
  // Warmed first (the first calls of a connection pool and of the JIT cost several times the later ones), then calibrated.
  for (let i = 0; i < 3; i++) for (const id of ids) await cpuOf(row.sides[id], 300, inFlight);
  let calls = 100;
  for (let us = await cpuOf(row.sides[first], calls, inFlight); us < sliceMs * 500; us = await cpuOf(row.sides[first], calls, inFlight)) calls *= 2;
  calls = Math.max(50, Math.round(calls * sliceMs * 1000 / Math.max(1, await cpuOf(row.sides[first], calls, inFlight))));
  let warmSlices = 0;
  for (let i = 0, last = {}; i < 4; i++) {
    let steady = true;
    for (const id of ids) {
      const us = await cpuOf(row.sides[id], calls, inFlight);
      if (last[id] === undefined || Math.abs(us - last[id]) > 0.1 * last[id]) steady = false;
      last[id] = us;
    }
    warmSlices = i + 1;
    if (steady) break;
  }
  const perCall = Object.fromEntries(ids.map((id) => [id, []]));
  for (let r = 0; r < rounds; r++) {
    const order = [...ids.slice(r % ids.length), ...ids.slice(0, r % ids.length)];
    for (const id of r % 2 === 0 ? order : order.reverse()) perCall[id].push(await cpuOf(row.sides[id], calls, inFlight) / calls);
  }
  const against = (row.pairs ?? ids.slice(1).map((id) => [first, id])).map(([of, id]) => {
    const ratios = perCall[of].map((x, i) => x / perCall[id][i]);
    return { of, id, ratio: median(ratios), ratios };
  });
  return { id: row.id, label: row.label, sides: ids, calls, warmSlices, perCall, medianPerCall: Object.fromEntries(ids.map((id) => [id, median(perCall[id])])), against };
}

export async function clientScenario({ root, rounds, sliceMs, inFlight, startContender, log }) {
  const dist = (p) => import(join(root, 'dist', p));
  const [{ client }, { fetchHandler }, { serve }, s2] = await Promise.all([
    dist('src/client/index.js'), dist('src/fetch/index.js'), dist('src/server/index.js'), dist('specs/S2.js'),
  ]);
  const dataDir = mkdtempSync(join(tmpdir(), 'api-serve-bench-client-'));
  const found = { client: [], stub: [], fetch: [] };
  try {
    log('client: S2 served in a child process (its CPU is not counted)');
    const server = await startContender('api-serve S2', join(root, 'bench/contenders/api-serve.mjs'), ['S2', '--data', dataDir]);
    try {
      const base = `http://127.0.0.1:${server.ports.S2}`;
      const sides = clientSides(client, s2.surface, base, fetch);
      for (const row of rowsOf(sides, PAIRS)) {
        log(`client: ${row.id} (${rounds} rounds)`);
        found.client.push(await race(row, { rounds, sliceMs, inFlight }));
      }
    } finally {
      await server.stop();
    }
    log('client: the same calls answered by a fetch stub (no network: the callers\' own work)');
    const stubbed = stubFetch(s2.emailFor(SAMPLE));
    for (const row of rowsOf(clientSides(client, s2.surface, 'http://s2.test', stubbed), PAIRS)) {
      log(`client, fetch stub: ${row.id} (${rounds} rounds)`);
      found.stub.push(await race(row, { rounds, sliceMs, inFlight }));
    }
    log('fetch handler: S2 as fetchHandler and served on loopback, both in this process');
    const silent = { dataDir, log: () => {} };
    const handler = await fetchHandler(s2.handlers, silent);
    const served = await serve(s2.handlers, { ...silent, port: 0, host: '127.0.0.1' });
    try {
      const through = (u, init) => handler.handle(new Request(u, init));
      const rows = rowsOf({ 'fetch handler': handWritten('http://s2.test', through), 'HTTP server, fetch on loopback': handWritten(served.url.replace(/\/$/, ''), fetch) });
      for (const row of rows) {
        log(`fetch handler: ${row.id} (${rounds} rounds)`);
        found.fetch.push(await race(row, { rounds, sliceMs, inFlight }));
      }
    } finally {
      await handler.close();
      await served.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return found;
}

/**
 * The client's sides: the client as configured by default (a 30 s timeout) and with `timeout:
 * false`, each against the hand-written call doing the same (with its own 30 s timeout, or none).
 */
function clientSides(client, surface, base, fetchFn) {
  const calls = (c) => ({ position: async (i) => ok(await c.position(i)), hello: async (i) => ok(await c.hello(i)), marketing: async (i) => ok(await c.marketing(i)) });
  return {
    'api-serve/client': calls(client(surface, { baseUrl: base, fetch: fetchFn })),
    'hand-written fetch, 30 s timeout': handWritten(base, fetchFn, { timeout: 30_000 }),
    'api-serve/client, timeout: false': calls(client(surface, { baseUrl: base, fetch: fetchFn, timeout: false })),
    'hand-written fetch': handWritten(base, fetchFn),
  };
}
const PAIRS = [['api-serve/client', 'hand-written fetch, 30 s timeout'], ['api-serve/client, timeout: false', 'hand-written fetch']];

/** A fetch that answers S2's three calls at once with S2's answers, as a Response (no network, no server). */
function stubFetch(email) {
  const bodies = { position: JSON.stringify({ xCoord: 3, yCoord: 14 }), hello: JSON.stringify({ msg: 'Hello, John Doe' }), marketing: JSON.stringify(email) };
  return async (url) => {
    const body = bodies[url.slice(url.indexOf('/', 8) + 1).split(/[/?]/)[0]];
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json;charset=utf-8', 'content-length': String(Buffer.byteLength(body)) } });
  };
}

function ok(r) {
  if (r.status !== 200) throw new Error(`status ${r.status}`);
  return r.body;
}

export function clientMarkdown(result) {
  const us = (x) => x.toFixed(1);
  const table = (rows, targets = {}) => {
    const { sides, against } = rows[0];
    return [
      `| row | ${sides.map((id) => `${id} µs CPU/call`).join(' | ')} | ${against.map((a) => `${a.of} / ${a.id} (per round)`).join(' | ')} | calls per slice |`,
      `| --- | ${sides.map(() => '---:').join(' | ')} | ${against.map(() => '---').join(' | ')} | ---: |`,
      ...rows.map((r) => `| ${r.label} | ${sides.map((id) => us(r.medianPerCall[id])).join(' | ')} | ${r.against.map((a) => `**${a.ratio.toFixed(2)}**${targets[a.id] ? ` (target ${targets[a.id]})` : ''} (${a.ratios.map((x) => x.toFixed(2)).join(' ')})`).join(' | ')} | ${r.calls} |`),
    ];
  };
  return [
    `# The client and the fetch handler (${result.when})`,
    '',
    `\`${result.command}\`: ${result.rounds} rounds per row, the order of the sides turning each round, each side a slice of about ${result.sliceMs} ms CPU, ${result.inFlight} calls in flight, after untimed slices until every side held within 10%; CPU per call from process.cpuUsage around the slice; a ratio is the median of the per-round ratios. ${result.machine}.`,
    '',
    'api-serve/client against a hand-written fetch call doing the same (encodeURIComponent, JSON.stringify, content-type and accept, JSON.parse and a shape check): the client as it comes (a 30 s timeout) against the hand-written call with the same timeout (an AbortController whose signal fetch follows, a 30 s timer), and the client with `timeout: false` against the hand-written call without one; S2 served in a child process, so the figures are the caller\'s CPU alone; no forced garbage collection (each side pays for what it allocates).',
    '',
    ...table(result.client, { 'hand-written fetch': '<= 1.05', 'hand-written fetch, 30 s timeout': '<= 1.05' }),
    '',
    'The same three sides with fetch answered by a stub (a Response made at once, no network, no server): the callers\' own work alone, encoding, judging and decoding.',
    '',
    ...table(result.stub),
    '',
    'The fetch handler (api-serve/fetch, a Request in, a Response out, no socket) against fetch over loopback to `serve` on port 0, both in this process: the whole exchange\'s CPU, caller and server, the same hand-written calls on both.',
    '',
    ...table(result.fetch),
    '',
  ].join('\n');
}
