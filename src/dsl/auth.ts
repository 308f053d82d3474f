// Authentication as a request part: which schemes an endpoint (or a group) accepts, the realm it
// names and the type of its users; the server's auth runtime verifies credentials against the
// user directory it is given and hands the handler the user.
import type { Codec } from '../codec/types.js';
import { int } from '../codec/scalars.js';
import { object } from '../codec/structured.js';
import type { ExtensionPart } from './types.js';
import type { ExtensionDescriptor, ExtensionRead } from './extension.js';
import { type Credentials, parseAuthorization, repeatedMessage } from './credentials.js';
import { parseDuration } from './duration.js';

export type AuthScheme = 'Bearer' | 'Basic';

/** The reference's user (S6): what an authenticated request carries unless a surface says otherwise. */
export interface AuthenticatedUser {
  readonly auID: number;
  readonly auOrgID: number;
}

/** The default user type, as a codec (a JWT's `dat` claim is checked against it). */
export const AuthenticatedUserCodec: Codec<AuthenticatedUser> = object('AuthenticatedUser', { auID: int, auOrgID: int });

export interface AuthConfig<U = unknown> {
  /** Tried in this order; Bearer is always tried before Basic. */
  readonly schemes: readonly AuthScheme[];
  readonly realm: string;
  /** The user type handlers receive and tokens carry. */
  readonly user: Codec<U>;
}

/**
 * Where a server looks users up by login and password (Basic): supplied when serving
 * (`ServeOptions.users`), so the server never depends on one store. A throw is an indeterminate
 * outcome: the request gets a 401 and the server a log line.
 */
export interface UserDirectory<U = unknown> {
  verify(login: string, password: string): Promise<U | undefined>;
}

/** What only a runtime can verify: well-formed credentials in a scheme the endpoint accepts. */
export type AuthClaim = Extract<Credentials, { kind: 'bearer' | 'basic' }>;

const quoted = (s: string) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** Why a bearer token was refused, for its RFC 6750 challenge. */
export type BearerProblem = 'expired' | 'invalid' | undefined;

/** One `WWW-Authenticate` value per accepted scheme, Bearer first (RFC 6750 error codes on a bad token). */
export function challenges(config: AuthConfig, bearer: BearerProblem = undefined): string[] {
  const realm = `realm=${quoted(config.realm)}`;
  return config.schemes.map((s: AuthScheme) => {
    if (s === 'Basic') return `Basic ${realm}, charset="UTF-8"`;
    if (bearer === undefined) return `Bearer ${realm}`;
    const description = bearer === 'expired' ? 'the token has expired' : 'the token is not valid';
    return `Bearer ${realm}, error="invalid_token", error_description=${quoted(description)}`;
  });
}

