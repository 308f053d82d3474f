// HAR 1.2 import: a recording from a browser's developer tools becomes one fixture file per
// exchange, by the same rules as `api-serve --record` (src/fixture/exchange.ts).
import { readFileSync } from 'node:fs';
import type { ExchangeFixture } from '../fixture/format.js';
import type { Body } from '../fixture/body.js';
import { type Exchange, fixtureOf } from '../fixture/exchange.js';
import { fileName, fileStem, fixtureFolder, writeFixture } from '../fixture/files.js';
import { validateFixture } from './fixture-validate.js';

interface HarHeader { name: string; value: string }
interface HarEntry {
  request: { method: string; url: string; headers?: HarHeader[]; postData?: { mimeType?: string; text?: string; params?: { name: string; value?: string }[]; encoding?: string } };
  response: { status: number; headers?: HarHeader[]; content?: { mimeType?: string; text?: string; encoding?: string } };
}

export class HarError extends Error {}

/** A HAR mimeType as a media type: Chrome writes x-unknown (other tools '') where there was none. */
const typeOf = (mime: string | undefined) => (mime === undefined || mime === '' || mime === 'x-unknown' ? undefined : mime);

/** A HAR text (base64 when `encoding` says so) as a body of its mimeType. */
function bodyOf(text: string, encoding: string | undefined, mime: string | undefined): Body {
  return { bytes: Buffer.from(text, encoding === 'base64' ? 'base64' : 'utf8'), type: typeOf(mime) };
}

/** A HAR entry in the fixture module's neutral terms. */
function neutral(e: HarEntry, url: URL): Exchange {
  const pairs = (hs: HarHeader[] | undefined) => (hs ?? []).map((h): [string, string] => [h.name, h.value]);
  const reqHeaders = pairs(e.request.headers);
  const pd = e.request.postData;
  // The body's type, when the recorded headers leave it out.
  if (pd?.mimeType && !reqHeaders.some(([k]) => k.toLowerCase() === 'content-type')) reqHeaders.push(['content-type', pd.mimeType]);
  const form = pd?.params && new URLSearchParams(pd.params.map((p): [string, string] => [p.name, p.value ?? ''])).toString();
  const body = pd?.text !== undefined ? bodyOf(pd.text, pd.encoding, pd.mimeType) : form ? bodyOf(form, undefined, pd?.mimeType) : undefined;
  const c = e.response.content;
  return {
    method: e.request.method, path: `${url.pathname}${url.search}`,
    requestHeaders: reqHeaders, ...(body ? { requestBody: body } : {}),
    status: e.response.status,
    responseHeaders: pairs(e.response.headers),
    ...(c?.text === undefined ? {} : { responseBody: bodyOf(c.text, c.encoding, c.mimeType) }),
  };
}

export interface Imported {
  /** File name -> fixture. */
  readonly fixtures: readonly { readonly name: string; readonly fixture: ExchangeFixture }[];
  readonly skipped: readonly string[];
}

export interface HarOptions {
  /** The fixtures' surface (default: the recorded host). */
  readonly surface?: string;
  /** The endpoint a request reaches (`users.get`), for the fixture's `endpoint`; none when unknown. */
  readonly endpoint?: (request: { readonly method: string; readonly path: string }) => string | undefined;
}

/** Converts a parsed HAR document. */
export function harToFixtures(har: unknown, options: HarOptions = {}): Imported {
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
    const x = neutral(e, url);
    const endpoint = options.endpoint?.({ method: x.method.toUpperCase(), path: x.path });
    const fixture = fixtureOf(x, { surface: options.surface ?? url.host, endpoint, seenAt: 'client' });
    const problems = validateFixture(fixture);
    if (problems.length > 0) { skipped.push(`${where}: ${problems[0]!.pointer} ${problems[0]!.message}`); return; }
    fixtures.push({ name: fileName(fixtures.length + 1, fileStem(fixture.request)), fixture });
  });
  return { fixtures, skipped };
}

/**
 * Reads FILE.har, writes the fixtures into `outDir`, numbered after the files already there (as
 * `api-serve --record` does); returns the written paths and skips.
 */
export function importHar(file: string, outDir: string, options: HarOptions = {}): { written: string[]; skipped: readonly string[] } {
  let doc: unknown;
  try { doc = JSON.parse(readFileSync(file, 'utf8')); } catch (e) { throw new HarError(`${file}: ${(e as Error).message}`); }
  const { fixtures, skipped } = harToFixtures(doc, options);
  const folder = fixtureFolder(outDir);
  const written = fixtures.map(({ fixture }) => {
    const path = folder.next(fileStem(fixture.request));
    writeFixture(path, fixture);
    return path;
  });
  return { written, skipped };
}
