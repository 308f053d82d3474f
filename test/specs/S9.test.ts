// S9 over real HTTP: S2's endpoints answer JSON as in S2; every request they do not handle (another
// path, another method, a capture or path that does not decode) answers 200 text/plain with S2's
// Markdown, introduction first, the same bytes as `api-docs S2 --intro`.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentation, handlers, intro } from '../../specs/S9.js';
import { surface as S2 } from '../../specs/S2.js';
import { docModel, renderMarkdown } from '../../src/docs/index.js';
import { type Running, call, startInProcess} from '../helpers/server.js';
import { JSON_BODY, JSON_TYPE, TEXT_TYPE } from '../helpers/cases.js';
import { GOLDEN_DIR } from '../docs/golden-files.js';
import { runBin, spawnServe } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const S9 = suite<{ server?: Running }>('S9', {});
S9.before(async (ctx) => { ctx.server = await startInProcess(handlers); });
S9.after(async (ctx) => { await ctx.server?.close(); });

const DOC = renderMarkdown(docModel(S2, { intros: [intro] }));

S9('the served document is S2\'s Markdown with the Welcome intro (as api-docs S2 --intro renders it)', () => {
  assert.is(documentation(), DOC);
  assert.ok(DOC.startsWith("## Welcome\n\nThis is our super webservice's API.\n\nEnjoy!\n\n## GET /hello\n\n"));
  assert.is(DOC, readFileSync(join(GOLDEN_DIR, 'S9.md'), 'utf8'));
});

const unhandled: [string, string, Record<string, string>?][] = [
  ['GET', '/nope'],
  ['GET', '/'],
  ['DELETE', '/hello'],
  ['PUT', '/hello'],
  ['GET', '/marketing'],
  ['POST', '/position/1/2'],
  ['GET', '/position/abc/1'],
  ['POST', '/position/abc/1'],
  ['GET', '/position/1'],
  ['GET', '/position/1/2/3'],
  ['GET', '/position/%zz/1'],
  ['GET', '/hello/world?name=x'],
  ['POST', '/nope', { accept: 'application/json' }],
];
for (const [method, path, headers] of unhandled) {
  S9(`${method} ${path} -> 200 text/plain with the documentation`, async (ctx) => {
    const r = await call(ctx.server!.url, method, path, headers ? { headers } : {});
    assert.is(r.status, 200, r.text);
    assert.is(r.headers['content-type'], TEXT_TYPE);
    assert.is(r.text, DOC);
  });
}

S9('HEAD /nope -> 200 with the document\'s length and no body', async (ctx) => {
  const r = await call(ctx.server!.url, 'HEAD', '/nope');
  assert.is(r.status, 200);
  assert.is(r.headers['content-length'], String(Buffer.byteLength(DOC)));
  assert.is(r.text, '');
});

S9('GET /position/1/2 -> S2\'s JSON Position', async (ctx) => {
  const r = await call(ctx.server!.url, 'GET', '/position/1/2');
  assert.is(r.status, 200);
  assert.is(r.headers['content-type'], JSON_TYPE);
  assert.equal(r.json(), { xCoord: 1, yCoord: 2 });
});

S9('GET /hello?name=Alp and GET /hello -> S2\'s greetings', async (ctx) => {
  assert.equal((await call(ctx.server!.url, 'GET', '/hello?name=Alp')).json(), { msg: 'Hello, Alp' });
  assert.equal((await call(ctx.server!.url, 'GET', '/hello')).json(), { msg: 'Hello, anonymous coward' });
});

S9('POST /marketing (JSON and form) -> S2\'s Email', async (ctx) => {
  const alp = { clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: 26, clientInterestedIn: ['haskell', 'mathematics'] };
  const fromJson = await call(ctx.server!.url, 'POST', '/marketing', { headers: JSON_BODY, body: JSON.stringify(alp) });
  assert.is(fromJson.status, 200);
  assert.equal((fromJson.json() as { subject: string }).subject, 'Hey Alp, we miss you!');
  const fromForm = await call(ctx.server!.url, 'POST', '/marketing', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'clientName=Alp&clientEmail=alp%40foo.com&clientAge=26&clientInterestedIn=haskell&clientInterestedIn=mathematics',
  });
  assert.equal(fromForm.json(), fromJson.json());
});

S9('a real endpoint\'s own bad input keeps its 4xx: a repeated query parameter, a bad body, 415, 406', async (ctx) => {
  const twice = await call(ctx.server!.url, 'GET', '/hello?name=a&name=b');
  assert.is(twice.status, 400);
  assert.is(twice.text, 'Error parsing query parameter name failed: given more than once');
  assert.is((await call(ctx.server!.url, 'POST', '/marketing', { headers: JSON_BODY, body: '{' })).status, 400);
  assert.is((await call(ctx.server!.url, 'POST', '/marketing', { headers: { 'content-type': 'text/plain' }, body: 'x' })).status, 415);
  assert.is((await call(ctx.server!.url, 'GET', '/hello', { headers: { accept: 'text/html' } })).status, 406);
});

S9('api-serve S9 serves byte for byte what api-docs S2 --intro prints', async () => {
  const dir = tempDir();
  const file = join(dir, 'intro.md');
  writeFileSync(file, "## Welcome\n\nThis is our super webservice's API.\n\nEnjoy!\n");
  const served = await spawnServe(['S9', '--port', '0', '--data', dir]);
  try {
    const printed = runBin('api-docs', ['S2', '--intro', file]);
    assert.is(printed.code, 0, printed.stderr);
    const r = await call(served.urls.S9!, 'GET', '/anything/at/all');
    assert.is(r.status, 200);
    assert.is(r.text, printed.stdout);
  } finally {
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

S9.run();
