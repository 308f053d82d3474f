// The HTML reference rendered in headless Chromium, as a reader opens it: S2's page from
// `api-docs S2 --format html` as a file, S6's as `api-serve S6 --docs` serves it. No console error,
// no request besides the page itself, every endpoint and every example visible, the filter works.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { registry } from '../../specs/index.js';
import { docModel, type DocEndpoint } from '../../src/docs/index.js';
import { haveChromium, launchChromium } from '../helpers/browser.js';
import { runBin, spawnServe, type Spawned } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const FILE = 'test/docs/html-browser.test.ts';

if (haveChromium(FILE)) {
  const dir = tempDir('api-docs-html-');
  let browser: Browser | undefined;
  let s6: Spawned | undefined;
  test.before(async () => { browser = await launchChromium(); });
  test.after(async () => {
    await browser?.close();
    await s6?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  interface Opened { readonly page: Page; readonly errors: string[]; readonly requests: string[] }

  async function open(url: string): Promise<Opened> {
    const page = await browser!.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => { if (r.url() !== url) requests.push(r.url()); });
    await page.goto(url, { waitUntil: 'load' });
    return { page, errors, requests };
  }

  const squash = (s: string) => s.replace(/\s+/g, '');

  /** Every endpoint's section visible, with each example body (whitespace aside) visible in it. */
  async function checkEndpoints(page: Page, endpoints: readonly DocEndpoint[]): Promise<void> {
    for (const e of endpoints) {
      const section = page.locator(`section.endpoint[data-method="${e.method}"][data-path="${e.template}"]`);
      assert.is(await section.count(), 1, `${e.method} ${e.template} has one section`);
      assert.ok(await section.isVisible(), `${e.method} ${e.template} is visible`);
      assert.match(await section.locator('h2').innerText(), `${e.method} ${e.template}`);
      const bodies = [...(e.request?.examples ?? []), ...e.responses.flatMap((r) => r.content?.examples ?? [])].flatMap((x) => x.bodies.map((b) => b.text));
      const figures = section.locator('figure.example');
      assert.is(await figures.count(), bodies.length, `${e.method} ${e.template}: one figure per example body`);
      for (let i = 0; i < bodies.length; i++) {
        const figure = figures.nth(i);
        assert.ok(await figure.isVisible(), `${e.method} ${e.template}: example ${i} is visible`);
        assert.is(squash(await figure.locator('pre').innerText()), squash(bodies[i]!), `${e.method} ${e.template}: example ${i} shows its body`);
      }
    }
  }

  test('S2 as a file from api-docs --format html: no console error, no request, every endpoint and example visible', async () => {
    const r = runBin('api-docs', ['S2', '--format', 'html']);
    assert.is(r.code, 0, r.stderr);
    const file = join(dir, 'S2.html');
    writeFileSync(file, r.stdout);
    const url = pathToFileURL(file).href;
    const { page, errors, requests } = await open(url);
    try {
      const model = docModel((await registry.S2!.load()).surface);
      assert.is(model.endpoints.length, 3);
      await checkEndpoints(page, model.endpoints);
      assert.equal(errors, []);
      assert.equal(requests, []);
    } finally {
      await page.close();
    }
  });

  test('S2: typing in the filter box leaves only the matching endpoints in the list', async () => {
    const file = join(dir, 'S2.html');
    const { page, errors } = await open(pathToFileURL(file).href);
    try {
      await page.fill('#filter', 'position');
      const shown = await page.locator('nav li:visible').allInnerTexts();
      assert.equal(shown.map((s) => s.replace(/\s+/g, ' ').trim()), ['GET /position/{x}/{y}']);
      assert.not.ok(await page.locator('section.endpoint[data-path="/hello"]').isVisible());
      await page.fill('#filter', '');
      assert.is(await page.locator('nav li:visible').count(), 3);
      assert.equal(errors, []);
    } finally {
      await page.close();
    }
  });

  test('S6 as api-serve --docs serves it: no console error, no other request, every endpoint and example visible, its OpenAPI beside it', async () => {
    s6 = await spawnServe(['S6', '--port', '0', '--docs', '--data', join(dir, 'data')]);
    const base = s6.urls.S6!;
    const url = `${base}/__api-serve/docs`;
    const { page, errors, requests } = await open(url);
    try {
      const model = docModel((await registry.S6!.load()).surface);
      await checkEndpoints(page, model.endpoints);
      assert.ok(await page.locator('section.endpoint h3', { hasText: 'Authentication' }).first().isVisible());
      assert.equal(errors, []);
      assert.equal(requests, []);
      const href = await page.locator('header a').getAttribute('href');
      assert.is(href, 'openapi.json');
      const openapi = await page.request.get(new URL(href!, url).href);
      assert.is(openapi.status(), 200);
      assert.is((await openapi.json() as { openapi: string }).openapi, '3.1.0');
    } finally {
      await page.close();
    }
  });

  test.run();
}
