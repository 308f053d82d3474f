// The MSW adapter's public face in Node, as `api-serve/fetch/msw` (every package entry is an index
// module); the adapter itself is ../msw.ts. Importing `api-serve/fetch` alone never loads msw.
export { mswHandlers, type MswOptions } from '../msw-node.js';
export type { MswSurface } from '../msw.js';
