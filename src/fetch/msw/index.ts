// The MSW adapter's public face, as `api-serve/fetch/msw` (every package entry is an index module);
// the adapter itself is ../msw.ts. Importing `api-serve/fetch` alone never loads msw.
export { mswHandlers, type MswOptions, type MswSurface } from '../msw.js';
