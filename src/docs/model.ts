// The neutral documentation model: a surface (never its handlers) read into endpoints sorted by
// path then method, with their parts, media types, encoded examples and possible errors.
// Renderers (markdown.ts, openapi.ts) read only this model.
import { STATUS_CODES } from 'node:http';
import type { Codec, JsonSchema, TextForm } from '../codec/types.js';
import { sample } from '../codec/sample.js';
import type { CapturePart, EndpointInfo, Method, QueryMode, ResponseSpec, Surface, SurfaceMeta } from '../dsl/types.js';
import { checkSurface } from '../dsl/check-surface.js';
import { mixedText } from '../dsl/walk.js';
import type { DocFacet } from '../dsl/extension.js';
import { type DocIntro, introsOf } from './intro.js';
import { protocolErrors, surfaceErrors, type DocError } from './errors.js';
import { errorAnswers, type DocAnswer } from './error-answers.js';
import { predictor } from '../describe/predict.js';
import { type DocExample, type DocMedia, docMedia, encodeExamples, examplesOf, sentMedia, streamExamples } from './model-examples.js';

/** What the docs know of an endpoint's authentication, from its extension's facet. */
export type DocAuth = Extract<DocFacet, { kind: 'auth' }>;
/** What the docs know of an endpoint's `Range` pagination, from its extension's facet. */
export type DocRange = Extract<DocFacet, { kind: 'range' }>;
export type DocRangeField = DocRange['fields'][number];
/** The security an imported document declares, from its extension's facet. */
export type DocSecurity = Extract<DocFacet, { kind: 'security' }>;
/** A request cookie, from its extension's facet. */
export type DocCookie = Extract<DocFacet, { kind: 'cookie' }>;

export type { DocIntro } from './intro.js';
export type { DocError } from './errors.js';
export type { DocAnswer } from './error-answers.js';
export type { DocMedia, DocExample, DocRecorded, DocVerification } from './model-examples.js';
export { docMedia } from './model-examples.js';

interface Typed {
  readonly name: string;
  /** What the type is called: `integer`, `ClientInfo`. */
  readonly label: string;
  readonly schema: JsonSchema;
  readonly description?: string;
}

export interface DocCapture extends Typed {
  /** A rest capture takes the remaining path (one or more segments). */
  readonly rest: boolean;
  /** The capture's first example (a typed value), when its codec has one. */
  readonly example?: unknown;
  /** The same example as a path segment writes it (before percent-encoding). */
  readonly exampleText?: string;
  /** The path style it is written in (`label`, `matrix`), when not the type's own text. */
  readonly form?: TextForm;
}

export interface DocQuery extends Typed {
  readonly mode: QueryMode;
  /** Sample values as written in the surface (`Alp, John Doe, ...`). */
  readonly values: readonly string[];
  /** The sample values that parse as the parameter's type. */
  readonly typedValues: readonly unknown[];
  /** A request without it is refused (400). */
  readonly required: boolean;
  /** Reserved characters may be sent unencoded (OpenAPI `allowReserved`). */
  readonly allowReserved: boolean;
  /** The style it is written in (`pipeDelimited`, JSON text), when not the type's own text. */
  readonly form?: TextForm;
}

export interface DocHeader extends Typed {
  /** A request without it is refused (400). */
  readonly required: boolean;
  /** How it is written when not as its type's own text (JSON text, an exploded object). */
  readonly form?: TextForm;
}

export interface DocContent {
  readonly label: string;
  readonly schema: JsonSchema;
  readonly media: readonly DocMedia[];
  readonly examples: readonly DocExample[];
}

export interface DocResponseHeader extends Typed {
  /** A sample value as it appears on the wire. */
  readonly example?: string;
  /** The same sample as a value of the header's type. */
  readonly exampleValue?: unknown;
}

export interface DocResponse {
  readonly status: number;
  /** The OpenAPI response key (`200`, `default`, `2XX`). */
  readonly key: string;
  readonly reason: string;
  readonly description?: string;
  readonly headers: readonly DocResponseHeader[];
  /** Absent when the response has no body (204, or an empty 200). */
  readonly content?: DocContent;
  /** A newline-framed stream of `content` values. */
  readonly stream: boolean;
  /** A file sent as it is, of any media type (no content is declared for it). */
  readonly file: boolean;
}

