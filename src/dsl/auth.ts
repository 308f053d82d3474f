// Authentication as a request part: which schemes an endpoint (or a group) accepts and the realm
// it names; the server's `auth` extension checks them and hands the handler the user.
import type { ExtensionPart } from './types.js';

export type AuthScheme = 'Bearer' | 'Basic';

/** What an authenticated request carries to its handler (and what a JWT carries). */
export interface AuthenticatedUser {
  readonly auID: number;
  readonly auOrgID: number;
}

export interface AuthConfig {
  /** Tried in this order; Bearer is always tried before Basic. */
  readonly schemes: readonly AuthScheme[];
  readonly realm: string;
}

/** The part `auth(...)` builds: the handler receives the user as `input.user`. */
export type AuthPart = ExtensionPart<'user', AuthenticatedUser, AuthConfig>;

/**
 * Accepts credentials in any of the given schemes: `auth(['Bearer', 'Basic'], 'test')`. Put it in
 * a group's prefix to protect several endpoints. Failures are 401 with `WWW-Authenticate`.
 */
export function auth(schemes: readonly AuthScheme[], realm: string): AuthPart {
  const unique = [...new Set(schemes)];
  if (unique.length === 0) throw new TypeError('auth(): give at least one scheme (Bearer, Basic)');
  for (const s of unique) if (s !== 'Bearer' && s !== 'Basic') throw new TypeError(`auth(): unknown scheme ${JSON.stringify(s)} (Bearer, Basic)`);
  if (/[\u0000-\u001f\u007f]/.test(realm)) throw new TypeError('auth(): the realm may not contain control characters');
  const ordered = unique.includes('Bearer') ? ['Bearer' as const, ...unique.filter((s) => s !== 'Bearer')] : unique;
  return { kind: 'extension', ext: 'auth', key: 'user', config: { schemes: ordered, realm } };
}

/** HTTP basic credentials against the user store, naming a realm: `basicAuth("People's websites")`. */
export function basicAuth(realm: string): AuthPart {
  return auth(['Basic'], realm);
}

/** A JWT bearer token only (as issued in the `JWT-Cookie` of a basic-authenticated reply). */
export function bearerAuth(realm: string): AuthPart {
  return auth(['Bearer'], realm);
}
