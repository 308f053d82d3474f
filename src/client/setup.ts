// What a client settles once, before any call: where it sends (the base URL, checked) and what
// it accepts for each endpoint's success (the declared media types it can decode).
import type { EndpointInfo } from '../dsl/types.js';

export interface Base {
  /** `http://host:port` */
  readonly origin: string;
  /** The base URL's path without its trailing slash (`/api`), or empty. */
  readonly prefix: string;
}

/** The base URL as an origin and a path prefix; anything but an absolute http(s) URL is a TypeError. */
export function checkBaseUrl(given: unknown): Base {
  const shown = typeof given === 'string' ? JSON.stringify(given) : String(given);
  if (typeof given !== 'string' && !(given instanceof URL)) throw new TypeError(`client(): baseUrl must be an absolute http(s) URL, got ${shown}`);
  let url: URL;
  try { url = new URL(String(given)); } catch { throw new TypeError(`client(): baseUrl must be an absolute http(s) URL, got ${shown}`); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`client(): baseUrl must be an http or https URL, got ${shown}`);
  // decided: a base URL's query or fragment would be dropped or misplaced on every call, so it is refused; docs/client.md "Decisions".
  if (url.search !== '' || url.hash !== '') throw new TypeError(`client(): baseUrl may not have a query or fragment, got ${shown}`);
  if (url.username !== '' || url.password !== '') throw new TypeError('client(): baseUrl may not hold credentials; give options.credentials');
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

const DECODABLE = (type: string) => /[/+]json$/.test(type) || type === 'text/plain' || type === 'application/octet-stream' || type === 'application/x-www-form-urlencoded';

/**
 * The Accept a call sends: the success's declared types the client can decode, so that a content
 * negotiated endpoint (JSON or HTML) answers in one it reads; none when all are (the server's first).
 * decided: docs/client.md "Answers".
 */
export function acceptFor(endpoint: EndpointInfo): string | undefined {
  const media = endpoint.responses[0]?.content?.media ?? [];
  if (media.every((m) => DECODABLE(m.type))) return undefined;
  const readable = media.filter((m) => DECODABLE(m.type)).map((m) => m.type);
  return readable.length === 0 ? undefined : readable.join(', ');
}
