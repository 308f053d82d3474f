// The pages of a listing a stateful sequence reads to see every item: a listing that pages by a page
// number or an offset (page, offset, skip...: the names the stateful mock pages by, mock/paging.ts)
// shows one page per request, so "created and not listed" is judged over all of its pages.
import type { EndpointInfo } from '../../dsl/types.js';
import { pagingOf } from '../../mock/paging.js';

/** At most this many pages are read per listing: a server that never ends its listing still ends the check. */
export const MAX_PAGES = 20;

/**
 * The path of the page after `pages` pages of `seen` items in all, the first one `firstLength`
 * long, or undefined when the listing does not page that way or the last page was short (the end).
 */
export function nextPagePath(list: EndpointInfo, path: string, pages: number, seen: number, lastLength: number, firstLength: number): string | undefined {
  if (pages >= MAX_PAGES || lastLength === 0 || lastLength < firstLength) return undefined;
  const p = pagingOf(list);
  const join = (name: string, value: number) => `${path}${path.includes('?') ? '&' : '?'}${encodeURIComponent(name)}=${value}`;
  if (p.page !== undefined) return join(p.page, p.pageBase + pages);
  if (p.offset !== undefined) return join(p.offset, seen);
  return undefined;
}
