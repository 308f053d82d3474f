// What the Chromium page runs (bundled by esbuild for browsers, msw included): the Shelf surface,
// mocked, called through the typed client over HTTP, and through the MSW adapter with the real
// service worker (msw's setupWorker and mockServiceWorker.js) answering inside the page.
import { ClientRefusal, client } from '../../src/browser/index.js';
import { mock } from '../../src/mock/index.js';
import { mswHandlers } from '../../src/fetch/msw/browser/index.js';
import { setupWorker } from 'msw/browser';
import { surface } from './browser-surface.js';

/** The typed results of three calls and two requests the client refuses without sending. */
async function calls(baseUrl: string) {
  const sent: string[] = [];
  const c = client(surface, { baseUrl, fetch: (input, init) => { sent.push(String(input)); return fetch(input, init); } });
  const book = await c.book({ id: 7 });
  const title: string = book.body.title;
  const found = await c.search({ title: 'Emma', limit: 3 });
  const added = await c.add({ body: { id: 8, title: 'Kim', pages: 368 } });
  const refused: unknown[] = [];
  for (const attempt of [() => c.book({ id: 0 }), () => c.search({ title: 'Emma', limit: 11 })]) {
    try { await attempt(); refused.push('sent'); } catch (err) {
      refused.push(err instanceof ClientRefusal ? { status: err.status, local: err.local, message: err.message } : String(err));
    }
  }
  return { buffer: typeof (globalThis as { Buffer?: unknown }).Buffer, book: [book.status, title, book.body.pages], found: found.body.map((b) => b.title), added: added.body, refused, sent };
}

/** The page's globals this module reads (the tests' lib has no DOM types). */
interface PageGlobals { readonly navigator: { readonly serviceWorker: { readonly controller: object | null } } }

declare global {
  // eslint-disable-next-line no-var
  var overHttp: (baseUrl: string) => ReturnType<typeof calls>;
  // eslint-disable-next-line no-var
  var throughMsw: (baseUrl: string) => Promise<Awaited<ReturnType<typeof calls>> & { controlled: boolean; passedOn: string; negotiated: unknown[][] }>;
}

globalThis.overHttp = (baseUrl) => calls(baseUrl);

globalThis.throughMsw = async (baseUrl) => {
  const mocked = await mswHandlers(mock(surface), { baseUrl, log: () => {} });
  const worker = setupWorker(...mocked.handlers);
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true, onUnhandledRequest: 'bypass' });
  try {
    const out = await calls(baseUrl);
    // Outside the base URL: not the surface's, so it reaches the page's own server.
    const passedOn = await (await fetch('/elsewhere')).text();
    // Accept headers negotiated in the page: axios's default, a weighted one, and one the endpoint cannot meet.
    const accepting = async (accept: string) => {
      const r = await fetch(`${baseUrl}/books/7`, { headers: { accept } });
      return [r.status, r.headers.get('content-type')];
    };
    const negotiated = [await accepting('application/json, text/plain, */*'), await accepting('text/html;q=1, application/json;q=0.5'), await accepting('text/html, image/*')];
    return { ...out, controlled: (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller !== null, passedOn, negotiated };
  } finally {
    worker.stop();
    await mocked.close();
  }
};
