// Generated requests for a surface, as fast-check arbitraries (so a failing one shrinks): a valid
// request per endpoint, and the same request with one fault the description can name. The run
// asks the predictor what each must get, so a "fault" that happens to be harmless is still judged.
import type { Codec } from '../../codec/index.js';
import type { EndpointInfo, MixedPart } from '../../dsl/types.js';
import { joinMixed, mixedShape, splitsBack } from '../../describe/mixed-segment.js';
import type { CookieConfig } from '../../dsl/cookie.js';
import { fieldCodec, formPairsText } from '../../codec/object-text.js';
import { type Arbitrary, type NearMiss, arbitrary, fc, nearMisses } from '../../generate/index.js';
import type { RequestSpec } from '../../fixture/format.js';
import type { CredentialPlacement } from '../../dsl/declared-security.js';
import { brokenCredentialSets, placeCredentials, sampleCredentials } from './declared-credentials.js';

/** What a probe tries: `valid`, or the one fault it carries. */
export type Fault =
  | 'valid' | 'head' | 'capture' | 'query' | 'header' | 'body' | 'missing'
  | 'content-type' | 'accept' | 'method' | 'credentials' | 'oversize';

export interface Probe {
  readonly endpoint: string;
  readonly fault: Fault;
  readonly request: RequestSpec;
}

