// HAR 1.2 import: a recording from a browser's developer tools becomes one fixture file per
// exchange. Browser noise headers are dropped; credentials become matchers or redactions.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExchangeFixture, ExpectedHeader, RequestHeaderValue, RequestSpec, ResponseSpec } from './fixture.js';
import type { Matcher } from './matchers.js';
import { validateFixture } from './fixture-validate.js';
import { setCookiePattern } from '../fixture/set-cookie.js';

interface HarHeader { name: string; value: string }
interface HarEntry {
  request: { method: string; url: string; headers?: HarHeader[]; postData?: { mimeType?: string; text?: string; params?: { name: string; value?: string }[]; encoding?: string } };
  response: { status: number; headers?: HarHeader[]; content?: { mimeType?: string; text?: string; encoding?: string } };
}

export class HarError extends Error {}

/** Request headers a browser adds on its own: not part of what the API is asked. */
const REQUEST_NOISE = new Set(['host', 'connection', 'content-length', 'accept-encoding', 'accept-language', 'user-agent', 'referer', 'origin',
  'cache-control', 'pragma', 'dnt', 'upgrade-insecure-requests', 'if-none-match', 'if-modified-since', 'priority', 'te', 'keep-alive']);
/** Response headers that change per run or per hop. */
const RESPONSE_NOISE = new Set(['date', 'server', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'etag', 'last-modified', 'age',
  'expires', 'cache-control', 'vary', 'content-encoding', 'x-powered-by', 'strict-transport-security', 'alt-svc', 'report-to', 'nel', 'via']);
const SECRET_REQUEST = new Set(['authorization', 'cookie', 'proxy-authorization']);

/** A Set-Cookie value as a matcher: the cookie's name and attributes kept, its value any. */
export const setCookieMatcher = (value: string): Matcher => ({ $match: setCookiePattern(value) });

