// The MSW adapter in Node (`api-serve/fetch/msw`): requests under the base URL answered by the
// Node fetch handler, the server's whole listener (middleware, CORS, a stateful mock's reset).
import type { Implementation } from '../dsl/implement.js';
import { type FetchHandlerOptions, fetchHandler } from './fetch-handler.js';
import { type MswSurface, mswAnswering, mswBaseOf } from './msw.js';

export interface MswOptions extends FetchHandlerOptions {
  /**
   * Where the surface answers, as a server would (`https://api.test`, `http://localhost:8080/v1`):
   * every request under it is the surface's, a path in it a prefix the surface's paths follow.
   */
  readonly baseUrl: string;
}

/** Prepares `impl` (as `serve` does) and gives MSW handlers answering for it under `baseUrl`. */
export async function mswHandlers(impl: Implementation, options: MswOptions): Promise<MswSurface> {
  const { baseUrl, ...rest } = options;
  const base = mswBaseOf(baseUrl);
  return mswAnswering(await fetchHandler(impl, rest), base);
}
