// A loaded OpenAPI document as a surface value: one endpoint per operation, named from its
// operationId, with the document's title and description; what it cannot carry is a warning.
import { api } from '../dsl/combinators.js';
import type { Endpoint, Surface, AnyEndpoint } from '../dsl/types.js';
import { documentMeta } from './document-meta.js';
import { SchemaReader } from './schema-to-codec.js';
import { BUILDERS, type OperationMethod, operationToEndpoint } from './operation-to-endpoint.js';
import { securitySchemes } from './security.js';
import { RouteShapes } from './route-shapes.js';
import { child, type ImportWarning, Warnings } from './warnings.js';
import { deref } from './parameters.js';
import type { LoadedDocument } from './load-document.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ImportedOperation {
  /** The endpoint's key in the surface tree. */
  readonly name: string;
  readonly method: OperationMethod;
  readonly path: string;
}

export interface ImportedSurface {
  readonly surface: Surface;
  readonly operations: readonly ImportedOperation[];
  readonly warnings: readonly ImportWarning[];
  /** The bundled document and the reader of its schemas (what `api-serve import` names components by). */
  readonly document: Readonly<Record<string, unknown>>;
  readonly schemas: SchemaReader;
}

/** An identifier from an operationId (`list-pets` -> `listPets`), else from the method and path. */
function endpointName(op: Obj, method: string, path: string): string {
  const raw = typeof op.operationId === 'string' && op.operationId !== '' ? op.operationId : `${method} ${path.replace(/\{([^{}]*)\}/g, ' by $1 ')}`;
  const words = raw.split(/[^A-Za-z0-9_$]+/).filter((w) => w !== '');
  const name = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
  return /^[A-Za-z_$]/.test(name) ? name : `op${name}`;
}

const OTHER_METHODS = ['head', 'options', 'trace'];

/** The surface of a document; `name` is what the server's log and the docs call it. */
export function importSurface(loaded: LoadedDocument, name: string): ImportedSurface {
  const { document: doc } = loaded;
  // A Swagger 2.0 file is read converted: each warning names its place in the file.
  const warnings = new Warnings(loaded.converted?.pointer);
  for (const note of loaded.converted?.notes ?? []) warnings.add(note.pointer, `converted to OpenAPI 3.0 with a loss: ${note.message}`);
  for (const left of loaded.repairs ?? []) warnings.addInFile(left.pointer, left.message);
  const ctx = { doc, schemas: new SchemaReader(doc, loaded.version, warnings, loaded.base), securitySchemes: securitySchemes(doc, warnings), warnings };
  // A Map, not an object: an operationId `__proto__` assigned to a plain object would set its
  // prototype, and the operation would be lost from the surface without a word.
  const tree = new Map<string, AnyEndpoint>();
  const operations: ImportedOperation[] = [];
  const routes = new RouteShapes();
  const paths = isObj(doc.paths) ? doc.paths : {};
  for (const [path, raw] of Object.entries(paths)) {
    // A path item may be a `$ref` to another (surevoip's `/support/ip-address` -> `/ip-address`).
    const item = deref(doc, raw, child('/paths', path), warnings)?.value;
    if (!isObj(item)) continue;
    for (const m of OTHER_METHODS) if (item[m] !== undefined) warnings.add(child('/paths', path, m), `${m.toUpperCase()} operations are not served (HEAD is answered wherever GET is)`);
    for (const method of Object.keys(BUILDERS) as OperationMethod[]) {
      const op = item[method];
      if (!isObj(op)) continue;
      let key = endpointName(op, method, path);
      for (let n = 2; tree.has(key); n++) key = `${endpointName(op, method, path)}${n}`;
      const e = operationToEndpoint(ctx, path, method, key);
      if (!e || !routes.claim(e, child('/paths', path, method), warnings)) continue;
      tree.set(key, e);
      operations.push({ name: key, method, path });
    }
  }
  if (doc.webhooks !== undefined) warnings.add('/webhooks', 'webhooks are not sent or documented');
  // Object.fromEntries defines own properties: `__proto__` stays an endpoint.
  return { surface: api(name, documentMeta(doc, name), Object.fromEntries(tree)), operations, warnings: warnings.list, document: doc, schemas: ctx.schemas };
}
