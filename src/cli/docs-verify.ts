// `api-docs --verify` and `--examples-from`: the doc model's examples proven against the surface
// (started in-process, a fresh server with a fresh seeded data dir per example, as api-check starts
// them; or a running one at --base-url), and fixtures that replay successfully added as examples.
import { existsSync, statSync } from 'node:fs';
import type { DocExample, DocModel } from '../docs/index.js';
import type { Surface } from '../dsl/types.js';
import type { Target } from '../check/index.js';
import { UsageError } from './resolve-surface.js';
import { baseUrlProblem } from './base-url.js';
import { essence, isJson } from '../fixture/body.js';

export interface ProveOptions {
  readonly verify: boolean;
  readonly baseUrl?: string;
  readonly examplesFrom?: string;
  readonly timeoutMs: number;
}

/** Checks the flags before anything is loaded or sent: each problem is one usage line. */
export function checkProveFlags(o: { verify?: boolean; requireVerified?: boolean; baseUrl?: string; examplesFrom?: string; format: string }): void {
  // decided: --require-verified without --verify is a usage error rather than implying it, so the
  // document changes (proof lines) only where --verify is written; docs/decisions.md "Docs examples proven by the server".
  if (o.requireVerified && !o.verify) throw new UsageError('--require-verified needs --verify');
  if (o.baseUrl !== undefined) {
    if (!o.verify && o.examplesFrom === undefined) throw new UsageError('--base-url needs --verify or --examples-from (it is where their requests go)');
    // The same rule as api-check's --base-url (a query, an empty port or port 0 is a usage error too).
    const problem = baseUrlProblem(o.baseUrl);
    if (problem !== undefined) throw new UsageError(problem);
  }
  if (o.examplesFrom !== undefined && !(existsSync(o.examplesFrom) && statSync(o.examplesFrom).isDirectory())) {
    throw new UsageError(`--examples-from: no such directory ${o.examplesFrom}`);
  }
}

/** A server per call: the running one (never closed here), or a fresh in-process one. */
async function starterOf(name: string, o: ProveOptions, hasHandlers: boolean): Promise<() => Promise<Target>> {
  if (o.baseUrl !== undefined) { const url = o.baseUrl; return async () => ({ url }); }
  // api-check's own in-process starter, loaded only when examples are sent.
  const { inProcess } = await import('./check.js');
  const start = hasHandlers ? inProcess(name, () => {}) : undefined;
  if (start === undefined) throw new UsageError(`${name} has no handlers to send examples to here: give --base-url URL of a server that serves it`);
  return () => start(name);
}

/**
 * The exchanges of the surface's fixtures in `dir` that replay successfully against the server,
 * as examples of the response they are (a declared status with content, in a declared media type).
 * Scenarios are left out: their steps need the steps before them.
 */
async function fixtureExamples(dir: string, surface: Surface, names: readonly string[], start: () => Promise<Target>, o: ProveOptions, stderr: (line: string) => void) {
  const check = await import('../check/index.js');
  const loaded = check.loadFixtures([dir]);
  if (loaded.problems.length > 0) {
    throw new UsageError(`--examples-from: ${check.formatProblem(loaded.problems[0]!)}${loaded.problems.length > 1 ? ` (and ${loaded.problems.length - 1} more problems)` : ''}`);
  }
  const wanted = names.map((n) => n.toLowerCase());
  const files = loaded.files.filter((f) => !f.scenario && wanted.includes(f.surface.toLowerCase()));
  const result = await check.run({ files, start: () => start(), timeoutMs: o.timeoutMs, concurrency: 1 });
  const route = await (await import('./check.js')).endpointNamer(async () => ({ surface }));
  const added: { endpoint: string; status: number; example: DocExample }[] = [];
  let failed = 0;
  for (const r of result.results) {
    if (r.outcome !== 'passed' || r.actual === undefined) { failed++; continue; }
    const req = r.case.request;
    const endpoint = r.case.endpoint ?? route(req);
    if (endpoint === undefined) continue;
    added.push({ endpoint, status: r.actual.status, example: exampleOf(r.case, r.actual, o.verify) });
  }
  return { added, report: (used: number) => stderr(`api-docs: --examples-from ${dir}: ${result.results.length - failed} of ${result.results.length} fixtures of ${names[0]} replayed successfully, ${used} of them became examples${failed > 0 ? ' (the failed ones are not used)' : ''}`) };
}

function exampleOf(c: { name?: string; label: string; file: string; request: { method: string; path: string } }, actual: { headers: Readonly<Record<string, unknown>>; body: Buffer }, verified: boolean): DocExample {
  const type = String(actual.headers['content-type'] ?? '');
  const text = actual.body.toString('utf8');
  let value: unknown = text;
  let shown = text;
  if (isJson(type)) {
    try { value = JSON.parse(text) as unknown; shown = JSON.stringify(value); } catch { /* shown as sent */ }
  }
  const line = `${c.request.method} ${c.request.path}`;
  return {
    title: c.name ?? c.label, value,
    // The media entry is replaced by `fitted` with the response's declared one.
    bodies: [{ media: { name: '', type: essence(type), contentType: type, language: '' }, text: shown, contentType: type }],
    request: { method: c.request.method, url: c.request.path },
    recorded: { file: c.file, request: line },
    ...(verified ? { verification: { outcome: 'verified', request: line } } : {}),
  };
}

/**
 * The examples that answer a declared response (a status with content, not a stream) in one of its
 * media types, each with that declared media type; errors no endpoint declares (404, 405) are left out.
 */
function fitted(model: DocModel, added: readonly { endpoint: string; status: number; example: DocExample }[]) {
  return added.flatMap((a) => {
    const e = model.endpoints.find((x) => x.name === a.endpoint);
    const res = e?.responses.find((r) => r.status === a.status && r.content !== undefined && !r.stream);
    const media = res?.content?.media.find((m) => m.type === a.example.bodies[0]!.media.type);
    return media === undefined ? [] : [{ ...a, example: { ...a.example, bodies: [{ media, text: a.example.bodies[0]!.text, contentType: media.contentType }] } }];
  });
}

/**
 * The model with fixture examples added (`--examples-from`) and every example verified (`--verify`);
 * the report goes to stderr. Returns whether `--require-verified` would fail.
 */
export async function proveExamples(model: DocModel, name: string, surface: Surface, hasHandlers: boolean, o: ProveOptions, stderr: (text: string) => void): Promise<{ model: DocModel; unproven: number }> {
  const docs = await import('../docs/index.js');
  const start = await starterOf(name, o, hasHandlers);
  let out = model;
  if (o.examplesFrom !== undefined) {
    const from = await fixtureExamples(o.examplesFrom, surface, [name, model.surface], start, o, (l) => stderr(`${l}\n`));
    const fitting = fitted(out, from.added);
    from.report(fitting.length);
    out = docs.addExamples(out, fitting);
  }
  if (!o.verify) return { model: out, unproven: 0 };
  const { verifyExamples, verifyReport, verifyTotals } = await import('../check/verify-examples.js');
  // In-process, each example has a server of its own, so examples run side by side; a running
  // server is shared, so its examples go one after the other, in document order.
  const r = await verifyExamples(out, { start, timeoutMs: o.timeoutMs, concurrency: o.baseUrl === undefined ? 4 : 1 });
  stderr(verifyReport(model.surface, r.outcomes));
  const t = verifyTotals(r.outcomes);
  return { model: r.model, unproven: t.failed + t.notRun };
}
