// The fetch interpreter's public face, as `api-serve/fetch`: a surface as `(Request) => Promise<Response>`.
// The MSW adapter is its own entry (`api-serve/fetch/msw`), so importing this one never loads msw.
export { fetchHandler, type FetchHandler, type FetchHandlerOptions } from './fetch-handler.js';
