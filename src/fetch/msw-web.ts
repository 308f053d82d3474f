// The MSW adapter without Node (`api-serve/fetch/msw/browser`): requests under the base URL answered
// by the web fetch handler, so a page's `setupWorker` mocks a surface with its exact error contract.
import type { Implementation } from '../dsl/implement.js';
import { type WebFetchHandlerOptions, webFetchHandler } from './web-handler.js';
import { type MswSurface, mswAnswering, mswBaseOf } from './msw.js';

export interface MswWebOptions extends WebFetchHandlerOptions {
  /** Where the surface answers (`https://api.test`, `/api` under the page's origin written out); see `MswOptions`. */
  readonly baseUrl: string;
}

/** Builds `impl` for the web fetch handler and gives MSW handlers answering for it under `baseUrl`. */
export async function mswWebHandlers(impl: Implementation, options: MswWebOptions): Promise<MswSurface> {
  const { baseUrl, ...rest } = options;
  const base = mswBaseOf(baseUrl);
  return mswAnswering(await webFetchHandler(impl, rest), base);
}
