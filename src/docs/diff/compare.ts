// The breaking-change gate's judgement: every change from one contract to the next, classified
// breaking or compatible for existing clients. A request part breaks when the new surface refuses
// what it accepted (narrowed); a response part breaks when the new surface may send what a client
// did not expect (widened). decided: the rules and where they differ from oasdiff's are in
// docs/decisions.md "Breaking changes".
import type { Contract, ContractEndpoint, ContractParam, ContractResponse } from './contract.js';
import { type SchemaChange, diffSchemas, canonical } from './schema-diff.js';

export type Verdict = 'breaking' | 'compatible';

/** What part of a request or exchange a change concerns: which recorded exchanges it can fail. */
export type Scope =
  | { readonly part: 'endpoint' }
  /** `absent`: the change fails the exchanges that do not send the part (it became required). */
  | { readonly part: 'query' | 'header' | 'cookie'; readonly name: string; readonly absent?: true }
  | { readonly part: 'body'; readonly media?: string }
  | { readonly part: 'status'; readonly status: number };

export interface Change {
  /** The endpoint as the old surface wrote it (the new one for an added endpoint): `GET /hello`. */
  readonly endpoint: string;
  /** Captures by position (`GET /position/{}/{}`): how endpoints are matched across versions. */
  readonly key: string;
  /** The change's kind: `endpoint-removed`, `query-removed`, `response-body:enum-value-added`... */
  readonly kind: string;
  /** The part and the place in its value: `response 200 body $.msg`. */
  readonly where: string;
  readonly what: string;
  readonly verdict: Verdict;
  readonly scope: Scope;
}

export interface DiffResult {
  readonly old: string;
  readonly new: string;
  readonly changes: readonly Change[];
  readonly breaking: number;
  readonly compatible: number;
}

type Side = 'request' | 'response';

/**
 * Changes whose verdict is not the set rule (`narrows` breaks a request, `widens` a response):
 * fields clients send or read, judged as clients use them.
 */
const FIELD_RULES: Readonly<Record<string, Readonly<Record<Side, (c: SchemaChange) => Verdict>>>> = {
  // A new required field refuses requests without it; clients ignore a field they do not know.
  'property-added': { request: (c) => (c.required ? 'breaking' : 'compatible'), response: () => 'compatible' },
  // A closed object refuses a field it no longer declares; a client reading a required field breaks,
  // one reading an optional field already handles its absence.
  'property-removed': { request: () => 'breaking', response: (c) => (c.required ? 'breaking' : 'compatible') },
  'became-required': { request: () => 'breaking', response: () => 'compatible' },
  'became-optional': { request: () => 'compatible', response: () => 'breaking' },
  closed: { request: () => 'breaking', response: () => 'compatible' },
  opened: { request: () => 'compatible', response: () => 'compatible' },
};

function verdictOf(side: Side, c: SchemaChange): Verdict {
  const rule = FIELD_RULES[c.kind];
  if (rule) return rule[side](c);
  if (c.effect === 'incomparable') return 'breaking';
  return (side === 'request') === (c.effect === 'narrows') ? 'breaking' : 'compatible';
}

class Collector {
  readonly changes: Change[] = [];
  constructor(private readonly e: ContractEndpoint) {}

  add(kind: string, where: string, what: string, verdict: Verdict, scope: Scope): void {
    this.changes.push({ endpoint: `${this.e.method} ${this.e.path}`, key: this.e.key, kind, where, what, verdict, scope });
  }

  schemas(side: Side, place: string, where: string, a: unknown, b: unknown, scope: Scope): void {
    for (const c of diffSchemas(a as never, b as never)) {
      this.add(`${place}:${c.kind}`, `${where} ${c.at}`, c.what, verdictOf(side, c), scope);
    }
  }
}

const byName = (xs: readonly ContractParam[], lower = false) => new Map(xs.map((x) => [lower ? x.name.toLowerCase() : x.name, x]));

