// Extensions (authentication, Range pagination, any new request part) as typed descriptors: each
// names its stage, the errors it adds, what the request alone tells (pure, so the predictor and
// the docs can read it), its docs facet and the options a server takes for it.
import type { ParseFailure } from './formatters.js';
import type { ErrorKind, Refusal } from './errors.js';
import type { RangeField } from '../codec/range-header.js';
import type { JsonSchema, TextForm } from '../codec/types.js';
import type { SecurityRequirement } from './declared-security.js';

export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** What an extension makes of a request: the handler's input value, or why not. */
export type ExtensionRead<V> =
  | { readonly ok: true; readonly value: V; readonly headers?: Readonly<Record<string, string | readonly string[]>> }
  /** Answered as it is (a 401 with its challenges). */
  | { readonly ok: false; readonly refusal: Refusal }
  /** A header that does not parse: answered through the surface's header-parse formatter (400). */
  | { readonly ok: false; readonly failure: ParseFailure };

/** The request alone cannot decide: a runtime (a user directory, a key) must verify the claim. */
export interface ExtensionClaim<C> {
  readonly ok: 'claim';
  readonly claim: C;
}

/** What the docs (Markdown, OpenAPI) know of an extension part. */
export type DocFacet =
  | {
    readonly kind: 'auth'; readonly schemes: readonly ('Bearer' | 'Basic')[]; readonly realm: string;
    /** The cookies a reply authenticated by Basic credentials sets (`Set-Cookie`), by name. */
    readonly sessionCookies: readonly { readonly name: string; readonly attributes: string; readonly description: string }[];
  }
  | {
    readonly kind: 'range';
    readonly fields: readonly RangeField[];
    /** The `Range` request header's grammar. */
    readonly format: string;
    /** The same grammar as a regular expression (OpenAPI `pattern`). */
    readonly pattern: string;
    /** The headers a paginated response carries. */
    readonly responseHeaders: readonly { readonly name: string; readonly type: 'integer' | 'string'; readonly description: string }[];
  }
  /** Security an imported document declares (OpenAPI's `security`: any one requirement, all its schemes). */
  | { readonly kind: 'security'; readonly requirements: readonly SecurityRequirement[] }
  /** A request cookie (OpenAPI's `in: cookie` parameter). */
  | {
    readonly kind: 'cookie'; readonly name: string; readonly label: string; readonly schema: JsonSchema; readonly description?: string;
    readonly required?: boolean;
    /** How the value is written when not as its type's own text (JSON text). */
    readonly form?: TextForm;
  };

/** A command-line option a server takes for this extension (`--token-ttl`); the runtime reads it from `ServeEnv.options`. */
export interface ExtensionOption {
  /** As commander writes it: `--token-ttl <duration>`; the runtime's key is its camel case (`tokenTtl`). */
  readonly flag: string;
  readonly description: string;
  readonly default?: string;
  /** Why a value is refused (the command line says it, exit 2), or undefined when it is fine. */
  check?(value: string): string | undefined;
}

/**
 * The defaults are `any` so that a bare `ExtensionDescriptor` (a registry of runtimes, a list of
 * parts) holds descriptors of every config, value and claim: each appears where the descriptor
 * reads and where it writes, so no `unknown` instance would admit them.
 */
export interface ExtensionDescriptor<Config = any, Value = any, Claim = any> {
  readonly name: string;
  /** `auth` runs after the method check (401); `header` with the other headers (400). */
  readonly stage: 'auth' | 'header';
  /** The request header it reads (`Authorization`, `Range`). */
  readonly header: string;
  /** The protocol errors this extension can add to an endpoint. */
  readonly errors: readonly ErrorKind[];
  readonly options: readonly ExtensionOption[];
  /** Its read may return a claim: a server must have a runtime for it to serve the surface. */
  readonly claims?: true;
  /** Pure: what the request's headers (and, for an API key in the query, its target) alone decide. */
  read(config: Config, headers: RequestHeaders, url?: string): ExtensionRead<Value> | ExtensionClaim<Claim>;
  docs(config: Config): DocFacet;
}
