// The shared OpenAPI corpus (../shared/openapi-corpus, read in place) as the comparison reads it:
// each document's operations with their parameters and bodies resolved, and the key api-serve's
// importer gives each (what `client(surface)` names the call).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { importSurface, loadDocument } from '../../src/openapi/index.js';

export const CORPUS = join(ROOT, '..', 'shared', 'openapi-corpus');

export type Schema = Readonly<Record<string, unknown>>;

export interface Param {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly schema: Schema;
  readonly style?: string;
  readonly explode?: boolean;
}

export interface Operation {
  /** The call's name in api-serve's client: the importer's key for the operation. */
  readonly key: string;
  readonly method: 'get' | 'put' | 'post' | 'delete' | 'patch';
  /** The document's path template, `/pets/{petId}` (openapi-fetch's key). */
  readonly path: string;
  readonly params: readonly Param[];
  readonly body?: { readonly media: string; readonly schema: Schema; readonly required: boolean };
  /** The response keys the document declares (`200`, `default`, `4XX`). */
  readonly responses: Readonly<Record<string, { readonly media?: string; readonly schema?: Schema }>>;
}

export interface CorpusDocument {
  /** The file's name without `.yaml`: the surface name `api-serve` serves it under. */
  readonly name: string;
  readonly file: string;
  readonly operations: readonly Operation[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `node` with every local `$ref` followed, deeply (the corpus has no cycles through these). */
export function resolved(doc: Obj, node: unknown, depth = 0): unknown {
  if (depth > 32) return node;
  if (Array.isArray(node)) return node.map((n) => resolved(doc, n, depth + 1));
  if (!isObj(node)) return node;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    let target: unknown = doc;
    for (const key of node.$ref.slice(2).split('/')) target = isObj(target) ? target[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return resolved(doc, target, depth + 1);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolved(doc, v, depth + 1)]));
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export async function corpusDocument(file: string): Promise<CorpusDocument> {
  const path = join(CORPUS, file);
  const name = file.replace(/\.ya?ml$/, '');
  const imported = importSurface(await loadDocument(path), name);
  const doc = imported.document as Obj;
  const operations: Operation[] = [];
  for (const [p, rawItem] of Object.entries(isObj(doc.paths) ? doc.paths : {})) {
    const item = resolved(doc, rawItem) as Obj;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op)) continue;
      const key = imported.operations.find((o) => o.method === method && o.path === p)?.name;
      if (key === undefined) throw new Error(`${file}: ${method} ${p} was not imported`);
      const params = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]
        .filter(isObj).map((x): Param => ({
          name: String(x.name), in: x.in as Param['in'], required: x.required === true, schema: isObj(x.schema) ? x.schema : {},
          ...(typeof x.style === 'string' ? { style: x.style } : {}), ...(typeof x.explode === 'boolean' ? { explode: x.explode } : {}),
        }));
      const rb = isObj(op.requestBody) ? op.requestBody : undefined;
      const content = rb && isObj(rb.content) ? Object.entries(rb.content)[0] : undefined;
      const body = content && isObj(content[1]) ? { media: content[0], schema: (isObj(content[1].schema) ? content[1].schema : {}) as Schema, required: rb?.required === true } : undefined;
      const responses: Record<string, { media?: string; schema?: Schema }> = {};
      for (const [status, r] of Object.entries(isObj(op.responses) ? op.responses : {})) {
        const first = isObj(r) && isObj(r.content) ? Object.entries(r.content)[0] : undefined;
        responses[status] = first && isObj(first[1]) && isObj(first[1].schema) ? { media: first[0], schema: first[1].schema } : {};
      }
      operations.push({ key, method, path: p, params, ...(body ? { body } : {}), responses });
    }
  }
  return { name, file: path, operations };
}

export async function corpus(): Promise<CorpusDocument[]> {
  const files = readdirSync(CORPUS).filter((f) => /\.ya?ml$/.test(f)).sort();
  return Promise.all(files.map(corpusDocument));
}