function diffParams(c: Collector, part: 'query' | 'header' | 'cookie', a: readonly ContractParam[], b: readonly ContractParam[]): void {
  const lower = part === 'header';
  const nb = byName(b, lower);
  const na = byName(a, lower);
  const label = part === 'query' ? 'query parameter' : part;
  for (const [k, x] of na) {
    const y = nb.get(k);
    const scope: Scope = { part, name: x.name };
    // A parameter no longer read is ignored, so what a client sends is silently lost.
    if (!y) { c.add(`${part}-removed`, `${label} ${x.name}`, `${label} removed`, 'breaking', scope); continue; }
    // A client that leaves out an optional parameter is refused once it is required.
    if (x.required !== true && y.required === true) c.add(`${part}-became-required`, `${label} ${x.name}`, `${label} now required (400 without it)`, 'breaking', { part, name: x.name, absent: true });
    if (x.required === true && y.required !== true) c.add(`${part}-became-optional`, `${label} ${x.name}`, `${label} now optional`, 'compatible', scope);
    if ((x.form ?? '') !== (y.form ?? '')) c.add(`${part}-style-changed`, `${label} ${x.name}`, `written ${y.form ?? 'plain'} instead of ${x.form ?? 'plain'}`, 'breaking', scope);
    if ((x.mode ?? 'single') !== (y.mode ?? 'single')) c.add(`${part}-mode-changed`, `${label} ${x.name}`, `read as ${y.mode} instead of ${x.mode}`, 'breaking', scope);
    else c.schemas('request', part, `${label} ${x.name}`, x.schema, y.schema, scope);
  }
  for (const [k, y] of nb) {
    if (na.has(k)) continue;
    if (y.required === true) c.add(`${part}-added`, `${label} ${y.name}`, `required ${label} added (400 without it)`, 'breaking', { part, name: y.name, absent: true });
    else c.add(`${part}-added`, `${label} ${y.name}`, `optional ${label} added`, 'compatible', { part, name: y.name });
  }
}

function diffAuth(c: Collector, a: readonly string[] | undefined, b: readonly string[] | undefined): void {
  const scope: Scope = { part: 'endpoint' };
  if (!a && b) { c.add('auth-added', 'authentication', `credentials now required (${b.join(', ')})`, 'breaking', scope); return; }
  if (a && !b) { c.add('auth-removed', 'authentication', 'credentials no longer required', 'compatible', scope); return; }
  if (!a || !b) return;
  for (const s of a) if (!b.includes(s)) c.add('auth-scheme-removed', 'authentication', `scheme ${s} no longer accepted`, 'breaking', scope);
  for (const s of b) if (!a.includes(s)) c.add('auth-scheme-added', 'authentication', `scheme ${s} also accepted`, 'compatible', scope);
}

function diffBody(c: Collector, a: ContractEndpoint['body'], b: ContractEndpoint['body']): void {
  const scope: Scope = { part: 'body' };
  if (!a && b) { c.add('body-added', 'request body', `a ${b.media.join(' or ')} body is now required`, 'breaking', scope); return; }
  if (a && !b) { c.add('body-removed', 'request body', 'the body is no longer read', 'breaking', scope); return; }
  if (!a || !b) return;
  for (const m of a.media) if (!b.media.includes(m)) c.add('request-media-removed', 'request body', `${m} no longer accepted (415)`, 'breaking', { part: 'body', media: m });
  for (const m of b.media) if (!a.media.includes(m)) c.add('request-media-added', 'request body', `${m} also accepted`, 'compatible', scope);
  c.schemas('request', 'request-body', 'request body', a.schema, b.schema, scope);
}

const success = (status: number) => status >= 200 && status < 300;

/**
 * Headers the authentication itself sends (its challenge, its session cookies): compared as the
 * authentication, not as response headers, since a surface's auth extension sends them without
 * declaring them and an OpenAPI document declares them by hand.
 */
const AUTH_HEADERS = new Set(['www-authenticate', 'set-cookie']);

