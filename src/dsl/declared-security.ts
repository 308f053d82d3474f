// Security an imported document declares (http basic and bearer, API keys in a header, query or
// cookie, OAuth2 and OpenID Connect): an extension that checks a credential is present in the
// place each scheme names, so a mock answers 401 where the document's server would.
import { repeatedMessage } from './credentials.js';
import type { ExtensionDescriptor, ExtensionRead, RequestHeaders } from './extension.js';
import type { ExtensionPart } from './types.js';
import { parseUrlEncoded } from '../codec/urlencoded.js';
import { cookieText } from './cookie.js';

/** One security scheme as the document names it (its key under `components.securitySchemes`). */
export type SecurityScheme =
  | { readonly key: string; readonly type: 'http'; readonly scheme: 'basic' | 'bearer'; readonly bearerFormat?: string; readonly description?: string }
  | { readonly key: string; readonly type: 'apiKey'; readonly in: 'header' | 'query' | 'cookie'; readonly name: string; readonly description?: string }
  /** Accepted as the presence of a bearer token: no flow is run, no token is verified. */
  | { readonly key: string; readonly type: 'oauth2' | 'openIdConnect'; readonly spec: Readonly<Record<string, unknown>>; readonly description?: string };

/** One security requirement: every scheme listed (with its scopes) must be satisfied. */
export type SecurityRequirement = readonly { readonly scheme: SecurityScheme; readonly scopes: readonly string[] }[];

export interface DeclaredSecurityConfig {
  /** Any one requirement satisfied lets the request through (OpenAPI's `security` array). */
  readonly requirements: readonly SecurityRequirement[];
}

/** What the handler receives: the scheme keys of the requirement met and their credentials. */
export type PresentCredentials = Readonly<Record<string, string>>;

function queryValue(url: string | undefined, name: string): string | undefined {
  const q = url?.indexOf('?') ?? -1;
  if (url === undefined || q < 0) return undefined;
  const pairs = parseUrlEncoded(url.slice(q + 1));
  return pairs.ok ? pairs.value.find(([k]) => k === name)?.[1] : undefined;
}

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The credential a scheme finds in the request, or undefined. */
function credentialOf(s: SecurityScheme, headers: RequestHeaders, url: string | undefined): string | undefined {
  if (s.type === 'apiKey') {
    const v = s.in === 'header' ? single(headers[s.name.toLowerCase()]) : s.in === 'query' ? queryValue(url, s.name) : cookieText(headers.cookie, s.name);
    return v === undefined || v === '' ? undefined : v;
  }
  const m = /^(\S+)\s+(\S+)\s*$/.exec(single(headers.authorization) ?? '');
  if (!m) return undefined;
  const wanted = s.type === 'http' && s.scheme === 'basic' ? 'basic' : 'bearer';
  return m[1]!.toLowerCase() === wanted ? m[2] : undefined;
}

/** Where a credential goes in a request and its value (undefined: left out). */
export interface CredentialPlacement { readonly in: 'header' | 'query' | 'cookie'; readonly name: string; readonly value: string | undefined }

const placed = (s: SecurityScheme, value: string | undefined): CredentialPlacement =>
  (s.type === 'apiKey' ? { in: s.in, name: s.name, value } : { in: 'header', name: 'Authorization', value });

/** A credential the scheme finds present (all a mock checks), for fuzz's requests that should pass. */
export function sampleCredential(s: SecurityScheme): CredentialPlacement {
  if (s.type === 'apiKey') return placed(s, 'sample-api-key');
  return placed(s, s.type === 'http' && s.scheme === 'basic' ? `Basic ${Buffer.from('user:pass').toString('base64')}` : 'Bearer sample-token');
}

/** Credentials the scheme refuses (left out, empty, no token, the other scheme), for fuzz's 401 probes. */
export function brokenCredentials(s: SecurityScheme): CredentialPlacement[] {
  if (s.type === 'apiKey') return [placed(s, undefined), placed(s, '')];
  const basic = s.type === 'http' && s.scheme === 'basic';
  return [placed(s, undefined), placed(s, basic ? 'Basic' : 'Bearer'), placed(s, basic ? 'Bearer sample-token' : `Basic ${Buffer.from('user:pass').toString('base64')}`)];
}

/** The `WWW-Authenticate` challenge a scheme names (API keys get an `ApiKey` one: RFC 9110 wants a challenge on every 401). */
function challenge(s: SecurityScheme): string {
  if (s.type === 'apiKey') return `ApiKey name=${JSON.stringify(s.name)}, in=${JSON.stringify(s.in)}`;
  return s.type === 'http' && s.scheme === 'basic' ? 'Basic realm="api", charset="UTF-8"' : 'Bearer realm="api"';
}

export const declaredSecurityExtension: ExtensionDescriptor<DeclaredSecurityConfig, PresentCredentials, never> = {
  name: 'declared-security',
  stage: 'auth',
  header: 'Authorization',
  errors: ['unauthorized'],
  options: [],
  read(config, headers, url): ExtensionRead<PresentCredentials> {
    // decided: a repeated Authorization is a malformed request, as for the auth combinator (docs/decisions.md "Credentials are read strictly").
    const auth = headers.authorization;
    if (Array.isArray(auth) && auth.length > 1 && config.requirements.some((r) => r.some((u) => u.scheme.type === 'http'))) {
      return { ok: false, failure: { combinator: 'Header', name: 'Authorization', message: repeatedMessage(auth.length) } };
    }
    for (const requirement of config.requirements) {
      const found: Record<string, string> = {};
      for (const { scheme } of requirement) {
        const v = credentialOf(scheme, headers, url);
        if (v === undefined) break;
        found[scheme.key] = v;
      }
      if (Object.keys(found).length === requirement.length) return { ok: true, value: found };
    }
    const schemes = [...new Map(config.requirements.flat().map((u) => [u.scheme.key, u.scheme])).values()];
    return { ok: false, refusal: { kind: 'unauthorized', message: '', headers: { 'www-authenticate': [...new Set(schemes.map(challenge))] } } };
  },
  docs: (config) => ({ kind: 'security', requirements: config.requirements }),
};

/** The part: the handler reads the credentials as `input.credentials`, or under the `key` given. */
export type DeclaredSecurityPart<K extends string = 'credentials'> = ExtensionPart<K, PresentCredentials, DeclaredSecurityConfig>;

/**
 * Requires credentials as an OpenAPI `security` array says: any one requirement, all of its
 * schemes. `key` names them in the handler's input where an operation has a parameter named
 * `credentials` already (flat.io's `/lti/credentials/{credentials}`).
 */
export function declaredSecurity<const K extends string = 'credentials'>(requirements: readonly SecurityRequirement[], options: { readonly key?: K } = {}): DeclaredSecurityPart<K> {
  if (requirements.length === 0 || requirements.some((r) => r.length === 0)) throw new TypeError('declaredSecurity(): every requirement names at least one scheme');
  const key = (options.key ?? 'credentials') as K;
  if (typeof key !== 'string' || key === '') throw new TypeError('declaredSecurity(): key must be a non-empty name');
  return { kind: 'extension', ext: declaredSecurityExtension, key, config: { requirements } };
}
