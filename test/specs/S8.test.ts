// S8 over real HTTP: persons as JSON or escaped HTML, myfile.txt, the user stream (flushed per
// item, stopped by a disconnect), optional typed response headers, /a and /b, and the CLI.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import http from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MISSING_FILE, Persons, handlers } from '../../specs/S8.js';
import { api, get, implement, json, reply } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { JSON_BODY, JSON_TYPE, TEXT_TYPE, caseSuite } from '../helpers/cases.js';
import { call, withServer } from '../helpers/server.js';
import { spawnServe } from '../helpers/cli.js';

const isaac = { name: 'Isaac Newton', age: 372, email: 'isaac@newton.co.uk', registration_date: '1683-03-01' };
const albert = { name: 'Albert Einstein', age: 136, email: 'ae@mc2.org', registration_date: '1905-12-01' };
const persons = [{ firstName: 'Isaac', lastName: 'Newton' }, { firstName: 'Albert', lastName: 'Einstein' }];
const table = '<table><tr><th>first name</th><th>last name</th></tr><tr><td>Isaac</td><td>Newton</td></tr><tr><td>Albert</td><td>Einstein</td></tr></table>';
const HTML_TYPE = 'text/html;charset=utf-8';
const lines = (...users: unknown[]) => users.map((u) => `${JSON.stringify(u)}\n`).join('');

caseSuite('S8', handlers, [
  { name: 'GET /persons -> JSON by default', method: 'GET', url: '/persons', status: 200, json: persons, expectHeaders: { 'content-type': JSON_TYPE } },
  { name: 'GET /persons, Accept: application/json -> JSON', method: 'GET', url: '/persons', headers: { accept: 'application/json' }, status: 200, json: persons },
  { name: 'GET /persons, Accept: text/html -> one table, th header row', method: 'GET', url: '/persons', headers: { accept: 'text/html' }, status: 200, text: table, expectHeaders: { 'content-type': HTML_TYPE } },
  { name: 'GET /persons, browser Accept -> HTML', method: 'GET', url: '/persons', headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }, status: 200, text: table },
  { name: 'GET /persons, Accept: text/html;q=0.5, application/json -> JSON (q-values)', method: 'GET', url: '/persons', headers: { accept: 'text/html;q=0.5, application/json' }, status: 200, json: persons },
  { name: 'GET /persons, Accept: text/html;charset=utf-8 (the type it writes) -> HTML', method: 'GET', url: '/persons', headers: { accept: 'text/html;charset=utf-8' }, status: 200, text: table, expectHeaders: { 'content-type': HTML_TYPE } },
  { name: 'GET /persons, Accept: application/json; charset=UTF-8 -> JSON', method: 'GET', url: '/persons', headers: { accept: 'application/json; charset=UTF-8' }, status: 200, json: persons },
  { name: 'GET /persons, Accept: application/json;charset=latin1 -> 406 (a charset it does not write)', method: 'GET', url: '/persons', headers: { accept: 'application/json;charset=latin1' }, status: 406 },
  { name: 'GET /persons, Accept: text/html;level=1 -> 406 (a parameter it does not write)', method: 'GET', url: '/persons', headers: { accept: 'text/html;level=1' }, status: 406 },
  { name: 'GET /persons, Accept: application/xml -> 406', method: 'GET', url: '/persons', headers: { accept: 'application/xml' }, status: 406 },
  { name: 'GET /myfile.txt, no file -> 404 with the custom text', method: 'GET', url: '/myfile.txt', status: 404, text: MISSING_FILE, expectHeaders: { 'content-type': TEXT_TYPE } },
  { name: 'GET /userStream -> three newline-framed users, sent as the JSON type (servant)', method: 'GET', url: '/userStream', status: 200, text: lines(isaac, albert, albert), expectHeaders: { 'content-type': JSON_TYPE } },
  { name: 'GET /userStream, Accept: application/json -> the stream', method: 'GET', url: '/userStream', headers: { accept: 'application/json' }, status: 200, text: lines(isaac, albert, albert), expectHeaders: { 'content-type': JSON_TYPE } },
  { name: 'GET /userStream, Accept: text/html -> 406', method: 'GET', url: '/userStream', headers: { accept: 'text/html' }, status: 406 },
  { name: 'GET /true -> Albert with X-An-Int: 1797', method: 'GET', url: '/true', status: 200, json: albert, expectHeaders: { 'x-an-int': '1797', 'x-a-bool': undefined } },
  { name: 'GET /TRUE -> booleans are case-insensitive', method: 'GET', url: '/TRUE', status: 200, json: albert, expectHeaders: { 'x-an-int': '1797' } },
  { name: 'GET /false -> Albert without X-An-Int', method: 'GET', url: '/false', status: 200, json: albert, expectHeaders: { 'x-an-int': undefined } },
  { name: 'GET /maybe -> 400 naming the capture', method: 'GET', url: '/maybe', status: 400, text: 'Error parsing capture withHeader failed: "maybe" is not a boolean (true or false)' },
  { name: 'POST /true -> 405 with Allow: GET, HEAD', method: 'POST', url: '/true', status: 405, expectHeaders: { allow: 'GET, HEAD' } },
  { name: 'GET /a -> 1797 (the static segment wins over the boolean capture)', method: 'GET', url: '/a', status: 200, json: 1797 },
  { name: 'POST /a -> 405, not a boolean-parse 400', method: 'POST', url: '/a', status: 405 },
  { name: 'GET /b with the JSON number 42.0 -> true', method: 'GET', url: '/b', headers: JSON_BODY, body: '42.0', status: 200, json: true },
  { name: 'GET /b with -1e3 -> true', method: 'GET', url: '/b', headers: JSON_BODY, body: '-1e3', status: 200, json: true },
  { name: 'GET /b with a JSON string -> 400', method: 'GET', url: '/b', headers: JSON_BODY, body: '"42"', status: 400, text: 'Error in $: expected number, got string "42"' },
  { name: 'GET /b with an object -> 400', method: 'GET', url: '/b', headers: JSON_BODY, body: '{"n":1}', status: 400 },
  { name: 'GET /b with broken JSON -> 400', method: 'GET', url: '/b', headers: JSON_BODY, body: '42,', status: 400 },
  { name: 'GET /b with an empty body -> 400', method: 'GET', url: '/b', headers: JSON_BODY, body: '', status: 400 },
  { name: 'GET /b without Content-Type -> 415', method: 'GET', url: '/b', body: '42', status: 415 },
  { name: 'GET /b as text/plain -> 415', method: 'GET', url: '/b', headers: { 'content-type': 'text/plain' }, body: '42', status: 415 },
  { name: 'GET /persons/x -> 404', method: 'GET', url: '/persons/x', status: 404 },
]);