function diffResponse(c: Collector, a: ContractResponse, b: ContractResponse, authed: boolean): void {
  const where = `response ${a.status}`;
  const scope: Scope = { part: 'status', status: a.status };
  if (a.stream !== b.stream) c.add('response-stream-changed', `${where} body`, b.stream ? 'now a newline-framed stream' : 'no longer a stream', 'breaking', scope);
  for (const m of a.media) if (!b.media.includes(m)) c.add('response-media-removed', `${where} body`, `${m} no longer sent (406 for clients accepting only it)`, 'breaking', scope);
  for (const m of b.media) if (!a.media.includes(m)) c.add('response-media-added', `${where} body`, `${m} also sent`, 'compatible', scope);
  if (a.schema !== undefined && b.schema !== undefined) c.schemas('response', 'response-body', `${where} body`, a.schema, b.schema, scope);
  const own = (h: ContractParam) => !(authed && AUTH_HEADERS.has(h.name.toLowerCase()));
  const hb = byName(b.headers.filter(own), true);
  const ha = byName(a.headers.filter(own), true);
  for (const [k, x] of ha) {
    const y = hb.get(k);
    if (!y) c.add('response-header-removed', `${where} header ${x.name}`, 'header no longer sent', 'breaking', scope);
    else c.schemas('response', 'response-header', `${where} header ${x.name}`, x.schema, y.schema, scope);
  }
  for (const [k, y] of hb) if (!ha.has(k)) c.add('response-header-added', `${where} header ${y.name}`, 'header added', 'compatible', scope);
}

function diffResponses(c: Collector, a: ContractEndpoint, b: ContractEndpoint): void {
  for (const x of a.responses) {
    const y = b.responses.find((r) => r.status === x.status);
    // A client that handled only this success breaks; an error status no longer answered is one
    // fewer outcome to handle (oasdiff's reading too). A status the new version still answers for
    // protocol reasons is not gone, only no longer written down.
    if (!y && b.protocol.includes(x.status)) continue;
    if (!y) c.add('status-removed', `response ${x.status}`, `status ${x.status} no longer answered`, success(x.status) ? 'breaking' : 'compatible', { part: 'status', status: x.status });
    else diffResponse(c, x, y, a.auth !== undefined || b.auth !== undefined);
  }
  for (const y of b.responses) if (!a.responses.some((r) => r.status === y.status) && !a.protocol.includes(y.status)) c.add('status-added', `response ${y.status}`, `status ${y.status} may now be answered`, 'compatible', { part: 'status', status: y.status });
}

function diffEndpoint(a: ContractEndpoint, b: ContractEndpoint): Change[] {
  const c = new Collector(a);
  a.captures.forEach((x, i) => c.schemas('request', 'capture', `path variable ${x.name}`, x.schema, b.captures[i]!.schema, { part: 'endpoint' }));
  diffParams(c, 'query', a.query, b.query);
  diffParams(c, 'header', a.headers, b.headers);
  diffParams(c, 'cookie', a.cookies, b.cookies);
  diffAuth(c, a.auth, b.auth);
  if (a.range === undefined && b.range !== undefined) c.add('range-added', 'header Range', 'pagination by Range added', 'compatible', { part: 'endpoint' });
  else if (a.range !== undefined && b.range === undefined) c.add('range-removed', 'header Range', 'pagination by Range removed', 'breaking', { part: 'endpoint' });
  else if (canonical(a.range) !== canonical(b.range)) c.add('range-changed', 'header Range', 'the Range fields or their defaults changed', 'breaking', { part: 'endpoint' });
  diffBody(c, a.body, b.body);
  diffResponses(c, a, b);
  return c.changes;
}

/** Every change from `a` to `b`, endpoints in `a`'s order then the added ones. */
export function diffContracts(a: Contract, b: Contract): DiffResult {
  const changes: Change[] = [];
  const nb = new Map(b.endpoints.map((e) => [e.key, e]));
  const keysA = new Set(a.endpoints.map((e) => e.key));
  for (const x of a.endpoints) {
    const y = nb.get(x.key);
    if (y) changes.push(...diffEndpoint(x, y));
    else changes.push({ endpoint: `${x.method} ${x.path}`, key: x.key, kind: 'endpoint-removed', where: 'endpoint', what: 'endpoint removed (404 or 405)', verdict: 'breaking', scope: { part: 'endpoint' } });
  }
  for (const y of b.endpoints) {
    if (!keysA.has(y.key)) changes.push({ endpoint: `${y.method} ${y.path}`, key: y.key, kind: 'endpoint-added', where: 'endpoint', what: 'endpoint added', verdict: 'compatible', scope: { part: 'endpoint' } });
  }
  const breaking = changes.filter((x) => x.verdict === 'breaking').length;
  return { old: a.surface, new: b.surface, changes, breaking, compatible: changes.length - breaking };
}