export interface ProbeOptions {
  /** Sent with every request (`-H`); an Authorization here is the credentials of positives. */
  readonly headers?: readonly (readonly [string, string])[];
  /** Authorization for endpoints behind auth when `headers` has none (S6's seeded demo user). */
  readonly credentials?: string;
  /** The server's body limit: an oversize body is one byte more. */
  readonly maxBody: number;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const BAD_TEXT = ['abc', '1.5', '-1', '99999999999999999999', 'true', '%zz', '2024-13-45'];
const BAD_CREDENTIALS = [undefined, 'Basic d3Jvbmc6d3Jvbmc=', 'Bearer not.a.token', 'Digest x', 'Basic !!!'];
// Each header value must survive the transport unchanged (no trimming, no encoding).
const headerSafe = (s: string) => /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(s);

/** Percent-encodes text for a URL; a lone surrogate (which fast-check may draw) becomes U+FFFD. */
const encode = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** `.` and `..` (even escaped) are resolved away by WHATWG-URL clients (undici, fetch): never sent as captures. */
const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;


/**
 * Valid values of a codec; a hand-written codec whose schema gives no type and that has no
 * examples cannot be drawn from, so the declared examples stand in (none: no valid value known).
 */
function values(codec: Codec<unknown>, examples: readonly { readonly value: unknown }[] = []): Arbitrary<unknown> | undefined {
  try {
    return arbitrary(codec, { maxDepth: 2 });
  } catch {
    const known = [...examples, ...codec.examples].map((x) => x.value);
    return known.length > 0 ? fc.constantFrom(...known) : undefined;
  }
}

/** Texts a capture/query/header codec reads, generated from its values. */
function textOf(codec: Codec<unknown>): Arbitrary<string> {
  const inner = codec.kind === 'optional' ? codec.inner : codec;
  // An object's own text is `key,value` pairs (its formatText writes JSON, for response headers).
  const text = inner.kind === 'object' && inner.textForm === undefined ? (v: unknown) => formPairsText(inner, v) : (v: unknown) => inner.formatText(v);
  return (values(inner) ?? fc.constant(undefined)).map((v) => (v === undefined ? '' : text(v)));
}

/** Near misses of a codec, none when it cannot be sampled (see `values`). */
function misses(codec: Codec<unknown>, limit: number): NearMiss[] {
  try { return nearMisses(codec, { limit }); } catch { return []; }
}

/** Texts a codec should refuse: its near misses that are text, and a fixed list of usual suspects. */
function badTexts(codec: Codec<unknown>): string[] {
  const bad = misses(codec, 20).map((m) => m.value).filter((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean').map(String);
  return [...new Set([...BAD_TEXT, ...bad])];
}

const hasAuth = (e: EndpointInfo) => e.extensions.some((x) => x.ext.name === 'auth');

/** The request cookies an endpoint reads (`cookie()` parts). */
const cookiesOf = (e: EndpointInfo): CookieConfig[] => e.extensions.flatMap((x) => (x.ext.name === 'cookie' ? [x.config as CookieConfig] : []));

/** An object drawn as `name[key]=value` pairs (deepObject); nothing when the codec has no values. */
function deepPairs(name: string, codec: Codec<unknown>): Arbitrary<[string, string][]> {
  const object = codec.kind === 'object' ? codec : undefined;
  const drawn = object && values(object);
  if (!object || !drawn) return fc.constant([]);
  return drawn.map((v) => Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined)
    .map(([k, x]): [string, string] => [`${name}[${k}]`, fieldCodec(object, k)?.formatText(x) ?? String(x)]));
}

/** The endpoint's request parts drawn as one record, the request built from it. */
interface Drawn {
  /** Per segment that is not static: a capture's text encoded, a rest's path, a mixed one's capture texts (raw). */
  readonly captures: readonly (string | readonly string[])[];
  readonly query: readonly (readonly [string, string])[];
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: { readonly contentType: string; readonly text?: string; readonly base64?: string };
  readonly accept?: string;
  /** Broken credentials for the document's security schemes, sent instead of their samples. */
  readonly brokenCredentials?: readonly CredentialPlacement[];
}

/**
 * Valid bodies of an endpoint, one per declared decodable media type (`only` narrows them, e.g.
 * to JSON); a constant undefined when it takes no body or none can be drawn.
 */
export function validBodies(e: EndpointInfo, only?: string): Arbitrary<Drawn['body']> {
  const media = e.body?.media.filter((m) => m.decode !== undefined && (only === undefined || m.type === only)) ?? [];
  const bodyValues = e.body && values(e.body.codec, e.body.examples);
  return e.body && bodyValues && media.length > 0
    ? fc.tuple(fc.constantFrom(...media), bodyValues).map(([m, v]) => ({ m, encoded: m.encode(v, e.body!.codec) }))
      // A value its media cannot carry is not a valid body of that type: a form cannot send an
      // empty required list (it reads as a forgotten key).
      .filter(({ m, encoded }) => m.decode!(typeof encoded === 'string' ? Buffer.from(encoded) : encoded, e.body!.codec, m.contentTypeOf?.(encoded) ?? m.contentType).ok)
      .map(({ m, encoded }) => (typeof encoded === 'string' ? { contentType: (m.contentTypeOf?.(encoded) ?? m.contentType), text: encoded } : { contentType: (m.contentTypeOf?.(encoded) ?? m.contentType), base64: encoded.toString('base64') }))
    : fc.constant(undefined);
}

function drawn(e: EndpointInfo): Arbitrary<Drawn> {
  const captures = fc.tuple(...e.segments.filter((s) => s.kind !== 'static').map((s): Arbitrary<string | readonly string[]> =>
    s.kind === 'rest' ? fc.constantFrom('a.txt', 'dir/b.txt')
    : s.kind === 'mixed' ? mixedTexts(s)
    : textOf(s.codec).filter((t) => t !== '' && !DOT_SEGMENT.test(t)).map(encode)));
  const query = fc.tuple(...e.query.map((q): Arbitrary<[string, string][]> => {
    if (q.mode === 'flag') return fc.boolean().map((b) => (b ? [[q.name, '']] : []));
    if (q.mode === 'list') {
      const item = q.codec.kind === 'array' ? q.codec.item : q.codec;
      return fc.array(textOf(item), { minLength: q.required ? 1 : 0, maxLength: 3 }).map((vs) => vs.map((v) => [q.name, v]));
    }
    const given = q.mode === 'deep' ? deepPairs(q.name, q.codec) : textOf(q.codec).map((v): [string, string][] => [[q.name, v]]);
    // An optional parameter's absence is valid too; a required one is always sent (leaving it out is the `missing` fault).
    return q.required ? given : fc.option(given, { nil: undefined }).map((v) => v ?? []);
  })).map((lists) => lists.flat());
  const headers = fc.tuple(...e.headers.map((h) => {
    const given = textOf(h.codec).filter(headerSafe).map((v) => [h.name.toLowerCase(), v] as const);
    return h.required ? given : fc.option(given, { nil: undefined });
  }), ...cookiesOf(e).map((c) => {
    const given = textOf(c.codec).map((v) => ['cookie', `${c.name}=${encode(v)}`] as const);
    return c.required === true ? given : fc.option(given, { nil: undefined });
  })).map((pairs) => {
    const out: Record<string, string> = {};
    // Cookies share one header, `a=1; b=2`.
    for (const p of pairs) if (p !== undefined) out[p[0]] = p[0] === 'cookie' && out.cookie !== undefined ? `${out.cookie}; ${p[1]}` : p[1];
    return out;
  });
  const body = validBodies(e);
  // Negotiation reads the first declared response's types (describe/negotiate.ts).
  const produced = e.responses[0]?.content?.media.map((m) => m.type) ?? [];
  const accept = fc.constantFrom(undefined, '*/*', ...new Set(produced));
  return fc.record({ captures, query, headers, body, accept }).map((d) => {
    const out: Drawn = { captures: d.captures, query: d.query, headers: d.headers };
    return { ...out, ...(d.body ? { body: d.body } : {}), ...(d.accept ? { accept: d.accept } : {}) };
  });
}

/** Texts of a mixed segment's captures that its literals split back into (`a.b` and `c` would not, joined by `.`). */
function mixedTexts(s: MixedPart): Arbitrary<readonly string[]> {
  const shape = mixedShape(s.pieces);
  return fc.tuple(...shape.captures.map((c) => textOf(c.codec).filter((t) => t !== '')))
    .filter((texts) => splitsBack(shape, texts) && !DOT_SEGMENT.test(joinMixed(shape, texts)));
}

function pathOf(e: EndpointInfo, captures: Drawn['captures']): string {
  let i = 0;
  return `/${e.segments.map((s) => {
    if (s.kind === 'static') return encodeURIComponent(s.value);
    const c = captures[i++]!;
    return typeof c === 'string' ? c : encode(joinMixed(mixedShape((s as MixedPart).pieces), c));
  }).join('/')}`;
}

function requestOf(e: EndpointInfo, d: Drawn, options: ProbeOptions, method: string = e.method): RequestSpec {
  const query = [...d.query] as [string, string][];
  const headers: Record<string, string> = { ...d.headers };
  for (const [k, v] of options.headers ?? []) headers[k.toLowerCase()] = v;
  const given = new Set((options.headers ?? []).map(([k]) => k.toLowerCase()));
  placeCredentials(d.brokenCredentials ?? sampleCredentials(e), headers, query, given, d.brokenCredentials !== undefined);
  const qs = query.map(([k, v]) => (v === '' && e.query.find((q) => q.name === k)?.mode === 'flag' ? encode(k) : `${encode(k)}=${encode(v)}`)).join('&');
  if (hasAuth(e) && headers.authorization === undefined && options.credentials !== undefined) headers.authorization = options.credentials;
  if (d.accept !== undefined) headers.accept = d.accept;
  // A GET endpoint may declare a body (S8's /b); HEAD never carries one, nor a GET sent to a POST.
  const carriesBody = d.body !== undefined && method !== 'HEAD' && (method !== 'GET' || e.method === 'GET');
  if (carriesBody) headers['content-type'] = d.body!.contentType;
  return {
    method, path: qs === '' ? pathOf(e, d.captures) : `${pathOf(e, d.captures)}?${qs}`,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(carriesBody && d.body!.text !== undefined ? { text: d.body!.text } : {}),
    ...(carriesBody && d.body!.base64 !== undefined ? { base64: d.body!.base64 } : {}),
  };
}

const without = (headers: Readonly<Record<string, string>>, name: string) => Object.fromEntries(Object.entries(headers).filter(([k]) => k !== name));

/** The Cookie header without one cookie (and without the header when none is left). */
function withoutCookie(headers: Readonly<Record<string, string>>, name: string): Record<string, string> {
  const rest = (headers.cookie ?? '').split('; ').filter((c) => c !== '' && !c.startsWith(`${name}=`));
  return rest.length === 0 ? without(headers, 'cookie') : { ...headers, cookie: rest.join('; ') };
}

const withHeader = (r: RequestSpec, name: string, value: string | undefined): RequestSpec => {
  const headers = { ...(r.headers ?? {}) } as Record<string, string>;
  if (value === undefined) delete headers[name];
  else headers[name] = value;
  return { ...r, headers };
};

/** The faults one endpoint can carry, each an arbitrary of probes. */
function faultsOf(e: EndpointInfo, all: readonly EndpointInfo[], d: Arbitrary<Drawn>, options: ProbeOptions): Arbitrary<Probe>[] {
  const probe = (fault: Fault, request: RequestSpec): Probe => ({ endpoint: e.name, fault, request });
  const out: Arbitrary<Probe>[] = [];
  // Each capture by its place: `i` among the segments that are not static, `k` within a mixed one.
  const captureIdx = e.segments.filter((s) => s.kind !== 'static').flatMap((s, i): { codec: Codec<unknown>; i: number; k?: number }[] =>
    (s.kind === 'capture' ? [{ codec: s.codec, i }] : s.kind === 'mixed' ? mixedShape(s.pieces).captures.map((c, k) => ({ codec: c.codec, i, k })) : []));
  if (captureIdx.length > 0) {
    out.push(fc.tuple(d, fc.constantFrom(...captureIdx)).chain(([x, { codec, i, k }]) => fc.constantFrom(...badTexts(codec).filter((t) => !DOT_SEGMENT.test(t))).map((bad) => {
      const captures = [...x.captures];
      const texts = captures[i]!;
      captures[i] = k === undefined || typeof texts === 'string' ? encode(bad) : texts.map((t, j) => (j === k ? bad : t));
      return probe('capture', requestOf(e, { ...x, captures }, options));
    })));
  }
  const single = e.query.filter((q) => q.mode === 'single');
  if (single.length > 0) {
    out.push(fc.tuple(d, fc.constantFrom(...single)).chain(([x, q]) => fc.constantFrom(...badTexts(q.codec)).map((bad) =>
      probe('query', requestOf(e, { ...x, query: [...x.query.filter(([k]) => k !== q.name), [q.name, bad]] }, options)))));
  }
  if (e.headers.length > 0) {
    out.push(fc.tuple(d, fc.constantFrom(...e.headers)).chain(([x, h]) => fc.constantFrom(...badTexts(h.codec).filter(headerSafe)).map((bad) =>
      probe('header', requestOf(e, { ...x, headers: { ...x.headers, [h.name.toLowerCase()]: bad } }, options)))));
  }
  // A required part left out: the predictor expects its 400 (it names the part).
  const required = [
    ...e.query.filter((q) => q.required).map((q) => (x: Drawn): Drawn => ({ ...x, query: x.query.filter(([k]) => k !== q.name && !k.startsWith(`${q.name}[`)) })),
    ...e.headers.filter((h) => h.required).map((h) => (x: Drawn): Drawn => ({ ...x, headers: without(x.headers, h.name.toLowerCase()) })),
    ...cookiesOf(e).filter((c) => c.required === true).map((c) => (x: Drawn): Drawn => ({ ...x, headers: withoutCookie(x.headers, c.name) })),
  ];
  if (required.length > 0) out.push(fc.tuple(d, fc.constantFrom(...required)).map(([x, drop]) => probe('missing', requestOf(e, drop(x), options))));
  const json = e.body?.media.find((m) => m.type === 'application/json' && m.decode);
  if (e.body && json) {
    const broken = misses(e.body.codec, 100);
    if (broken.length > 0) {
      out.push(fc.tuple(d, fc.constantFrom(...broken)).map(([x, m]) =>
        probe('body', requestOf(e, { ...x, body: { contentType: json.contentType, text: JSON.stringify(m.value) ?? 'null' } }, options))));
    }
  }
  if (e.body) {
    out.push(fc.tuple(d, fc.constantFrom('application/xml', 'text/x-unknown', 'image/png')).map(([x, ct]) =>
      probe('content-type', requestOf(e, { ...x, body: { ...(x.body ?? { text: '{}' }), contentType: ct } }, options))));
    out.push(d.map((x) => probe('oversize', requestOf(e, { ...x, body: { contentType: x.body?.contentType ?? 'application/json', text: 'x'.repeat(options.maxBody + 1) } }, options))));
  }
  if (e.responses.some((r) => r.content)) {
    out.push(d.map((x) => probe('accept', requestOf(e, { ...x, accept: 'application/x-unacceptable' }, options))));
  }
  const here = new Set(all.filter((o) => o.path === e.path).map((o) => o.method));
  const others = METHODS.filter((m) => !here.has(m) && !(m === 'GET' && here.has('GET')));
  if (others.length > 0) out.push(fc.tuple(d, fc.constantFrom(...others)).map(([x, m]) => probe('method', requestOf(e, x, options, m))));
  if (hasAuth(e)) {
    out.push(fc.tuple(d, fc.constantFrom(...BAD_CREDENTIALS)).map(([x, c]) => probe('credentials', withHeader(requestOf(e, x, options), 'authorization', c))));
  }
  const broken = brokenCredentialSets(e);
  if (broken.length > 0) out.push(fc.tuple(d, fc.constantFrom(...broken)).map(([x, b]) => probe('credentials', requestOf(e, { ...x, brokenCredentials: b }, options))));
  return out;
}

/** Probes over a surface's endpoints: about half valid (GETs also sent as HEAD), half with one fault. */
export function probes(endpoints: readonly EndpointInfo[], options: ProbeOptions): Arbitrary<Probe> {
  const per = endpoints.map((e) => {
    const d = drawn(e);
    const valid = d.map((x): Probe => ({ endpoint: e.name, fault: 'valid', request: requestOf(e, x, options) }));
    const head = e.method === 'GET' ? [d.map((x): Probe => ({ endpoint: e.name, fault: 'head', request: requestOf(e, x, options, 'HEAD') }))] : [];
    const faults = faultsOf(e, endpoints, d, options);
    return fc.oneof({ arbitrary: valid, weight: 4 }, ...head.map((a) => ({ arbitrary: a, weight: 1 })), ...faults.map((a) => ({ arbitrary: a, weight: 1 })));
  });
  return fc.constantFrom(...per.keys()).chain((i) => per[i]!);
}
