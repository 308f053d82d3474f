// Examples proven by the server (`api-docs --verify`): each response example's request, stated in
// the surface or derived from its endpoint, is sent over HTTP like any client would, and the answer
// is judged by api-check's comparator (status, Content-Type, body) against the example.
import type { DocEndpoint, DocExample, DocMedia, DocModel, DocVerification } from '../docs/model.js';
import { type ExampleSite, exampleSites, mapExamples } from '../docs/verification.js';
import type { RequestSpec, ResponseSpec } from './fixture.js';
import { type Difference, compareResponse, differenceWhere } from './compare.js';
import { newDispatcher, send } from './replay.js';
import type { Target } from './run.js';

/** What is sent for one example: setup requests, then one exchange per media type it is shown in. */
export interface ExamplePlan {
  readonly before: readonly RequestSpec[];
  readonly exchanges: readonly { readonly media: DocMedia; readonly request: RequestSpec; readonly expected: ResponseSpec }[];
  /** The request as the docs name it: `GET /position/3/14`. */
  readonly line: string;
}

export type Planned = { readonly ok: true; readonly plan: ExamplePlan } | { readonly ok: false; readonly verification: DocVerification };

const isJson = (m: DocMedia) => /^application\/([\w.+-]+\+)?json$/.test(m.type);
const notRun = (reason: string): Planned => ({ ok: false, verification: { outcome: 'not-run', reason } });

/** The path with every capture's example in place, or why there is none. */
function derivedPath(e: DocEndpoint): { ok: true; path: string } | { ok: false; reason: string } {
  let missing: string | undefined;
  const path = e.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const c = e.captures.find((x) => x.name === name);
    if (c?.exampleText === undefined) { missing ??= name; return ''; }
    return c.rest ? c.exampleText.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(c.exampleText);
  });
  return missing === undefined ? { ok: true, path } : { ok: false, reason: `no request could be derived: capture ${missing} has no example (state the example's request)` };
}

type Body = Pick<RequestSpec, 'body' | 'text'> & { readonly contentType?: string };

/** A stated body: JSON, or text when a non-JSON `content-type` header says so. */
function statedBody(body: unknown, headers: Readonly<Record<string, string>>): Body {
  const given = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  return typeof body === 'string' && given !== undefined && !/json/i.test(given) ? { text: body } : { body };
}

/** The body a request carries: the one stated, else the endpoint's first request example. */
function bodyOf(e: DocEndpoint, stated: { readonly body?: unknown } | undefined, headers: Readonly<Record<string, string>>): Body | { problem: string } | undefined {
  if (stated !== undefined && Object.hasOwn(stated, 'body')) return statedBody(stated.body, headers);
  if (e.request === undefined) return undefined;
  const first = e.request.examples[0]?.bodies[0];
  if (first === undefined) return { problem: 'no request could be derived: the request body has no example (state the example\'s request)' };
  return { text: first.text, contentType: first.contentType };
}

function expectedOf(status: number, media: DocMedia, text: string): ResponseSpec {
  const headers = { 'content-type': media.contentType };
  if (isJson(media)) {
    try { return { status, headers, body: JSON.parse(text) as unknown }; } catch { /* compared as text */ }
  }
  return { status, headers, text };
}

/** What `--verify` sends for an example, or why it sends nothing. */
export function planExample(site: ExampleSite): Planned {
  const { endpoint: e, response, example } = site;
  if (example.unverifiable !== undefined) return { ok: false, verification: { outcome: 'unverifiable', reason: example.unverifiable } };
  const stated = example.request;
  const headers: Record<string, string> = { ...stated?.headers };
  if (stated === undefined && e.auth) return notRun(`no request could be derived: ${e.method} ${e.path} needs credentials (state the example's request with an Authorization header)`);
  let path: string;
  if (stated !== undefined) path = stated.url;
  else {
    const p = derivedPath(e);
    if (!p.ok) return notRun(p.reason);
    path = p.path;
  }
  const body = bodyOf(e, stated, headers);
  if (body !== undefined && 'problem' in body) return notRun(body.problem);
  const method = (stated?.method ?? e.method).toUpperCase();
  const hasAccept = Object.keys(headers).some((k) => k.toLowerCase() === 'accept');
  const exchanges = example.bodies.map(({ media, text }) => {
    // decided: the example's media type first, anything else after it (as a browser asks), so an
    // error example in another type than the success one is not refused 406 before the handler
    // runs; the Content-Type of the answer is still compared. docs/decisions.md "Docs examples proven by the server".
    const h: Record<string, string> = { ...(hasAccept ? {} : { accept: `${media.contentType}, */*;q=0.1` }), ...headers };
    if (body?.contentType !== undefined) h['content-type'] = body.contentType;
    const { contentType: _, ...payload } = body ?? {};
    return { media, request: { method, path, headers: h, ...payload }, expected: expectedOf(response.status, media, text) };
  });
  const before = (stated?.before ?? []).map((b): RequestSpec => {
    const bh = { ...b.headers };
    return { method: b.method.toUpperCase(), path: b.url, headers: bh, ...(Object.hasOwn(b, 'body') ? statedBody(b.body, bh) : {}) };
  });
  const line = `${method} ${path}${exchanges.length > 1 ? ' (once per content type)' : ''}`;
  return { ok: true, plan: { before, exchanges, line } };
}

