// Paging of a stateful mock's listings: the query parameters real APIs page by (a size, an offset,
// a page number, a cursor the mock handed out), read from the listing endpoint once, applied per request.
import type { Codec } from '../codec/types.js';
import type { EndpointInfo } from '../dsl/types.js';
import type { Item } from './collection-store.js';

/** A codec under its optional, nullable and recursive wrappers. */
export const unwrapped = (c: Codec<unknown>): Codec<unknown> => (c.kind === 'optional' || c.kind === 'nullable' ? unwrapped(c.inner) : c.kind === 'lazy' ? c.target() : c);

/** Query parameters that page a listing, by the names real APIs give them. */
const SIZE = /^(limit|per_?page|perPage|page_?size|pageSize|size|count|take|max_?results|maxResults|\$top|top)$/i;
const OFFSET = /^(offset|skip|start|\$skip)$/i;
const PAGE = /^(page|page_?number|pageNumber|page_?index|pageIndex)$/i;
const CURSOR = /^(cursor|after|starting_?after|page_?token|pageToken|next_?token|nextToken|continuation_?token)$/i;
/** An envelope's field that carries the next cursor: set to the next offset while items remain. */
export const NEXT = /^(next_?cursor|nextCursor|next_?page_?token|nextPageToken|next_?token|nextToken|cursor)$/i;

/** How a listing reads its paging parameters: which query names hold a size, an offset, a page, a cursor. */
export interface Paging {
  readonly size?: string; readonly offset?: string; readonly page?: string; readonly pageBase: number; readonly cursor?: string;
  /** The declared defaults of those parameters (`per_page` 30): an absent one pages by its default. */
  readonly defaults: Readonly<Record<string, unknown>>;
}

export function pagingOf(e: EndpointInfo): Paging {
  const names = e.query.filter((p) => p.mode === 'single');
  const find = (re: RegExp) => names.find((p) => re.test(p.name));
  const page = find(PAGE);
  const min = page && (unwrapped(page.codec as Codec<unknown>).schema as { minimum?: unknown }).minimum;
  const name = (p: { readonly name: string } | undefined) => p?.name;
  const defaults: Record<string, unknown> = {};
  const out: { -readonly [K in keyof Paging]: Paging[K] } = { pageBase: min === 0 ? 0 : 1, defaults };
  for (const [k, p] of [['size', find(SIZE)], ['offset', find(OFFSET)], ['page', page], ['cursor', find(CURSOR)]] as const) {
    if (!p) continue;
    out[k] = name(p);
    const d = (p.codec.schema as { default?: unknown }).default;
    if (d !== undefined) defaults[p.name] = d;
  }
  return out;
}

/** A whole number from a decoded query value (a number, or digits in text), else undefined. */
const whole = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

/**
 * The page of `items` a request asks for. decided (docs/mocking.md "Stateful collections"): a size
 * parameter (limit, per_page...) bounds the page; an offset (offset, skip), a page number (page,
 * 1-based unless its minimum is 0) or a cursor this mock handed out (the next offset, as text) moves it.
 */
export function paged(items: readonly Item[], p: Paging, given: Record<string, unknown>): { readonly items: readonly Item[]; readonly next?: number } {
  const input = (name: string) => given[name] ?? p.defaults[name];
  const size = p.size === undefined ? undefined : whole(input(p.size));
  let from = (p.offset === undefined ? undefined : whole(input(p.offset))) ?? (p.cursor === undefined ? undefined : whole(input(p.cursor))) ?? 0;
  const page = p.page === undefined ? undefined : whole(input(p.page));
  if (page !== undefined && size !== undefined) from = Math.max(0, page - p.pageBase) * size;
  const to = size === undefined ? items.length : from + size;
  const out = items.slice(from, to);
  return to < items.length ? { items: out, next: to } : { items: out };
}

