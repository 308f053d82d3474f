// The MSW adapter without Node, as `api-serve/fetch/msw/browser`: for `setupWorker` in a page (or
// `setupServer` anywhere), answering through the web fetch handler (docs/fetch.md "MSW in a browser").
export { mswWebHandlers as mswHandlers, type MswWebOptions as MswOptions } from '../../msw-web.js';
export type { MswSurface } from '../../msw.js';
