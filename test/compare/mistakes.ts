// Mistakes a caller makes, the same for both clients, drawn from a document's operations; each
// is one small module per client, and all of them (every document's, with a correct call per
// operation as the control) compile in one tsc program: one compiler start, not one per file.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { TSC_INIT_OPTIONS } from '../helpers/tsc-init.js';
import type { CorpusDocument, Operation, Param } from './corpus.js';
import { type Plan, plansOf, valueOf } from './plans.js';
import { apiServeSource, inputOf } from './api-serve-side.js';
import { initOf, openapiFetchErrorProbe, openapiFetchSource } from './openapi-fetch-side.js';

export const MISTAKE_KINDS = [
  'a required path parameter left out',
  'a parameter of the wrong type',
  'a required query parameter left out',
  'a required body field left out',
  'a body field of the wrong type',
  'a required body left out',
  'a query parameter the operation does not declare',
  'an operation the document does not have',
] as const;
export type MistakeKind = (typeof MISTAKE_KINDS)[number];

export interface Mistake {
  readonly doc: string;
  readonly kind: MistakeKind;
  /** `findPets: limit` */
  readonly what: string;
  /** The module of each client, relative to the project. */
  readonly files: { readonly apiServe: string; readonly openapiFetch: string };
}

type Call = Pick<Plan, 'path' | 'query' | 'header' | 'body'>;

/** A value of another type than `param`'s: text for a number or boolean, a number for text. */
function wrongValue(schema: Record<string, unknown>): unknown {
  if (Array.isArray(schema.enum)) return 'not-one-of-the-enum';
  return schema.type === 'string' || schema.type === undefined ? 42 : 'not-a-number';
}

const without = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

/** Each mistake an operation allows: the correct plain call with one thing wrong. */
function mistakesOf(op: Operation): { kind: MistakeKind; what: string; call: Call }[] {
  const [plain] = plansOf(op);
  const out: { kind: MistakeKind; what: string; call: Call }[] = [];
  const firstPath = op.params.find((p) => p.in === 'path');
  if (firstPath) out.push({ kind: 'a required path parameter left out', what: `${op.key}: ${firstPath.name}`, call: { ...plain!, path: without(plain!.path, firstPath.name) } });
  // A number, boolean or enum parameter first: where a string's type and the wire's text differ.
  const typed: Param | undefined = op.params.find((p) => p.schema.type !== 'string' || Array.isArray(p.schema.enum)) ?? op.params[0];
  if (typed && typed.in !== 'cookie') {
    const where = typed.in;
    out.push({ kind: 'a parameter of the wrong type', what: `${op.key}: ${typed.name}`, call: { ...plain!, [where]: { ...plain![where], [typed.name]: wrongValue(typed.schema) } } });
  }
  const requiredQuery = op.params.find((p) => p.in === 'query' && p.required);
  if (requiredQuery) out.push({ kind: 'a required query parameter left out', what: `${op.key}: ${requiredQuery.name}`, call: { ...plain!, query: without(plain!.query, requiredQuery.name) } });
  const schema = op.body?.schema;
  const body = plain!.body as Record<string, unknown> | undefined;
  if (schema && body !== undefined && typeof body === 'object') {
    const all = valueOf(schema, 'plain') as Record<string, unknown>;
    const required = Object.keys(all).filter((k) => k in (valueOf(schema, 'required only') as object));
    const field = required[0];
    if (field !== undefined) out.push({ kind: 'a required body field left out', what: `${op.key}: body.${field}`, call: { ...plain!, body: without(body, field) } });
    const [name, value] = Object.entries(body)[0] ?? [];
    if (name !== undefined) out.push({ kind: 'a body field of the wrong type', what: `${op.key}: body.${name}`, call: { ...plain!, body: { ...body, [name]: typeof value === 'string' ? 42 : 'not-a-number' } } });
  }
  if (op.body?.required && plain!.body !== undefined) {
    const { body: _left, ...rest } = plain!;
    out.push({ kind: 'a required body left out', what: `${op.key}: body`, call: rest });
  }
  // A misspelt or invented name: the one mistake a type must reject by the names it does not list.
  out.push({ kind: 'a query parameter the operation does not declare', what: `${op.key}: colour`, call: { ...plain!, query: { ...plain!.query, colour: 'red' } } });
  return out;
}

export interface TypeCheck {
  readonly mistakes: readonly Mistake[];
  /** The correct calls' modules: each must compile, or a caught mistake would mean nothing. */
  readonly controls: readonly string[];
  /** Per operation declaring no error answer: a module that compiles if openapi-fetch types its `error` as `undefined`. */
  readonly probes: readonly { readonly op: string; readonly file: string }[];
}

/** Writes every mistake's and control's modules into `<project>/<doc>/`. */
export function writeMistakes(project: string, doc: CorpusDocument): TypeCheck {
  const mistakes: Mistake[] = [];
  const controls: string[] = [];
  const probes: { op: string; file: string }[] = [];
  let n = 0;
  const write = (apiServe: string, openapiFetch: string) => {
    n++;
    const files = { apiServe: join(doc.name, `api-serve-${n}.ts`), openapiFetch: join(doc.name, `openapi-fetch-${n}.ts`) };
    writeFileSync(join(project, files.apiServe), apiServe);
    writeFileSync(join(project, files.openapiFetch), openapiFetch);
    return files;
  };
  const sources = (op: Pick<Operation, 'key' | 'method' | 'path'>, call: Call) => {
    const init = initOf(call);
    return [apiServeSource(op.key, inputOf(call)), openapiFetchSource(op.method, op.path, Object.keys(init).length === 0 ? undefined : init)] as const;
  };
  for (const op of doc.operations) {
    const files = write(...sources(op, plansOf(op)[0]!));
    controls.push(files.apiServe, files.openapiFetch);
    if (Object.keys(op.responses).every((k) => /^[123]/.test(k))) {
      const file = join(doc.name, `openapi-fetch-probe-${n}.ts`);
      const init = initOf(plansOf(op)[0]!);
      writeFileSync(join(project, file), openapiFetchErrorProbe(op.method, op.path, Object.keys(init).length === 0 ? undefined : init));
      probes.push({ op: op.key, file });
    }
    for (const m of mistakesOf(op)) mistakes.push({ doc: doc.name, kind: m.kind, what: m.what, files: write(...sources(op, m.call)) });
  }
  const empty = { path: {}, query: {}, header: {} };
  mistakes.push({
    doc: doc.name, kind: 'an operation the document does not have', what: 'GET /not-in-the-document',
    files: write(...sources({ key: 'notInTheDocument', method: 'get', path: '/not-in-the-document' }, empty)),
  });
  return { mistakes, controls, probes };
}

/** tsc over every file, as `tsc --init` configures a project (run while the requests are sent): the files with an error. */
export function compile(project: string, files: readonly string[]): Promise<Map<string, string[]>> {
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...TSC_INIT_OPTIONS, noEmit: true, declaration: false, declarationMap: false, sourceMap: false }, files }));
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const errors = new Map<string, string[]>();
      for (const line of out.split('\n')) {
        const m = /^(.+?)\(\d+,\d+\): error (TS\d+: .*)$/.exec(line);
        if (m) errors.set(m[1]!, [...(errors.get(m[1]!) ?? []), m[2]!]);
      }
      if (code !== 0 && errors.size === 0) reject(new Error(`tsc failed without a located error: ${out}`));
      else resolve(errors);
    });
  });
}