export interface DocEndpoint {
  readonly name: string;
  readonly method: Method;
  /** As servant-docs shows it: `/position/:x/:y`. */
  readonly path: string;
  /** As OpenAPI writes it: `/position/{x}/{y}`. */
  readonly template: string;
  /** The path's segments as sorted (`position`, `:x`, `:y`). */
  readonly segments: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** The operation's OpenAPI `x-` extensions, as declared. */
  readonly openApiExtensions?: Readonly<Record<string, unknown>>;
  readonly captures: readonly DocCapture[];
  readonly query: readonly DocQuery[];
  readonly headers: readonly DocHeader[];
  readonly cookies: readonly DocCookie[];
  readonly auth?: DocAuth;
  readonly security?: DocSecurity;
  readonly range?: DocRange;
  readonly request?: DocContent;
  /** The request body may be left out (no Content-Type, no bytes). */
  readonly requestOptional?: true;
  /** The success response first, then the further declared ones. */
  readonly responses: readonly DocResponse[];
  /** Protocol errors this endpoint can answer besides its declared responses. */
  readonly errors: readonly DocError[];
  /** What its protocol errors are answered with, as the predictor runs them (declared statuses too). */
  readonly answers: readonly DocAnswer[];
}

export interface DocModel {
  readonly surface: string;
  readonly title: string;
  /** The port the surface is served on when served alone (`api-serve SN`). */
  readonly port?: number;
  readonly license?: SurfaceMeta['license'];
  /** What the surface says of its OpenAPI document (an imported document's own words), written back as said. */
  readonly document?: DocDocument;
  readonly intros: readonly DocIntro[];
  readonly endpoints: readonly DocEndpoint[];
  /** Errors the surface answers for requests no endpoint handles (404, 405). */
  readonly errors: readonly DocError[];
}

export type DocDocument = Pick<SurfaceMeta, 'version' | 'description' | 'contact' | 'termsOfService' | 'servers' | 'tags' | 'externalDocs' | 'extensions'>;

/** The meta fields the OpenAPI renderer writes back, when the surface has any. */
function documentOf(meta: SurfaceMeta): DocDocument | undefined {
  const { version, description, contact, termsOfService, servers, tags, externalDocs, extensions } = meta;
  const fields = Object.entries({ version, description, contact, termsOfService, servers, tags, externalDocs, extensions }).filter(([, v]) => v !== undefined);
  return fields.length > 0 ? Object.fromEntries(fields) as DocDocument : undefined;
}

export interface ModelOptions {
  /** Replaces the surface's own introduction (`api-docs --intro FILE`). */
  readonly intros?: readonly DocIntro[];
}

/** The facets of an endpoint's extension parts, by kind (the first of each). */
interface Facets { auth?: DocAuth; range?: DocRange; security?: DocSecurity; cookies: DocCookie[] }
function facetsOf(e: EndpointInfo): Facets {
  const out: Facets = { cookies: [] };
  for (const x of e.extensions) {
    const f = x.ext.docs(x.config);
    if (f.kind === 'auth') out.auth ??= f;
    else if (f.kind === 'range') out.range ??= f;
    else if (f.kind === 'security') out.security ??= f;
    else out.cookies.push(f);
  }
  return out;
}

function responseOf(e: EndpointInfo, r: ResponseSpec, first: boolean): DocResponse {
  const headers: DocResponseHeader[] = Object.entries(r.headers).map(([name, codec]) => ({
    name, label: codec.label, schema: codec.schema,
    ...(codec.description === undefined ? {} : { description: codec.description }),
    ...(codec.examples[0] === undefined ? {} : { example: codec.formatText(codec.examples[0].value), exampleValue: codec.examples[0].value }),
  }));
  const range = first ? facetsOf(e).range : undefined;
  for (const h of range?.responseHeaders ?? []) {
    if (!headers.some((x) => x.name.toLowerCase() === h.name.toLowerCase())) headers.push({ name: h.name, label: h.type, schema: { type: h.type }, description: h.description });
  }
  const c = r.content;
  const examples = c === undefined ? []
    : r.stream === true ? streamExamples(c.codec, sentMedia(c.media), examplesOf(r.examples, c.codec))
    : encodeExamples(c.codec, sentMedia(c.media), examplesOf(r.examples, c.codec));
  return {
    status: r.status,
    key: r.key ?? String(r.status),
    reason: STATUS_CODES[r.status] ?? `Status ${r.status}`,
    ...(r.description === undefined ? {} : { description: r.description }),
    headers,
    ...(c === undefined ? {} : { content: { label: c.codec.label, schema: c.codec.schema, media: sentMedia(c.media).map(docMedia), examples } }),
    stream: r.stream === true,
    file: r.file === true,
  };
}

const described = (d: string | undefined) => (d === undefined ? {} : { description: d });
/** A parameter's text form, when its codec has one. */
const formOf = (c: Codec<unknown>) => (c.textForm === undefined ? {} : { form: c.textForm.form });

/** A capture's first example, else its codec's sample; none when the codec has no value. */
function captureExample(codec: Codec<unknown>): unknown {
  if (codec.examples.length > 0) return codec.examples[0]!.value;
  try { return sample(codec); } catch { return undefined; }
}

