// A surface's contract with its clients, as plain data the breaking-change gate compares: per
// endpoint (method and path, captures by position), its parameters, body and responses, each with
// the JSON Schema of its codec. Read from the description (walk), never from handlers; an OpenAPI
// document becomes comparable by becoming a surface first (src/openapi/).
import type { Codec, JsonSchema } from '../../codec/types.js';
import type { CookieConfig } from '../../dsl/cookie.js';
import type { EndpointInfo, Method, Surface } from '../../dsl/types.js';
import { checkSurface } from '../../dsl/check-surface.js';
import { segmentCaptures } from '../../dsl/segment.js';
import type { DocFacet } from '../../dsl/extension.js';
import type { SecurityScheme } from '../../dsl/declared-security.js';
import { endpointErrors } from '../../describe/possible-errors.js';

export interface ContractParam {
  readonly name: string;
  readonly schema: JsonSchema;
  /** Query parameters: single, flag, list or deep (an object over keyed parameters). */
  readonly mode?: string;
  /** A request without it is refused (400). */
  readonly required?: boolean;
  /** How the value is written as text when not as its type's own (`pipeDelimited`, `json`), with `explode`. */
  readonly form?: string;
}

export interface ContractResponse {
  readonly status: number;
  /** Bare media types (`application/json`); empty for a response without a body. */
  readonly media: readonly string[];
  readonly schema?: JsonSchema;
  readonly stream: boolean;
  readonly headers: readonly ContractParam[];
}

export interface ContractEndpoint {
  /** `GET /position/{}/{}`: captures by position, since their names are not on the wire. */
  readonly key: string;
  readonly method: Method;
  /** `/position/{x}/{y}` as written in the surface. */
  readonly path: string;
  /** The endpoint's name in the surface (`users.get`). */
  readonly name: string;
  readonly captures: readonly ContractParam[];
  readonly query: readonly ContractParam[];
  readonly headers: readonly ContractParam[];
  /** Request cookies (OpenAPI `in: cookie` parameters). */
  readonly cookies: readonly ContractParam[];
  /** The accepted schemes (`Basic`, `Bearer`), when the endpoint requires credentials. */
  readonly auth?: readonly string[];
  /** A `Range` pagination facet, compared whole. */
  readonly range?: unknown;
  readonly body?: { readonly schema: JsonSchema; readonly media: readonly string[] };
  readonly responses: readonly ContractResponse[];
  /**
   * Statuses the pipeline answers for protocol reasons (400 per part, 401, 406, 415 ...) whether or
   * not the description declares them: a version that merely declares one adds nothing a client
   * could not already get (an OpenAPI document lists them; the surface it came from does not).
   * decided: docs/decisions.md "Breaking changes across forms".
   */
  readonly protocol: readonly number[];
}

export interface Contract {
  readonly surface: string;
  readonly endpoints: readonly ContractEndpoint[];
}

/** How an endpoint is matched across versions: method and path with captures by position. */
export const keyOf = (e: EndpointInfo) => `${e.method} ${e.segments.length === 0 ? '/' : e.segments.map((s) => (s.kind === 'static' ? `/${s.value}` : s.kind === 'capture' ? '/{}' : s.kind === 'mixed' ? `/${s.pieces.map((p) => (typeof p === 'string' ? p : '{}')).join('')}` : '/{...}')).join('')}`;

function facets(e: EndpointInfo): DocFacet[] {
  return e.extensions.map((x) => x.ext.docs(x.config));
}

/** A declared security scheme as the credentials a client sends (`Basic`, `apiKey header X-Key`). */
function schemeName(s: SecurityScheme): string {
  if (s.type === 'http') return s.scheme === 'basic' ? 'Basic' : 'Bearer';
  if (s.type === 'apiKey') return `apiKey ${s.in} ${s.in === 'header' ? s.name.toLowerCase() : s.name}`;
  return 'Bearer';
}

/**
 * The accepted credentials, one name per alternative: the auth extension's schemes, or the
 * requirements an imported document declares (several schemes in one requirement joined by `+`),
 * so a surface and the OpenAPI document written from it compare equal.
 */
function authOf(fs: readonly DocFacet[]): string[] | undefined {
  const auth = fs.find((f) => f.kind === 'auth');
  if (auth?.kind === 'auth') return [...auth.schemes];
  const declared = fs.find((f) => f.kind === 'security');
  if (declared?.kind !== 'security' || declared.requirements.length === 0) return undefined;
  return [...new Set(declared.requirements.map((req) => req.map((u) => schemeName(u.scheme)).join(' + ')))];
}

const requiredOf = (r: boolean | undefined) => (r === true ? { required: true } : {});
/** A parameter's text form as one comparable word (`pipeDelimited`, `simple, exploded`). */
const formOf = (c: Codec<unknown>) => (c.textForm === undefined ? {} : { form: `${c.textForm.form.style}${c.textForm.form.explode ? ', exploded' : ''}` });

function endpointOf(e: EndpointInfo): ContractEndpoint {
  const fs = facets(e);
  const auth = authOf(fs);
  const range = fs.find((f) => f.kind === 'range');
  return {
    key: keyOf(e),
    method: e.method,
    path: e.path,
    name: e.name,
    captures: e.segments.flatMap((s) => (s.kind === 'rest' ? [{ name: s.name, schema: { type: 'string' } }] : segmentCaptures(s).map((c) => ({ name: c.name, schema: c.codec.schema })))),
    query: e.query.map((q) => ({ name: q.name, schema: q.codec.schema, mode: q.mode, ...requiredOf(q.required), ...formOf(q.codec) })),
    headers: e.headers.map((h) => ({ name: h.name, schema: h.codec.schema, ...requiredOf(h.required), ...formOf(h.codec) })),
    cookies: e.extensions.flatMap((x) => {
      if (x.ext.name !== 'cookie') return [];
      const c = x.config as CookieConfig;
      return [{ name: c.name, schema: c.codec.schema, ...requiredOf(c.required), ...formOf(c.codec) }];
    }),
    ...(auth ? { auth } : {}),
    ...(range ? { range } : {}),
    ...(e.body ? { body: { schema: e.body.codec.schema, media: e.body.media.map((m) => m.type) } } : {}),
    responses: e.responses.map((r) => ({
      status: r.status,
      media: r.content?.media.map((m) => m.type) ?? [],
      ...(r.content ? { schema: r.content.codec.schema } : {}),
      stream: r.stream === true,
      headers: Object.entries(r.headers).map(([name, codec]) => ({ name, schema: codec.schema })),
    })),
    protocol: [...new Set(endpointErrors(e).map((x) => x.status))],
  };
}

/** The contract of a surface, checked as when it is served (a surface the checks refuse throws). */
export function contractOf(surface: Surface): Contract {
  return { surface: surface.name, endpoints: checkSurface(surface).map(endpointOf) };
}
