// The shared table of routing cases (hono's common.case.test style): one surface, one list of
// requests and the endpoint or refusal each must reach. Every consumer that maps a request to an
// endpoint (the router, the live server, lint, the predictor) runs the whole table.
import { api, capture, del, get, post, put, rest } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { json } from '../../src/dsl/index.js';

export const routeSurface = api('Routes', { title: 'routing cases' }, {
  a: get('a').returns(json(t.text)),
  flag: get(capture('on', t.bool)).returns(json(t.text)),
  item: get('items', capture('id', t.int)).returns(json(t.text)),
  itemBySlug: get('items', 'by-slug', capture('slug', t.text)).returns(json(t.text)),
  putItem: put('items', capture('id', t.int)).returns(json(t.text)),
  remove: del('items', capture('id', t.int)).returns(json(t.text)),
  files: get('files', rest('path')).returns(json(t.text)),
  create: post('items').returns(json(t.text)),
  list: get('items').returns(json(t.text)),
  root: get().returns(json(t.text)),
});

export type RouteExpect =
  | { readonly endpoint: string }
  | { readonly notFound: true }
  | { readonly methodNotAllowed: readonly string[] }
  | { readonly badCapture: string }
  | { readonly badUrl: true };

export interface RouteCase {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly expect: RouteExpect;
}

export const routeCases: readonly RouteCase[] = [
  { name: 'a static route', method: 'GET', path: '/a', expect: { endpoint: 'a' } },
  { name: 'the root path', method: 'GET', path: '/', expect: { endpoint: 'root' } },
  { name: 'a static segment wins over a capture at the same place', method: 'GET', path: '/items', expect: { endpoint: 'list' } },
  { name: 'a capture decodes where no static segment takes the word', method: 'GET', path: '/true', expect: { endpoint: 'flag' } },
  { name: 'a wrong method on a static route is a 405, not a capture 400', method: 'POST', path: '/a', expect: { methodNotAllowed: ['GET', 'HEAD'] } },
  { name: 'HEAD on a static route reaches its GET endpoint', method: 'HEAD', path: '/a', expect: { endpoint: 'a' } },
  { name: 'a static route with a final slash', method: 'GET', path: '/items/', expect: { endpoint: 'list' } },
  { name: 'a wrong method on a static route beside captures is a 405 of its own methods', method: 'DELETE', path: '/items', expect: { methodNotAllowed: ['GET', 'HEAD', 'POST'] } },
  { name: 'a static route with a query string', method: 'POST', path: '/items?x=1', expect: { endpoint: 'create' } },
  { name: 'a typed capture', method: 'GET', path: '/items/42', expect: { endpoint: 'item' } },
  { name: 'a deeper static route past a capture sibling', method: 'GET', path: '/items/by-slug/hello', expect: { endpoint: 'itemBySlug' } },
  { name: 'a capture that does not decode on a reachable path is a 400 naming it', method: 'GET', path: '/items/x', expect: { badCapture: 'id' } },
  { name: 'a capture 400 comes before the method check', method: 'PATCH', path: '/items/x', expect: { badCapture: 'id' } },
  { name: 'a capture failure on a path that leads nowhere is a 404', method: 'GET', path: '/items/x/y', expect: { notFound: true } },
  { name: 'a word no boolean capture reads is a 400', method: 'GET', path: '/maybe', expect: { badCapture: 'on' } },
  { name: '405 lists every method of the path, HEAD with GET', method: 'PATCH', path: '/items/1', expect: { methodNotAllowed: ['GET', 'HEAD', 'PUT', 'DELETE'] } },
  { name: 'HEAD reaches the GET endpoint', method: 'HEAD', path: '/items/1', expect: { endpoint: 'item' } },
  { name: 'a rest capture takes the remaining segments', method: 'GET', path: '/files/a/b.txt', expect: { endpoint: 'files' } },
  { name: 'a rest capture needs at least one segment', method: 'GET', path: '/files', expect: { notFound: true } },
  { name: 'a final slash is ignored', method: 'GET', path: '/items/1/', expect: { endpoint: 'item' } },
  { name: 'an empty segment never matches a capture', method: 'GET', path: '/items//', expect: { notFound: true } },
  { name: 'a percent-escaped segment is decoded before matching', method: 'GET', path: '/%61', expect: { endpoint: 'a' } },
  { name: 'a malformed percent escape is a 400', method: 'GET', path: '/a%zz', expect: { badUrl: true } },
  { name: 'the query string is not part of the route', method: 'GET', path: '/items/7?x=1', expect: { endpoint: 'item' } },
  { name: 'a word a root capture cannot read is a 400 there', method: 'GET', path: '/nope', expect: { badCapture: 'on' } },
  { name: 'an unknown deeper path is a 404', method: 'GET', path: '/nope/deeper', expect: { notFound: true } },
];

/** The status a client sees for an expectation (every endpoint here answers 200). */
export function statusOf(e: RouteExpect): number {
  if ('endpoint' in e) return 200;
  if ('notFound' in e) return 404;
  if ('methodNotAllowed' in e) return 405;
  return 400;
}