/** A difference as one phrase: `status: expected 200, got 404`, `body /msg: expected ...`. */
export const differenceText = (d: Difference): string => `${differenceWhere(d)}: ${d.message}`;

export interface VerifyOptions {
  /** The server an example's requests go to: a fresh one per example in-process, or the running one. */
  readonly start: () => Promise<Target>;
  readonly timeoutMs: number;
  /** Examples verified at once (each has its own server in-process; 1 against a running server). */
  readonly concurrency: number;
}

/** One example's outcome, where it sits, for the report. */
export interface ExampleOutcome {
  readonly site: ExampleSite;
  readonly verification: DocVerification;
}

async function verifyPlan(plan: ExamplePlan, o: VerifyOptions, dispatcher: ReturnType<typeof newDispatcher>): Promise<DocVerification> {
  let target: Target;
  try { target = await o.start(); } catch (err) {
    return { outcome: 'not-run', request: plan.line, reason: `the server could not be started: ${(err as Error)?.message ?? String(err)}` };
  }
  const opts = { timeoutMs: o.timeoutMs, dispatcher };
  try {
    for (const [i, req] of plan.before.entries()) {
      const r = await send(target.url, req, opts);
      if (!r.ok) return { outcome: 'not-run', request: plan.line, reason: r.message };
      if (r.response.status >= 400) return { outcome: 'failed', request: plan.line, reason: `the request before it (${i + 1}: ${req.method} ${req.path}) answered ${r.response.status}` };
    }
    for (const x of plan.exchanges) {
      const r = await send(target.url, x.request, opts);
      if (!r.ok) return { outcome: 'not-run', request: plan.line, reason: r.message };
      const differences = compareResponse(x.expected, r.response);
      if (differences.length > 0) {
        const shown = differences.slice(0, 3).map(differenceText).join('; ');
        const more = differences.length > 3 ? ` (and ${differences.length - 3} more)` : '';
        return { outcome: 'failed', request: `${x.request.method} ${x.request.path}`, reason: `the server answered differently (Accept: ${x.media.contentType}): ${shown}${more}` };
      }
    }
    return { outcome: 'verified', request: plan.line };
  } finally {
    await target.close?.();
  }
}

/**
 * Sends every response example's request and returns the model with each example's verification
 * (examples that already carry one, replayed fixtures, keep it) and the outcomes in document order.
 */
export async function verifyExamples(model: DocModel, o: VerifyOptions): Promise<{ model: DocModel; outcomes: ExampleOutcome[] }> {
  const sites = exampleSites(model);
  const found = new Map<DocExample, DocVerification>();
  const dispatcher = newDispatcher();
  const queue = sites.filter((s) => s.example.verification === undefined);
  const worker = async () => {
    for (let s = queue.shift(); s; s = queue.shift()) {
      const planned = planExample(s);
      found.set(s.example, planned.ok ? await verifyPlan(planned.plan, o, dispatcher) : planned.verification);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(o.concurrency, queue.length)) }, worker));
  } finally {
    await dispatcher.close();
  }
  const outcomes = sites.map((site) => ({ site, verification: site.example.verification ?? found.get(site.example)! }));
  const marked = mapExamples(model, ({ example }) => (found.has(example) ? { ...example, verification: found.get(example)! } : example));
  return { model: marked, outcomes };
}

/** `GET /position/:x/:y -> 200, example 1` (with its title when it has one). */
export const exampleLabel = (s: ExampleSite) =>
  `${s.endpoint.method} ${s.endpoint.path} -> ${s.response.status}, example ${s.index + 1}${s.example.title === undefined ? '' : ` "${s.example.title}"`}`;

const WORD: Readonly<Record<DocVerification['outcome'], string>> = { verified: 'PASS', failed: 'FAIL', unverifiable: 'SKIP', 'not-run': 'NOT RUN' };

export interface VerifyTotals { verified: number; failed: number; unverifiable: number; notRun: number }

export function verifyTotals(outcomes: readonly ExampleOutcome[]): VerifyTotals {
  const t: VerifyTotals = { verified: 0, failed: 0, unverifiable: 0, notRun: 0 };
  for (const o of outcomes) {
    const v = o.verification.outcome;
    if (v === 'verified') t.verified++;
    else if (v === 'failed') t.failed++;
    else if (v === 'unverifiable') t.unverifiable++;
    else t.notRun++;
  }
  return t;
}

/** One line per example, then the totals: what `api-docs --verify` writes to stderr. */
export function verifyReport(surface: string, outcomes: readonly ExampleOutcome[]): string {
  const lines = outcomes.map(({ site, verification: v }) => {
    const detail = v.outcome === 'verified' ? `(${v.request})` : `${v.request === undefined ? '' : `(${v.request}) `}${v.reason}`;
    return `${WORD[v.outcome].padEnd(7)} ${surface}  ${exampleLabel(site)}  ${detail}`;
  });
  const t = verifyTotals(outcomes);
  return `${lines.map((l) => `${l}\n`).join('')}${surface} examples: ${t.verified} verified, ${t.failed} failed, ${t.unverifiable} unverifiable, ${t.notRun} not run\n`;
}
