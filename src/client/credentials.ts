// Where a client's credentials go in a request: only on endpoints whose auth or declared security
// parts ask for them, in the place and scheme those parts name (Authorization, an API key's
// header, query parameter or cookie).
import type { EndpointInfo } from '../dsl/types.js';
import type { AuthConfig } from '../dsl/auth.js';
import type { DeclaredSecurityConfig, SecurityScheme } from '../dsl/declared-security.js';

/** What a client may authenticate with; give one or several, each is used where it is accepted. */
export interface ClientCredentials {
  readonly basic?: { readonly user: string; readonly password: string };
  readonly bearer?: string;
  /** API keys by the name of their header, query parameter or cookie (or by their scheme's key in the document). */
  readonly apiKey?: Readonly<Record<string, string>>;
}

/** The credentials' share of one request. */
export interface Placement {
  readonly headers: Record<string, string>;
  readonly query: [string, string][];
  readonly cookies: string[];
}

/** Base64 of a text's UTF-8 bytes, without Node's Buffer (RFC 7617 `charset="UTF-8"`). */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const basicValue = (b: NonNullable<ClientCredentials['basic']>) => `Basic ${base64Utf8(`${b.user}:${b.password}`)}`;

/** The value a scheme takes from the credentials, or undefined when they hold none for it. */
function valueFor(s: SecurityScheme, c: ClientCredentials): string | undefined {
  if (s.type === 'apiKey') return c.apiKey?.[s.name] ?? c.apiKey?.[s.key];
  if (s.type === 'http' && s.scheme === 'basic') return c.basic && basicValue(c.basic);
  return c.bearer === undefined ? undefined : `Bearer ${c.bearer}`;
}

function place(s: SecurityScheme, value: string, out: Placement): void {
  if (s.type !== 'apiKey') out.headers.authorization = value;
  else if (s.in === 'header') out.headers[s.name.toLowerCase()] = value;
  else if (s.in === 'query') out.query.push([s.name, value]);
  else out.cookies.push(`${s.name}=${encodeURIComponent(value)}`);
}

/**
 * Where the credentials go for this endpoint. An endpoint that asks for none gets none.
 * decided: credentials are sent only where an auth or security part asks for them, Bearer before
 * Basic, the first security requirement the credentials meet in full; docs/client.md "Credentials".
 */
export function placeCredentials(endpoint: EndpointInfo, c: ClientCredentials | undefined): Placement {
  const out: Placement = { headers: {}, query: [], cookies: [] };
  if (c === undefined) return out;
  for (const part of endpoint.extensions) {
    if (part.ext.name === 'auth') {
      const { schemes } = part.config as AuthConfig;
      if (c.bearer !== undefined && schemes.includes('Bearer')) out.headers.authorization = `Bearer ${c.bearer}`;
      else if (c.basic !== undefined && schemes.includes('Basic')) out.headers.authorization = basicValue(c.basic);
    } else if (part.ext.name === 'declared-security') {
      for (const requirement of (part.config as DeclaredSecurityConfig).requirements) {
        const values = requirement.map((u) => valueFor(u.scheme, c));
        if (values.some((v) => v === undefined)) continue;
        requirement.forEach((u, i) => place(u.scheme, values[i]!, out));
        break;
      }
    }
  }
  return out;
}