/** The 401: an empty body (as the reference's) and the challenges saying what to send. */
export function unauthorized(config: AuthConfig, bearer: BearerProblem = undefined): ExtensionRead<never> {
  // decided: 401s carry an empty body, as the reference's; see docs/decisions.md "S6 401s".
  return { ok: false, refusal: { kind: 'unauthorized', message: '', headers: { 'www-authenticate': challenges(config, bearer) } } };
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const JWT_COOKIE = 'JWT-Cookie';

/** The cookies a Basic-authenticated reply sets, XSRF first, as servant-auth sends them (the server writes them). */
export const SESSION_COOKIES = [
  { name: XSRF_COOKIE, attributes: 'Path=/; Secure; SameSite=Lax', description: 'A random XSRF token, readable by scripts.' },
  { name: JWT_COOKIE, attributes: 'Path=/; HttpOnly; Secure; SameSite=Lax', description: 'The JWT a later request may send as `Authorization: Bearer`.' },
] as const;

/**
 * The `auth` extension: the request alone decides a 401 for missing, malformed or unaccepted
 * credentials; well-formed ones are a claim the server's auth runtime verifies.
 */
export const authExtension: ExtensionDescriptor<AuthConfig, unknown, AuthClaim> = {
  name: 'auth',
  stage: 'auth',
  header: 'Authorization',
  errors: ['unauthorized', 'overloaded'],
  claims: true,
  options: [
    { flag: '--jwt-secret-file <file>', description: 'auth: the JWT signing secret, at least 32 bytes (else API_SERVE_JWT_SECRET, else one generated into --data)' },
    {
      flag: '--token-ttl <duration>', description: 'auth: how long issued JWTs stay valid (900, 15m, 1h, 7d)', default: '1h',
      check: (v) => (parseDuration(v) === undefined ? 'expected a duration from 1s to 366d, like 900, 15m, 1h or 7d' : undefined),
    },
    {
      flag: '--hash-concurrency <n>', description: 'auth: Basic password checks (scrypt) run at once', default: '2',
      check: (v) => (/^[1-9]\d{0,5}$/.test(v) ? undefined : 'expected a whole number from 1 to 999999'),
    },
    {
      flag: '--hash-queue <n>', description: 'auth: Basic password checks waiting their turn; past them a 503 with Retry-After', default: '64',
      check: (v) => (/^(0|[1-9]\d{0,5})$/.test(v) ? undefined : 'expected a whole number from 0 to 999999'),
    },
  ],
  read(config, headers) {
    const creds = parseAuthorization(headers.authorization);
    // decided: a repeated Authorization is a malformed request, not a wrong credential: a 400 at the
    // auth stage through the header-parse formatter (docs/decisions.md "Credentials are read strictly").
    if (creds.kind === 'repeated') return { ok: false, failure: { combinator: 'Header', name: 'Authorization', message: repeatedMessage(creds.count) } };
    if (creds.kind === 'bearer' && config.schemes.includes('Bearer')) return { ok: 'claim', claim: creds };
    if (creds.kind === 'basic' && config.schemes.includes('Basic')) return { ok: 'claim', claim: creds };
    return unauthorized(config);
  },
  docs: (config) => ({ kind: 'auth', schemes: config.schemes, realm: config.realm, sessionCookies: config.schemes.includes('Basic') ? SESSION_COOKIES : [] }),
};

/** The part `auth(...)` builds: the handler receives the user as `input.user`. */
export type AuthPart<U = AuthenticatedUser> = ExtensionPart<'user', U, AuthConfig<U>>;

/**
 * Accepts credentials in any of the given schemes: `auth(['Bearer', 'Basic'], 'test')`. Put it in
 * a group's prefix to protect several endpoints. Failures are 401 with `WWW-Authenticate`. The
 * users are `AuthenticatedUser`s unless `{ user: codec }` gives their type.
 */
export function auth<U = AuthenticatedUser>(schemes: readonly AuthScheme[], realm: string, options?: { readonly user?: Codec<U> }): AuthPart<U> {
  const unique = [...new Set(schemes)];
  if (unique.length === 0) throw new TypeError('auth(): give at least one scheme (Bearer, Basic)');
  for (const s of unique) if (s !== 'Bearer' && s !== 'Basic') throw new TypeError(`auth(): unknown scheme ${JSON.stringify(s)} (Bearer, Basic)`);
  if (/[\u0000-\u001f\u007f]/.test(realm)) throw new TypeError('auth(): the realm may not contain control characters');
  const ordered = unique.includes('Bearer') ? ['Bearer' as const, ...unique.filter((s) => s !== 'Bearer')] : unique;
  const user = (options?.user ?? AuthenticatedUserCodec) as Codec<U>;
  return { kind: 'extension', ext: authExtension as ExtensionDescriptor<AuthConfig<U>, U, AuthClaim>, key: 'user', config: { schemes: ordered, realm, user } };
}

/** HTTP basic credentials against the user store, naming a realm: `basicAuth("People's websites")`. */
export function basicAuth<U = AuthenticatedUser>(realm: string, options?: { readonly user?: Codec<U> }): AuthPart<U> {
  return auth(['Basic'], realm, options);
}

/** A JWT bearer token only (as issued in the `JWT-Cookie` of a basic-authenticated reply). */
export function bearerAuth<U = AuthenticatedUser>(realm: string, options?: { readonly user?: Codec<U> }): AuthPart<U> {
  return auth(['Bearer'], realm, options);
}