const more = suite('S8 files, escaping, headers');

more('GET /myfile.txt -> the file\'s text as {"content": ...}; a directory in its place is "not there"', async () => {
  await withServer(handlers, async (s) => {
    writeFileSync(join(s.dataDir, 'myfile.txt'), 'Hello\n');
    const r = await call(s.url, 'GET', '/myfile.txt');
    assert.is(r.status, 200);
    assert.equal(r.json(), { content: 'Hello\n' });
    assert.is(r.headers['content-type'], JSON_TYPE);
  });
  await withServer(handlers, async (s) => {
    mkdirSync(join(s.dataDir, 'myfile.txt'));
    const r = await call(s.url, 'GET', '/myfile.txt');
    assert.is(r.status, 404);
    assert.is(r.text, MISSING_FILE);
  });
});

more('HTML escapes person names (a person named <script>); JSON keeps them as they are', async () => {
  const odd = [{ firstName: '<script>alert(1)</script>', lastName: 'Tom & "Jerry" \'s' }];
  const surface = api('S8-escape', { title: 'HTML escaping' }, { persons: get('persons').returns(Persons) });
  await withServer(implement(surface, { persons: () => odd }), async (s) => {
    const html = await call(s.url, 'GET', '/persons', { headers: { accept: 'text/html' } });
    assert.is(html.text, '<table><tr><th>first name</th><th>last name</th></tr>'
      + '<tr><td>&#60;script&#62;alert(1)&#60;/script&#62;</td><td>Tom &#38; &#34;Jerry&#34; &#39;s</td></tr></table>');
    assert.not.match(html.text, /<script/);
    const data = await call(s.url, 'GET', '/persons');
    assert.equal(data.json(), odd);
  });
});

more('declared optional headers render typed values: X-A-Bool: true (lower case), X-An-Int: 1797', async () => {
  const User = t.object('User', { name: t.text });
  const surface = api('S8-headers', { title: 'Typed response headers' }, {
    both: get('both').returns(json(User), { headers: { 'X-An-Int': t.int, 'X-A-Bool': t.bool } }),
  });
  await withServer(implement(surface, { both: () => reply({ body: { name: 'albert' }, headers: { 'X-A-Bool': true, 'X-An-Int': 1797 } }) }), async (s) => {
    const r = await call(s.url, 'GET', '/both');
    assert.is(r.headers['x-a-bool'], 'true');
    assert.is(r.headers['x-an-int'], '1797');
  });
});
more.run();

// ---- the stream: a slow producer the test drives, and a client that leaves mid-stream ----

const User = t.object('User', { name: t.text });
interface Gate { promise: Promise<void>; open(): void }
const gate = (): Gate => { let open!: () => void; const promise = new Promise<void>((r) => { open = r; }); return { promise, open }; };

