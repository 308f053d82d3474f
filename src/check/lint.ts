// Lint: fixtures checked against the surfaces they name without sending anything (a request no
// endpoint answers, an expected body its declared type rejects, an endpoint name that does not
// exist), and coverage: which endpoints and declared statuses no fixture exercises.
import type { Codec } from '../codec/types.js';
import type { EndpointInfo, Surface } from '../dsl/types.js';
import { walk } from '../dsl/walk.js';
import type { Case, FixtureFile, FixtureProblem } from './fixture.js';
import { isMatcher } from './matchers.js';
import { child } from '../codec/json-pointer.js';
import { Router } from '../describe/router.js';
import { endpointErrors } from '../describe/possible-errors.js';
import { familyOfCodec, familyOfValue } from '../codec/untyped.js';

/** Finds a surface description by name (undefined: not known). */
export type SurfaceLoader = (name: string) => Promise<Surface | undefined>;

export interface EndpointCoverage {
  readonly endpoint: EndpointInfo;
  /** Declared statuses, each with whether a fixture expects it from this endpoint. */
  readonly statuses: readonly { readonly status: number; readonly covered: boolean }[];
  readonly covered: boolean;
}

export interface SurfaceCoverage {
  readonly surface: string;
  readonly endpoints: readonly EndpointCoverage[];
}

export interface LintResult {
  readonly problems: readonly FixtureProblem[];
  readonly coverage: readonly SurfaceCoverage[];
  /** Cases checked, and how many had a problem. */
  readonly cases: number;
  readonly casesWithProblems: number;
}

const HAS_VAR = /\$\{[A-Za-z_][A-Za-z0-9_]*\}/;

/** Where an expected JSON value departs from a codec (matchers and `${var}` are trusted). */
export function typeProblems(codec: Codec<unknown>, value: unknown, pointer: string, out: { pointer: string; message: string }[]): void {
  if (isMatcher(value) || (typeof value === 'string' && HAS_VAR.test(value))) return;
  const at = (message: string) => out.push({ pointer, message });
  if (codec.untyped !== undefined) {
    // A schema without `type`: a value of another JSON type than its keywords' passes as it is.
    const family = familyOfValue(value);
    const typed = [codec.untyped.base, ...codec.untyped.others].find((c) => familyOfCodec(c) === family);
    if (typed === undefined) return;
    if (typed !== codec.untyped.base) { typeProblems(typed, value, pointer, out); return; }
  }
  switch (codec.kind) {
    case 'json': case 'bytes': return;
    case 'optional':
      if (value !== null) typeProblems(codec.inner, value, pointer, out);
      return;
    case 'array':
      if (!Array.isArray(value)) { at(`expected ${codec.label}`); return; }
      value.forEach((v, i) => typeProblems(codec.item, v, child(pointer, i), out));
      return;
    case 'nullable':
      if (value !== null) typeProblems(codec.inner, value, pointer, out);
      return;
    case 'lazy':
      typeProblems(codec.target(), value, pointer, out);
      return;
    case 'tuple': {
      const n = codec.items.length;
      if (!Array.isArray(value) || value.length < (codec.partial ? 0 : n) || (codec.rest === false && value.length > n)) { at(`expected ${codec.label}`); return; }
      value.forEach((v, i) => typeProblems(i < n ? codec.items[i]! : codec.rest as Codec<unknown>, v, child(pointer, i), out));
      return;
    }
    case 'union': {
      // The value fits the union when some option has no problem with it (matchers included).
      const tries = codec.options.map((o) => { const found: { pointer: string; message: string }[] = []; typeProblems(o, value, pointer, found); return found; });
      if (!tries.some((t) => t.length === 0)) at(`expected ${codec.label}`);
      return;
    }
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) { at(`expected ${codec.label} (an object)`); return; }
      const { props, extra, patterns } = codec;
      const v = value as Record<string, unknown>;
      for (const [k, c] of Object.entries(props)) {
        if (!Object.hasOwn(v, k)) { if (c.kind !== 'optional') at(`${codec.label} requires key ${JSON.stringify(k)}`); }
        else typeProblems(c, v[k], child(pointer, k), out);
      }
      for (const k of Object.keys(v)) {
        if (Object.hasOwn(props, k)) continue;
        const matching = patterns.filter((p) => p.regex.test(k));
        for (const p of matching) typeProblems(p.codec, v[k], child(pointer, k), out);
        if (matching.length > 0 || extra === true) continue;
        if (extra === false) out.push({ pointer: child(pointer, k), message: `${codec.label} has no key ${JSON.stringify(k)}` });
        else typeProblems(extra, v[k], child(pointer, k), out);
      }
      return;
    }
    case 'scalar': {
      const r = codec.check(value, '$');
      if (!r.ok) at(r.error);
    }
  }
}

/** Which kinds of unmatched request the surface answers itself (its formatters may say 200). */
function formatted(surface: Surface): ReadonlySet<string> {
  const f = surface.meta.formatters ?? {};
  const out = new Set<string>();
  if (f.notFound) out.add('notFound');
  if (f.methodNotAllowed) out.add('methodNotAllowed');
  if (f.urlParse) out.add('badCapture');
  return out;
}

/** A `${var}` segment stands for any value of the capture it falls on. */
const placeholder = (segment: string) => HAS_VAR.test(segment);