const isJsonType = (mime: string | undefined) => mime !== undefined && /^application\/([\w.+-]+\+)?json\b/i.test(mime.split(';')[0]!.trim());
const isTextType = (mime: string | undefined) => mime !== undefined && (/^text\//i.test(mime) || isJsonType(mime) || /^application\/(x-www-form-urlencoded|xml|javascript)/i.test(mime));

function bodyOf(mime: string | undefined, text: string | undefined, encoding: string | undefined): { body?: unknown; text?: string; base64?: string } {
  if (text === undefined) return {};
  if (encoding === 'base64' && !isTextType(mime)) return { base64: text };
  const decoded = encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text;
  if (isJsonType(mime) && decoded.trim() !== '') {
    try { return { body: JSON.parse(decoded) as unknown }; } catch { /* not JSON after all: compare as text */ }
  }
  return { text: decoded };
}

function requestOf(e: HarEntry, url: URL): RequestSpec {
  const headers: Record<string, RequestHeaderValue> = {};
  for (const h of e.request.headers ?? []) {
    const name = h.name.toLowerCase();
    if (name.startsWith(':') || name.startsWith('sec-') || REQUEST_NOISE.has(name)) continue;
    headers[name] = SECRET_REQUEST.has(name) ? { $redacted: true } : h.value;
  }
  const pd = e.request.postData;
  let body: { body?: unknown; text?: string; base64?: string } = {};
  if (pd) {
    if (pd.text !== undefined) body = bodyOf(pd.mimeType, pd.text, pd.encoding);
    else if (pd.params) body = { text: new URLSearchParams(pd.params.map((p): [string, string] => [p.name, p.value ?? ''])).toString() };
    if (pd.mimeType && headers['content-type'] === undefined) headers['content-type'] = pd.mimeType;
  }
  return { method: e.request.method.toUpperCase(), path: `${url.pathname}${url.search}`, ...(Object.keys(headers).length > 0 ? { headers } : {}), ...body };
}

function responseOf(e: HarEntry): ResponseSpec {
  const headers: Record<string, ExpectedHeader> = {};
  const cookies: Matcher[] = [];
  for (const h of e.response.headers ?? []) {
    const name = h.name.toLowerCase();
    if (name.startsWith(':') || RESPONSE_NOISE.has(name) || name.startsWith('access-control-')) continue;
    if (name === 'set-cookie') cookies.push(...h.value.split('\n').filter((v) => v !== '').map(setCookieMatcher));
    else headers[name] = typeof headers[name] === 'string' ? `${headers[name] as string}, ${h.value}` : h.value;
  }
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  const c = e.response.content;
  const body = c ? bodyOf(c.mimeType, c.text, c.encoding) : {};
  return { status: e.response.status, ...(Object.keys(headers).length > 0 ? { headers } : {}), ...body };
}

const slug = (s: string) => s.replace(/\?.*$/, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase().slice(0, 60) || 'root';

export interface Imported {
  /** File name -> fixture. */
  readonly fixtures: readonly { readonly name: string; readonly fixture: ExchangeFixture }[];
  readonly skipped: readonly string[];
}

/** Converts a parsed HAR document; `surface` names the fixtures' surface (default: the host). */
export function harToFixtures(har: unknown, options: { surface?: string } = {}): Imported {
  const entries = (har as { log?: { entries?: unknown } })?.log?.entries;
  if (!Array.isArray(entries)) throw new HarError('not a HAR file: log.entries is missing');
  const fixtures: { name: string; fixture: ExchangeFixture }[] = [];
  const skipped: string[] = [];
  entries.forEach((raw: unknown, i) => {
    const e = raw as HarEntry;
    const where = `entry ${i}`;
    if (typeof e?.request?.url !== 'string' || typeof e.request.method !== 'string' || typeof e.response?.status !== 'number') {
      skipped.push(`${where}: no request method and URL, or no response status`);
      return;
    }
    let url: URL;
    try { url = new URL(e.request.url); } catch { skipped.push(`${where}: ${e.request.url} is not a URL`); return; }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') { skipped.push(`${where}: ${url.protocol} is not HTTP`); return; }
    if (e.response.status < 100) { skipped.push(`${where}: ${e.request.method} ${url.pathname} got no response (status ${e.response.status})`); return; }
    const fixture: ExchangeFixture = { surface: options.surface ?? url.host, request: requestOf(e, url), response: responseOf(e) };
    const problems = validateFixture(fixture);
    if (problems.length > 0) { skipped.push(`${where}: ${problems[0]!.pointer} ${problems[0]!.message}`); return; }
    const n = String(fixtures.length + 1).padStart(4, '0');
    fixtures.push({ name: `${n}-${fixture.request.method.toLowerCase()}-${slug(url.pathname)}.json`, fixture });
  });
  return { fixtures, skipped };
}

/** Reads FILE.har, writes the fixtures into `outDir`; returns the written paths and skips. */
export function importHar(file: string, outDir: string, options: { surface?: string } = {}): { written: string[]; skipped: readonly string[] } {
  let doc: unknown;
  try { doc = JSON.parse(readFileSync(file, 'utf8')); } catch (e) { throw new HarError(`${file}: ${(e as Error).message}`); }
  const { fixtures, skipped } = harToFixtures(doc, options);
  mkdirSync(outDir, { recursive: true });
  // Numbered after the files already there (as `api-serve --record` does): a second import into
  // the same folder adds to the first instead of overwriting it.
  const offset = readdirSync(outDir).reduce((n, f) => Math.max(n, Number(/^(\d+)-/.exec(f)?.[1] ?? 0)), 0);
  const written = fixtures.map(({ name, fixture }) => {
    const path = join(outDir, name.replace(/^\d+/, (d) => String(Number(d) + offset).padStart(4, '0')));
    writeFileSync(path, `${JSON.stringify(fixture, null, 2)}\n`);
    return path;
  });
  return { written, skipped };
}