/** GET on a raw node:http client; resolves with the response once its headers arrive. */
function rawGet(url: string): Promise<{ req: http.ClientRequest; res: http.IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => resolve({ req, res }));
    req.on('error', reject);
  });
}

/** Reads from a response until `count` newline-ended lines have arrived. */
function readLines(res: http.IncomingMessage, count: number, sofar = { text: '' }): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const parts = sofar.text.split('\n');
      if (parts.length - 1 >= count) { res.off('data', onData); res.pause(); resolve(parts.slice(0, count)); }
    };
    const onData = (d: Buffer) => { sofar.text += d.toString(); check(); };
    res.on('data', onData);
    res.once('error', reject);
    res.once('end', () => reject(new Error(`stream ended after ${sofar.text}`)));
    res.resume();
    check();
  });
}

/** Fails instead of hanging when a stream never delivers (a buffering transport would). */
const within = <T>(p: Promise<T>, what: string): Promise<T> =>
  Promise.race([p, new Promise<never>((_r, reject) => setTimeout(() => reject(new Error(`${what} did not happen within 5 s`)), 5000).unref())]);

const stream = suite('S8 stream transport');

stream('the first line reaches the client before the producer has made the second', async () => {
  const second = gate();
  let produced = 0;
  const surface = api('S8-stream', { title: 'stream' }, { users: get('users').streams(json(User)) });
  const impl = implement(surface, {
    users: async function* () {
      produced++; yield { name: 'first' };
      await second.promise;
      produced++; yield { name: 'second' };
    },
  });
  await withServer(impl, async (s) => {
    const { res } = await rawGet(`${s.url}/users`);
    assert.is(res.statusCode, 200);
    assert.is(res.headers['content-type'], JSON_TYPE);
    const buffer = { text: '' };
    assert.equal(await within(readLines(res, 1, buffer), 'the first line'), ['{"name":"first"}']);
    assert.is(produced, 1, 'the second item is not made yet: the first was flushed on its own');
    second.open();
    assert.equal(await readLines(res, 2, buffer), ['{"name":"first"}', '{"name":"second"}']);
    await new Promise((r) => { res.once('end', r); res.resume(); });
    assert.is(buffer.text, '{"name":"first"}\n{"name":"second"}\n');
  });
});

stream('a client that disconnects mid-stream stops the producer at its next item', async () => {
  // The producer makes item n only once gate n is open: the test opens one per line it receives,
  // so nothing runs ahead of the client, and every step waits on an event, never on the clock.
  const gates = [gate(), gate(), gate(), gate()];
  const stopped = gate();
  const clientGone = gate();
  let produced = 0;
  const surface = api('S8-stream', { title: 'stream' }, { users: get('users').streams(json(User)) });
  const impl = implement(surface, {
    users: async function* (_input, ctx) {
      ctx.signal.addEventListener('abort', () => clientGone.open());
      try {
        for (;;) {
          await gates[produced]!.promise;
          produced++;
          yield { name: `user ${produced}` };
        }
      } finally {
        stopped.open();
      }
    },
  });
  await withServer(impl, async (s) => {
    const { req, res } = await rawGet(`${s.url}/users`);
    const buffer = { text: '' };
    gates[0]!.open();
    assert.equal(await within(readLines(res, 1, buffer), 'the first line'), ['{"name":"user 1"}']);
    gates[1]!.open();
    assert.equal(await within(readLines(res, 2, buffer), 'the second line'), ['{"name":"user 1"}', '{"name":"user 2"}']);
    req.destroy();
    await within(clientGone.promise, 'the server noticing the client has gone');
    // The producer is waiting for item 3; let it make it: the server must not ask for a fourth.
    gates[2]!.open();
    await within(stopped.promise, 'stopping the producer');
    assert.is(produced, 3, 'the producer stopped after the item it was making when the client left');
  });
});
stream.run();

const cli = suite('S8 and S7 from the command line');
cli('api-serve S7:0 S8:0 serves both, S8 reading the shipped data directory', async () => {
  const served = await spawnServe(['S7:0', 'S8:0'], 2);
  try {
    const colors = await call(served.urls.S7!, 'GET', '/colors', { headers: { range: 'name; limit 1' } });
    assert.is(colors.status, 206);
    assert.is(colors.headers['next-range'], 'name yellowgreen;limit 1;offset 1;order desc');
    const file = await call(served.urls.S8!, 'GET', '/myfile.txt');
    assert.equal(file.json(), { content: 'Hello\n' });
    const page = await call(served.urls.S8!, 'GET', '/static/hello.txt');
    assert.is(page.status, 200);
    assert.is(page.text, 'Hello from the static directory.\n');
  } finally {
    await served.stop();
  }
});
cli.run();