function lintCase(c: Case, router: Router, custom: ReadonlySet<string>, problems: FixtureProblem[], hits: Map<EndpointInfo, Set<number>>): void {
  const endpoints = router.endpoints;
  const at = (pointer: string, message: string) => problems.push({ file: c.file, pointer: c.pointer + pointer, message });
  const expected = c.response.status;
  const success = expected < 400;
  if (c.endpoint !== undefined && !endpoints.some((e) => e.name === c.endpoint)) {
    at('/endpoint', `${c.surface} has no endpoint named ${JSON.stringify(c.endpoint)} (it has ${endpoints.map((e) => e.name).join(', ')})`);
  }
  const m = router.route(c.request.method, c.request.path, { placeholder });
  if (m.kind !== 'match') {
    // A surface that formats these answers itself may answer them with a success (S9's docs).
    if (success && !custom.has(m.kind === 'badUrl' ? 'badCapture' : m.kind)) {
      const why = m.kind === 'notFound' ? 'matches no endpoint' : m.kind === 'methodNotAllowed' ? `matches no endpoint (the path answers ${m.allow.filter((x) => x !== 'HEAD').join(', ')})` : m.kind === 'badUrl' ? 'has a malformed % escape' : 'has a capture its endpoint cannot decode';
      at('/request', `${c.request.method} ${c.request.path} ${why} of ${c.surface}, yet the fixture expects ${expected}`);
    }
    return;
  }
  const e = m.endpoint;
  if (c.endpoint !== undefined && c.endpoint !== e.name && endpoints.some((x) => x.name === c.endpoint)) {
    at('/endpoint', `the request goes to ${e.name} (${e.method} ${e.path}), not ${c.endpoint}`);
  }
  let statuses = hits.get(e);
  if (!statuses) hits.set(e, (statuses = new Set()));
  statuses.add(expected);
  const declared = e.responses.find((r) => r.status === expected);
  if (!declared) {
    // An undeclared status is expected rightly only when it is a protocol error this endpoint can
    // answer (the description layer's list, in check order) or a 500.
    const possible = endpointErrors(e).map((x) => x.status);
    if (success || (expected !== 500 && !possible.includes(expected))) {
      const protocol = !success && possible.length > 0 ? `; its protocol errors are ${[...new Set(possible)].join(', ')}` : '';
      at('/response/status', `${e.method} ${e.path} declares no ${expected} response (it declares ${e.responses.map((r) => r.status).join(', ')}${protocol})`);
    }
    return;
  }
  const res = c.response;
  if (!declared.content) {
    // Only a 204 promises no body: other content-less declarations may send files (S8 static).
    const hasBody = Object.hasOwn(res, 'body') || (typeof res.text === 'string' && res.text !== '') || (res.base64 !== undefined && res.base64 !== '');
    if (hasBody && expected === 204) at('/response', `${e.method} ${e.path} answers 204, which has no body, yet the fixture expects one`);
    return;
  }
  const json = declared.content.media.some((x) => x.type === 'application/json');
  if (Object.hasOwn(res, 'body') && json && !declared.stream) {
    const out: { pointer: string; message: string }[] = [];
    typeProblems(declared.content.codec, res.body, '/response/body', out);
    for (const p of out) at(p.pointer, `${p.message} (the declared type of ${e.method} ${e.path} ${expected})`);
  }
}

export async function lint(files: readonly FixtureFile[], load: SurfaceLoader): Promise<LintResult> {
  const problems: FixtureProblem[] = [];
  const coverage: SurfaceCoverage[] = [];
  const names = [...new Set(files.map((f) => f.surface))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  let cases = 0;
  const bad = new Set<string>();
  for (const name of names) {
    const surface = await load(name);
    const mine = files.filter((f) => f.surface === name);
    if (!surface) {
      for (const f of mine) problems.push({ file: f.file, pointer: '/surface', message: `no surface named ${JSON.stringify(name)} is known` });
      cases += mine.reduce((n, f) => n + f.cases.length, 0);
      for (const f of mine) for (const c of f.cases) bad.add(`${c.file}#${c.index}`);
      continue;
    }
    const router = new Router(walk(surface));
    const endpoints = router.endpoints;
    const hits = new Map<EndpointInfo, Set<number>>();
    for (const f of mine) {
      for (const c of f.cases) {
        cases++;
        const before = problems.length;
        lintCase(c, router, formatted(surface), problems, hits);
        if (problems.length > before) bad.add(`${c.file}#${c.index}`);
      }
    }
    coverage.push({
      surface: name,
      endpoints: endpoints.map((e) => {
        const got = hits.get(e) ?? new Set<number>();
        return { endpoint: e, covered: got.size > 0, statuses: e.responses.map((r) => ({ status: r.status, covered: got.has(r.status) })) };
      }),
    });
  }
  return { problems, coverage, cases, casesWithProblems: bad.size };
}

/** The coverage lines: one per surface, then what no fixture exercises. */
export function coverageText(coverage: readonly SurfaceCoverage[]): string {
  const lines: string[] = [];
  for (const s of coverage) {
    const eps = s.endpoints.filter((e) => e.covered).length;
    const all = s.endpoints.flatMap((e) => e.statuses);
    const sts = all.filter((x) => x.covered).length;
    lines.push(`${s.surface}: ${eps} of ${s.endpoints.length} endpoints, ${sts} of ${all.length} declared responses exercised`);
    for (const e of s.endpoints) {
      const missing = e.statuses.filter((x) => !x.covered).map((x) => x.status);
      if (!e.covered) lines.push(`  not exercised: ${e.endpoint.method} ${e.endpoint.path} (${e.endpoint.name})`);
      else if (missing.length > 0) lines.push(`  not exercised: ${e.endpoint.method} ${e.endpoint.path} -> ${missing.join(', ')}`);
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