function endpointOf(surface: Surface, e: EndpointInfo, predict: () => ReturnType<typeof predictor>): DocEndpoint {
  // decided: a mixed segment shows its captures in braces (`{name}.{ext}`), as `:name` has no end
  // (`:parent:synthesize` would read as two captures); docs/decisions.md "Mixed path segments".
  const segments = e.segments.map((s) => (s.kind === 'static' ? s.value : s.kind === 'mixed' ? mixedText(s) : `:${s.name}`));
  const { auth, range, security, cookies } = facetsOf(e);
  const capture = (s: CapturePart): DocCapture => ({
    name: s.name, label: s.codec.label, schema: s.codec.schema, rest: false, ...described(s.description), ...formOf(s.codec),
    // Every capture has an example (tools such as Dredd need one to build a URL): its own, else
    // its codec's deterministic sample.
    ...((ex) => (ex === undefined ? {} : { example: ex, exampleText: s.codec.formatText(ex) }))(captureExample(s.codec)),
  });
  const captures = e.segments.flatMap((s): DocCapture[] => (s.kind === 'static' ? []
    : s.kind === 'capture' ? [capture(s)]
    : s.kind === 'mixed' ? s.pieces.flatMap((p) => (typeof p === 'string' ? [] : [capture(p)]))
    : [{ name: s.name, label: 'path', schema: { type: 'string' }, rest: true, example: 'file.txt', exampleText: 'file.txt', ...described(s.description) }]));
  const query = e.query.map((q): DocQuery => {
    const values = q.values ?? [];
    // `...` in a list of sample values means "and so on", not a value.
    const typedValues = values.flatMap((v) => { const r = q.codec.parseText(v); return r.ok && v !== '...' ? [r.value] : []; });
    return {
      name: q.name, label: q.codec.label, schema: q.codec.schema, mode: q.mode, values, typedValues, ...described(q.description),
      required: q.required === true, allowReserved: q.allowReserved === true, ...formOf(q.codec),
    };
  });
  const body = e.body;
  const request = body === undefined ? undefined : {
    label: body.codec.label, schema: body.codec.schema, media: body.media.map(docMedia),
    examples: encodeExamples(body.codec, body.media, examplesOf(body.examples, body.codec)),
  };
  return {
    name: e.name,
    method: e.method,
    path: segments.length === 0 ? '/' : segments.map((s) => `/${s}`).join(''),
    template: e.path.replace(/\{([^}]+?)\.\.\.\}/g, '{$1}'),
    segments,
    ...(e.summary === undefined ? {} : { summary: e.summary }),
    ...(e.description === undefined ? {} : { description: e.description }),
    tags: e.tags ?? [],
    ...(e.openApiExtensions === undefined ? {} : { openApiExtensions: e.openApiExtensions }),
    captures,
    query,
    headers: e.headers.map((h) => ({ name: h.name, label: h.codec.label, schema: h.codec.schema, ...described(h.description), required: h.required === true, ...formOf(h.codec) })),
    cookies,
    ...(auth ? { auth } : {}),
    ...(security ? { security } : {}),
    ...(range ? { range } : {}),
    ...(request ? { request } : {}),
    ...(body?.required === false ? { requestOptional: true as const } : {}),
    responses: e.responses.map((r, i) => responseOf(e, r, i === 0)),
    // A status the endpoint declares itself (S6's 401) is documented by its declaration.
    errors: protocolErrors(surface, e)
      .filter((x) => !e.responses.some((r) => r.status === x.status)),
    // Computed when first read (the OpenAPI renderer reads it): a formatter may itself render the
    // Markdown of this surface (S9's), which must not wait for its own error answers.
    get answers() {
      const value = errorAnswers(surface, e, predict());
      Object.defineProperty(this, 'answers', { value, enumerable: true });
      return value;
    },
  };
}

function compareSegments(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}

/** Endpoints sorted as servant-docs sorts them: by path segments, then by method. */
export function compareEndpoints(a: DocEndpoint, b: DocEndpoint): number {
  return compareSegments(a.segments, b.segments) || (a.method < b.method ? -1 : a.method > b.method ? 1 : 0);
}

/** Reads a surface (checked as when it is served) into the documentation model. */
export function docModel(surface: Surface, options: ModelOptions = {}): DocModel {
  let made: ReturnType<typeof predictor> | undefined;
  const predict = () => (made ??= predictor(surface));
  const endpoints = checkSurface(surface).map((e) => endpointOf(surface, e, predict)).sort(compareEndpoints);
  const document = documentOf(surface.meta);
  return {
    surface: surface.name,
    title: surface.meta.title,
    ...(surface.meta.port === undefined ? {} : { port: surface.meta.port }),
    ...(surface.meta.license === undefined ? {} : { license: surface.meta.license }),
    ...(document === undefined ? {} : { document }),
    intros: options.intros ?? introsOf(surface.meta),
    endpoints,
    errors: surfaceErrors(surface),
  };
}
