// Validation of a parsed fixture: the JSON Schema first (structure), then what a schema cannot
// say (one body form, valid regular expressions and base64, `${name}` captured before use).
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { fixtureSchema } from '../fixture/schema.js';
import { looksLikeMatcher, matcherProblem } from './matchers.js';
import { child } from '../codec/json-pointer.js';
import { refsIn, refsInJson } from './template.js';

export interface Problem {
  readonly pointer: string;
  readonly message: string;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validateSchema = ajv.compile(fixtureSchema);

const RANK: Readonly<Record<string, number>> = { additionalProperties: 0, required: 1, type: 2, const: 3, enum: 3, pattern: 4, minItems: 5, minLength: 5, minimum: 5, maximum: 5 };

function messageOf(errors: readonly ErrorObject[]): string {
  const types = errors.filter((e) => e.keyword === 'type').map((e) => String((e.params as { type: string }).type));
  const sorted = [...errors].sort((a, b) => (RANK[a.keyword] ?? 9) - (RANK[b.keyword] ?? 9));
  const e = sorted[0]!;
  switch (e.keyword) {
    case 'additionalProperties': return `unknown key ${JSON.stringify((e.params as { additionalProperty: string }).additionalProperty)}`;
    case 'required': return `missing key ${JSON.stringify((e.params as { missingProperty: string }).missingProperty)}`;
    case 'type': return `must be ${[...new Set(types)].join(' or ')}`;
    case 'pattern': return `must match ${(e.params as { pattern: string }).pattern}`;
    case 'propertyNames': return 'capture names are identifiers (letters, digits, _)';
    default: return e.message ?? e.keyword;
  }
}

/** Schema errors, one per location: the deepest locations first (they say most). */
function schemaProblems(errors: readonly ErrorObject[]): Problem[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    if (e.keyword === 'if' || e.keyword === 'oneOf') continue;
    const path = e.keyword === 'propertyNames' ? child(e.instancePath, String((e.params as { propertyName?: string }).propertyName ?? '')) : e.instancePath;
    byPath.set(path, [...(byPath.get(path) ?? []), e]);
  }
  const paths = [...byPath.keys()];
  // A location whose child also failed adds nothing but noise (a failed alternative).
  const leaves = paths.filter((p) => !paths.some((q) => q !== p && q.startsWith(`${p}/`)));
  return leaves.map((p) => ({ pointer: p, message: messageOf(byPath.get(p)!) }));
}

function matcherProblems(value: unknown, pointer: string, out: Problem[]): void {
  if (Array.isArray(value)) { value.forEach((v, i) => matcherProblems(v, child(pointer, i), out)); return; }
  if (value === null || typeof value !== 'object') return;
  if (looksLikeMatcher(value)) {
    const p = matcherProblem(value);
    if (p) out.push({ pointer, message: p });
    return;
  }
  for (const [k, v] of Object.entries(value)) matcherProblems(v, child(pointer, k), out);
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function bodyForms(part: Record<string, unknown>, pointer: string, out: Problem[]): void {
  const given = ['body', 'text', 'base64'].filter((k) => Object.hasOwn(part, k));
  if (given.length > 1) out.push({ pointer: child(pointer, given[1]!), message: `give one of body, text, base64 (this one has ${given.join(' and ')})` });
  if (typeof part.base64 === 'string' && !BASE64.test(part.base64)) out.push({ pointer: child(pointer, 'base64'), message: 'not valid base64' });
}

interface Step { request: Record<string, unknown>; response: Record<string, unknown>; capture?: Record<string, Record<string, string>> }

/** Checks one step; `known` are the names captured by earlier steps. */
function stepProblems(step: Step, pointer: string, known: ReadonlySet<string>, out: Problem[]): void {
  const req = step.request;
  const res = step.response;
  bodyForms(req, child(pointer, 'request'), out);
  bodyForms(res, child(pointer, 'response'), out);
  matcherProblems(res.headers, child(child(pointer, 'response'), 'headers'), out);
  matcherProblems(res.body, child(child(pointer, 'response'), 'body'), out);
  matcherProblems(res.text, child(child(pointer, 'response'), 'text'), out);
  for (const [name, c] of Object.entries(step.capture ?? {})) {
    if (c.match === undefined) continue;
    try { new RegExp(c.match); } catch (e) {
      out.push({ pointer: child(child(child(pointer, 'capture'), name), 'match'), message: `not a valid regular expression: ${(e as Error).message}` });
    }
  }
  const refs = [
    ...refsIn(String(req.path)).map((name) => ({ name, pointer: child(child(pointer, 'request'), 'path') })),
    ...refsInJson(req.headers, child(child(pointer, 'request'), 'headers')),
    ...refsInJson(req.body, child(child(pointer, 'request'), 'body')),
    ...refsInJson(req.text, child(child(pointer, 'request'), 'text')),
    ...refsInJson(res.headers, child(child(pointer, 'response'), 'headers')),
    ...refsInJson(res.body, child(child(pointer, 'response'), 'body')),
    ...refsInJson(res.text, child(child(pointer, 'response'), 'text')),
  ];
  for (const r of refs) {
    if (!known.has(r.name)) out.push({ pointer: r.pointer, message: `\${${r.name}} is not captured by an earlier step` });
  }
}

/** Every problem of a parsed fixture document, each with its JSON pointer. */
export function validateFixture(doc: unknown): Problem[] {
  if (!validateSchema(doc)) return schemaProblems(validateSchema.errors ?? []);
  const out: Problem[] = [];
  const d = doc as { steps?: Step[] } & Step;
  const steps = d.steps ?? [d];
  const known = new Set<string>();
  steps.forEach((s, i) => {
    stepProblems(s, d.steps ? `/steps/${i}` : '', known, out);
    for (const name of Object.keys(s.capture ?? {})) known.add(name);
  });
  return out;
}
