// The client in a real browser (headless Chromium), with no Buffer and no stub: the page bundles
// test/client/browser-page.ts (a surface written against api-serve/browser, api-serve/mock, the
// client, the browser MSW adapter and msw itself) and calls the mocked surface twice: over HTTP
// from a server on port 0, and through MSW's service worker answering inside the page.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { ROOT } from '../helpers/cli.js';
import { haveChromium, launchChromium } from '../helpers/browser.js';
import { withServer } from '../helpers/server.js';
import { mock } from '../../src/mock/index.js';
import { surface } from './browser-surface.js';

type Calls = Awaited<ReturnType<typeof globalThis.overHttp>>;

/** What both ways give: the typed answers of the mock, and two requests refused before any fetch. */
function assertCalls(out: Calls, baseUrl: string): void {
  assert.is(out.buffer, 'undefined', 'no Buffer in the page');
  assert.equal(out.book, [200, 'Dune', 412]);
  assert.equal(out.found, ['Emma']);
  assert.equal(out.added, { id: 8, title: 'Kim', pages: 368 });
  assert.equal(out.refused, [
    { status: 400, local: true, message: 'Error parsing capture id failed: "0" must be at least 1 (minimum 1)' },
    { status: 400, local: true, message: 'Error parsing query parameter limit failed: "11" must be at most 10 (maximum 10)' },
  ]);
  assert.equal(out.sent, [`${baseUrl}/books/7`, `${baseUrl}/search?title=Emma&limit=3`, `${baseUrl}/books`], 'the refused calls reached no fetch');
}

if (haveChromium('test/client/browser.test.ts')) {
  test('a mocked surface through the client in Chromium: over HTTP, then through MSW\'s worker in the page; typed answers, local refusals, Accept negotiated in the page', async () => {
    const bundle = await build({
      entryPoints: [join(ROOT, 'test/client/browser-page.ts')], bundle: true, platform: 'browser', format: 'iife',
      write: false, logLevel: 'silent', absWorkingDir: ROOT,
    });
    const js = bundle.outputFiles[0]!.text;
    const worker = readFileSync(join(ROOT, 'node_modules/msw/lib/mockServiceWorker.js'), 'utf8');
    // The page's own server: the page, its script, MSW's worker script, and one plain path.
    const page = createServer((req, res) => {
      if (req.url === '/client.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
      else if (req.url === '/mockServiceWorker.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(worker);
      else if (req.url === '/elsewhere') res.writeHead(200, { 'content-type': 'text/plain' }).end('the page server');
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script src="/client.js"></script>');
    });
    await new Promise<void>((ok) => page.listen(0, '127.0.0.1', ok));
    const origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    const browser = await launchChromium();
    try {
      const tab: Page = await browser.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (err) => errors.push(err.message));
      await tab.goto(`${origin}/`);
      await withServer(mock(surface), async (s) => {
        const overHttp = await tab.evaluate((url) => globalThis.overHttp(url), s.url);
        assertCalls(overHttp, s.url);
      }, { cors: '*', log: () => {} });
      // Same origin as the page, under /api: MSW's worker takes it, the page's server never sees it.
      const base = `${origin}/api`;
      const throughMsw = await tab.evaluate((url) => globalThis.throughMsw(url), base);
      assertCalls(throughMsw, base);
      assert.ok(throughMsw.controlled, 'the page was controlled by mockServiceWorker.js');
      assert.is(throughMsw.passedOn, 'the page server', 'a request outside the base URL went on to the network');
      // Negotiated in the page as in Node: axios's default Accept and a weighted one get JSON, an Accept it cannot meet a 406.
      assert.equal(throughMsw.negotiated, [[200, 'application/json;charset=utf-8'], [200, 'application/json;charset=utf-8'], [406, 'text/plain;charset=utf-8']]);
      assert.equal(errors, []);
    } finally {
      await browser.close();
      page.closeAllConnections();
      await new Promise((ok) => page.close(ok));
    }
  });
  test.run();
}
