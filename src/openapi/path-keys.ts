// Path keys public definitions write that no request path can match, read as their authors meant
// them before the document is validated: a query string in the key (`/uploads?convert={convert}`,
// clicksend, medium, opensuse) is the operation's query parameters, and a key without its leading
// slash (`registry/{id}`) has one. Each is one warning pointing at the key in the file.
// decided: docs/openapi-in.md "Path keys" (never refused for it, never silent).
import { child } from './warnings.js';
import type { Repair } from './document-repair.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const VARIABLE = /^\{([^{}]+)\}$/;

/** What a key's query string says: each `name={variable}` pair, and the fixed pairs (`view=ymp`) it drops. */
function queryOf(query: string): { readonly vars: Map<string, string>; readonly fixed: string[] } | undefined {
  const vars = new Map<string, string>();
  const fixed: string[] = [];
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    // A name that is itself a variable (`{search}=1`) says nothing a parameter can.
    if (name === '' || /[{}]/.test(name)) return undefined;
    const v = VARIABLE.exec(value);
    if (v) vars.set(v[1]!, name);
    else if (/[{}]/.test(value)) return undefined;
    else fixed.push(pair);
  }
  return { vars, fixed };
}

/** A local `$ref` followed once (`#/components/parameters/x`, Swagger 2.0's `#/parameters/x`). */
function local(doc: Obj, v: unknown): unknown {
  if (!isObj(v) || typeof v.$ref !== 'string' || !v.$ref.startsWith('#/')) return v;
  return v.$ref.slice(2).split('/').map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((o, k) => (isObj(o) && Object.hasOwn(o, k) ? o[k] : undefined), doc);
}

/**
 * The path item with each path parameter the query names turned into that query parameter, or
 * undefined when such a parameter is a `$ref` (a shared parameter is not changed for one key).
 */
function moved(doc: Obj, item: Obj, vars: ReadonlyMap<string, string>): Obj | undefined {
  let shared = false;
  const fix = (list: unknown[]): unknown[] => list.map((p) => {
    const r = local(doc, p);
    if (!isObj(r) || r.in !== 'path' || typeof r.name !== 'string' || !vars.has(r.name)) return p;
    if (r !== p) shared = true;
    return { ...r, in: 'query', name: vars.get(r.name) };
  });
  const out: Obj = { ...item };
  if (Array.isArray(item.parameters)) out.parameters = fix(item.parameters);
  for (const m of METHODS) {
    const op = item[m];
    if (isObj(op) && Array.isArray(op.parameters)) out[m] = { ...op, parameters: fix(op.parameters) };
  }
  return shared ? undefined : out;
}

/** A parameter's identity (OpenAPI: its name and location), through a local `$ref`. */
function identity(doc: Obj, p: unknown): string | undefined {
  const r = local(doc, p);
  return isObj(r) && typeof r.name === 'string' && typeof r.in === 'string' ? `${r.in}:${r.name}` : undefined;
}

/**
 * Moves a path item's own parameters into each of its operations (where the operation does not
 * declare the same one, which overrides it), so that operations merged from another path item
 * keep exactly the parameters they had.
 */
function pushDown(doc: Obj, item: Obj): void {
  if (!Array.isArray(item.parameters)) return;
  const shared = item.parameters as unknown[];
  for (const m of METHODS) {
    const op = item[m];
    if (!isObj(op)) continue;
    const own = Array.isArray(op.parameters) ? op.parameters as unknown[] : [];
    const taken = new Set(own.map((p) => identity(doc, p)));
    item[m] = { ...op, parameters: [...own, ...shared.filter((p) => !taken.has(identity(doc, p)))] };
  }
  delete item.parameters;
}

/**
 * Rewrites `doc.paths` in place: keys with a query string or without a leading slash become the
 * path they stand for, merged into the path item already there (a method both declare: the one
 * written first); each a repair saying so. Keys that cannot be read so are left as they are
 * (validation then says why).
 */
export function normalizePathKeys(doc: Obj): Repair[] {
  const paths = doc.paths;
  if (!isObj(paths)) return [];
  const repairs: Repair[] = [];
  let text: string | undefined;
  for (const key of Object.keys(paths)) {
    const item = paths[key];
    if (!isObj(item)) continue;
    const q = key.indexOf('?');
    const slash = key.startsWith('/');
    if (q < 0 && slash) continue;
    const path = `${slash ? '' : '/'}${q < 0 ? key : key.slice(0, q)}` || '/';
    const query = q < 0 ? { vars: new Map<string, string>(), fixed: [] } : queryOf(key.slice(q + 1));
    if (query === undefined) continue;
    // A `$ref` elsewhere naming this path item by its key would lose it.
    text ??= JSON.stringify(doc);
    if (text.includes(`"#/paths/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)) continue;
    const next = moved(doc, item, query.vars);
    if (next === undefined) continue;
    const there = Object.hasOwn(paths, path) ? paths[path] : undefined;
    let clashes = '';
    if (there !== undefined) {
      if (!isObj(there)) continue;
      // decided: two operations of one method at one path: the one written first is served, the
      // other left out, said in the key's warning (docs/openapi-in.md "Path keys").
      const keyFirst = Object.keys(paths).indexOf(key) < Object.keys(paths).indexOf(path);
      pushDown(doc, there);
      pushDown(doc, next);
      const clash = METHODS.filter((m) => there[m] !== undefined && next[m] !== undefined);
      for (const m of METHODS) if (next[m] !== undefined && (keyFirst || !clash.includes(m))) there[m] = next[m];
      if (clash.length > 0) {
        const ops = clash.map((m) => m.toUpperCase()).join(', ');
        clashes = keyFirst ? `; ${ops} ${path} declared again later in the document is left out (this key's is served)`
          : `; ${ops} is declared at ${path} already, which is served (this key's ${ops} is left out)`;
      }
    } else Object.defineProperty(paths, path, { value: next, enumerable: true, writable: true, configurable: true });
    delete paths[key];
    const said: string[] = [];
    if (!slash) said.push('has no leading slash');
    if (q >= 0) said.push(`holds a query string (${JSON.stringify(key.slice(q))}), which no request path has`);
    const params = [...query.vars.values()];
    const as = params.length === 0 ? '' : `, with ${params.join(', ')} as query parameter${params.length === 1 ? '' : 's'}`;
    const dropped = query.fixed.length === 0 ? '' : ` (the fixed ${query.fixed.join('&')} is not required)`;
    repairs.push({ pointer: child('/paths', key), message: `the path key ${said.join(' and ')}: served at ${path}${as}${dropped}${clashes}` });
  }
  return repairs;
}

/**
 * Takes the extensions (`x-` keys) out of `doc.paths` while the document is validated, and gives
 * a function that puts them back: OpenAPI allows them there, but the parser's validation refuses
 * every `paths` key without a leading slash (apicurio's `x-codegen-contextRoot`).
 */
export function setPathExtensionsAside(doc: Obj): () => void {
  const paths = doc.paths;
  if (!isObj(paths)) return () => {};
  const aside = Object.keys(paths).filter((k) => k.startsWith('x-')).map((k) => [k, paths[k]] as const);
  for (const [k] of aside) delete paths[k];
  return () => { for (const [k, v] of aside) Object.defineProperty(paths, k, { value: v, enumerable: true, writable: true, configurable: true }); };
}
