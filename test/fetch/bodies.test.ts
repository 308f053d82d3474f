// Bodies through the fetch handlers (the Node one and the web one, alike): a Request whose body is a ReadableStream is read as it arrives
// (and cancelled past --max-body with a 413), a streamed reply arrives item by item as a
// ReadableStream, cancelling it or aborting the request stops the handler, and an unknown method
// gets the server's own 400.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, body, get, implement, json, post } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { fetchHandler } from '../../src/fetch/index.js';
import { webFetchHandler } from '../../src/fetch/web-handler.js';
import { withServer } from '../helpers/server.js';

const Note = t.object('Note', { text: t.text });
const Echoed = t.object('Echoed', { text: t.text, length: t.int });
const surface = api('Bodies', { title: 'bodies' }, {
  echo: post('echo', body(Note)).returns(json(Echoed)),
  ticks: get('ticks').streams(json(t.int)),
  endless: get('endless').streams(json(t.int)),
  slow: get('slow').returns(json(t.int)),
  agent: get('agent').returns(json(t.text)),
});

/** Settled by the handlers, for the tests to wait on. */
let releaseTicks: () => void = () => {};
let endlessStopped: () => void = () => {};
let slowAborted: () => void = () => {};

const impl = implement(surface, {
  echo: ({ body: n }) => ({ text: n.text, length: n.text.length }),
  ticks: async function* () {
    yield 1;
    await new Promise<void>((resolve) => { releaseTicks = resolve; });
    yield 2;
  },
  endless: async function* (_input, ctx) {
    try {
      for (let i = 0; !ctx.signal.aborted; i++) {
        yield i;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      endlessStopped();
    }
  },
  slow: (_input, ctx) => new Promise<number>((_resolve, reject) => {
    ctx.signal.addEventListener('abort', () => { slowAborted(); reject(new Error('client gone')); });
  }),
  agent: (_input, ctx) => String(ctx.headers['user-agent'] ?? 'none'),
});

/** A ReadableStream of these text pieces, noting whether it was cancelled. */
function streamOf(pieces: readonly string[] | 'endless'): { stream: ReadableStream<Uint8Array>; cancelled: Promise<void> } {
  let cancelled!: () => void;
  const wasCancelled = new Promise<void>((resolve) => { cancelled = resolve; });
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (pieces === 'endless') c.enqueue(new Uint8Array(1024).fill(32));
      else if (i < pieces.length) c.enqueue(new TextEncoder().encode(pieces[i++]));
      else c.close();
    },
    cancel() { cancelled(); },
  });
  return { stream, cancelled: wasCancelled };
}

const post_ = (path: string, stream: ReadableStream<Uint8Array>) =>
  new Request(`http://api.test${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);

/** Both fetch handlers answer these alike: the Node one (the server's listener) and the web one (the pipeline alone). */
for (const [name, make] of [['fetchHandler', fetchHandler], ['webFetchHandler', webFetchHandler]] as const) {
  test(`${name}: a Request with a ReadableStream body, split mid-JSON, is read whole and answered`, async () => {
    const h = await make(impl, { log: () => {} });
    try {
      const { stream } = streamOf(['{"te', 'xt":"hel', 'lo"}']);
      const res = await h.handle(post_('/echo', stream));
      assert.is(res.status, 200);
      assert.equal(await res.json(), { text: 'hello', length: 5 });
    } finally { await h.close(); }
  });

  test(`${name}: an endless ReadableStream body -> 413 once past --max-body, and the stream is cancelled`, async () => {
    const h = await make(impl, { log: () => {}, maxBody: 4096 });
    try {
      const { stream, cancelled } = streamOf('endless');
      const res = await h.handle(post_('/echo', stream));
      assert.is(res.status, 413);
      assert.match(await res.text(), /Payload Too Large|too large/i);
      await cancelled;
    } finally { await h.close(); }
  });

  test(`${name}: a streamed reply is a ReadableStream: the first item arrives before the handler yields the next`, async () => {
    const h = await make(impl, { log: () => {} });
    try {
      const res = await h.handle(new Request('http://api.test/ticks'));
      assert.is(res.status, 200);
      assert.is(res.headers.get('transfer-encoding'), null, 'no framing header: the body is a stream');
      const reader = res.body!.getReader();
      const first = await reader.read();
      assert.is(new TextDecoder().decode(first.value), '1\n', 'the first item, while the handler still waits');
      releaseTicks();
      let rest = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        rest += new TextDecoder().decode(value);
      }
      assert.is(rest, '2\n');
    } finally { await h.close(); }
  });

  test(`${name}: cancelling a streamed reply's body stops the handler's stream`, async () => {
    const h = await make(impl, { log: () => {} });
    try {
      const stopped = new Promise<void>((resolve) => { endlessStopped = resolve; });
      const res = await h.handle(new Request('http://api.test/endless'));
      const reader = res.body!.getReader();
      await reader.read();
      await reader.cancel();
      await stopped;
    } finally { await h.close(); }
  });

  test(`${name}: aborting the request rejects with the abort reason and aborts the handler's signal`, async () => {
    const h = await make(impl, { log: () => {} });
    try {
      const aborted = new Promise<void>((resolve) => { slowAborted = resolve; });
      const controller = new AbortController();
      const answer = h.handle(new Request('http://api.test/slow', { signal: controller.signal }));
      setImmediate(() => controller.abort());
      try {
        await answer;
        assert.unreachable('an aborted request rejects');
      } catch (err) {
        assert.is((err as Error).name, 'AbortError');
      }
      await aborted;
    } finally { await h.close(); }
  });

  test(`${name}: after close, a request rejects naming the surface`, async () => {
    const h = await make(impl, { log: () => {} });
    await h.close();
    try {
      await h.handle(new Request('http://api.test/agent'));
      assert.unreachable('a closed handler answers nothing');
    } catch (err) {
      assert.match((err as Error).message, /Bodies: the fetch handler is closed/);
    }
  });
}

test('a handler sees the User-Agent the Request names, and none where it names none', async () => {
  const h = await fetchHandler(impl, { log: () => {} });
  try {
    assert.is(await (await h.handle(new Request('http://api.test/agent', { headers: { 'user-agent': 'tests/1' } }))).json(), 'tests/1');
    assert.is(await (await h.handle(new Request('http://api.test/agent'))).json(), 'none');
  } finally { await h.close(); }
});

test('a method Node\'s parser does not know gets the server\'s own 400, as over HTTP', async () => {
  const h = await fetchHandler(impl, { log: () => {} });
  try {
    const res = await h.handle(new Request('http://api.test/echo', { method: 'BREW' }));
    const over = await withServer(impl, async (s) => {
      const r = await fetch(`${s.url}/echo`, { method: 'BREW' });
      return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
    });
    assert.equal({ status: res.status, type: res.headers.get('content-type'), text: await res.text() }, over);
    assert.is(over.status, 400);
  } finally { await h.close(); }
});

test.run();
