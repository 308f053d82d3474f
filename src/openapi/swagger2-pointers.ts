// Where a pointer into the OpenAPI 3.0 document converted from a Swagger 2.0 one points in the 2.0
// original, so warnings name the file the user has (`#/definitions/Pet`, `#/paths/~1pets/get/parameters/2`).
import { child, resolvePointer } from '../codec/json-pointer.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const get = (o: unknown, ...keys: readonly string[]): unknown => keys.reduce<unknown>((v, k) => (isObj(v) ? v[k] : Array.isArray(v) ? v[Number(k)] : undefined), o);

/** A pointer into the original; `exact: false` when it is only the nearest place the original has. */
export interface SourcePointer {
  readonly pointer: string;
  readonly exact: boolean;
}

const tokens = (pointer: string): string[] => (pointer === '' ? [] : pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~')));
const join = (keys: readonly string[]): string => keys.reduce(child, '');

/**
 * The converter's component names: `Foo Bar` -> `Foo_Bar` (oas-kit-common's `sanitiseAll`, which
 * `sanitise` equals on names without `/`); a clash takes a number after it.
 */
const sanitised = (name: string): string => name.split('/').join('_').replace('[]', 'Array').replace(/[^A-Za-z0-9_\-.]+|\s+/gm, '_');

/** A parameter of the original, through a `$ref` to `#/parameters/X`, and where its text is. */
interface Param { readonly value: Obj; readonly at: readonly string[] }

export function swagger2Pointers(original: Obj, converted: Obj): (pointer: string) => SourcePointer {
  /** The original key of a converted component name in `section` of the 2.0 document. */
  const originalName = (section: string, name: string): string | undefined => {
    const names = isObj(original[section]) ? Object.keys(original[section]) : [];
    if (names.includes(name)) return name;
    const base = name.replace(/\d+$/, '');
    return names.find((n) => sanitised(n) === name) ?? names.find((n) => sanitised(n) === base);
  };

  const resolved = (p: unknown, at: readonly string[]): Param | undefined => {
    if (!isObj(p)) return undefined;
    const ref = p.$ref;
    if (typeof ref !== 'string') return { value: p, at };
    if (!ref.startsWith('#/')) return undefined;
    const target = resolvePointer(original, ref.slice(1));
    return target.found && isObj(target.value) ? { value: target.value, at: tokens(ref.slice(1)) } : undefined;
  };

  /** The original parameters of a path item (`method` undefined) or operation, resolved. */
  const params = (path: string, method: string | undefined): { entry: readonly string[]; param: Param | undefined }[] => {
    const at = method === undefined ? ['paths', path, 'parameters'] : ['paths', path, method, 'parameters'];
    const list = get(original, ...at);
    return Array.isArray(list) ? list.map((p, i) => ({ entry: [...at, String(i)], param: resolved(p, [...at, String(i)]) })) : [];
  };

  /** Inside a 2.0 non-body parameter or header, the schema's keywords sit on the parameter itself. */
  const inline = (rest: readonly string[]): string[] => {
    if (rest[0] === 'schema') return rest.slice(1);
    if (rest[0] === 'style' || rest[0] === 'explode') return ['collectionFormat'];
    return [...rest];
  };

  /** A response's converted parts: `content/T/schema` was `schema`, examples were keyed by type. */
  const response = (rest: readonly string[]): string[] => {
    if (rest[0] === 'content') return rest[2] === 'schema' ? rest.slice(2) : rest[2] === 'example' || rest[2] === 'examples' ? ['examples', rest[1] ?? ''] : [];
    if (rest[0] === 'headers' && rest.length > 2) return ['headers', rest[1]!, ...inline(rest.slice(2))];
    return [...rest];
  };

  /** The k-th converted parameter of a list: the k-th original one that is neither body nor formData. */
  const parameter = (path: string, method: string | undefined, index: string, rest: readonly string[]): string[] | undefined => {
    const kept = params(path, method).filter(({ param }) => param !== undefined && param.value.in !== 'body' && param.value.in !== 'formData');
    const hit = kept[Number(index)];
    const convertedName = get(converted, 'paths', path, ...(method === undefined ? [] : [method]), 'parameters', index, 'name');
    const name = (p: Param | undefined) => p?.value.name;
    if (hit === undefined || (convertedName !== undefined && convertedName !== name(hit.param))) return undefined;
    return rest.length === 0 || hit.param === undefined ? [...hit.entry] : [...hit.param.at, ...inline(rest)];
  };

  /** `requestBody` was the body parameter, or the formData parameters (one per property). */
  const requestBody = (path: string, method: string, rest: readonly string[]): string[] | undefined => {
    const all = [...params(path, method), ...params(path, undefined)];
    const body = all.find(({ param }) => param?.value.in === 'body');
    if (body) {
      if (rest.length === 0) return [...body.entry];
      const at = body.param!.at;
      if (rest[0] === 'content') return rest[2] === 'schema' ? [...at, ...rest.slice(2)] : [...at];
      return [...at, ...rest];
    }
    const form = all.filter(({ param }) => param?.value.in === 'formData');
    if (form.length === 0) return undefined;
    if (rest[0] === 'content' && rest[2] === 'schema' && rest[3] === 'properties' && rest[4] !== undefined) {
      const field = form.find(({ param }) => param?.value.name === rest[4]);
      if (field) return rest.length === 5 ? [...field.entry] : [...field.param!.at, ...inline(['schema', ...rest.slice(5)])];
    }
    return [...form[0]!.entry];
  };

  /** Rewrites the converted pointer's keys as the original's; undefined where no rule applies. */
  const rewrite = (t: readonly string[]): string[] | undefined => {
    const [a, b, c, ...rest] = t;
    if (a === 'servers') return [original.host !== undefined ? 'host' : original.basePath !== undefined ? 'basePath' : 'schemes'];
    if (a === 'components') {
      if (c === undefined) return [];
      const section = { schemas: 'definitions', parameters: 'parameters', responses: 'responses', securitySchemes: 'securityDefinitions' }[b ?? ''];
      if (section !== undefined) {
        const name = originalName(section, c);
        if (name === undefined) return [section];
        if (b === 'parameters') return ['parameters', name, ...inline(rest)];
        if (b === 'responses') return ['responses', name, ...response(rest)];
        return [section, name, ...rest];
      }
      if (b === 'requestBodies') {
        // A body shared by several operations became a component: the first operation using it.
        const ref = `#/components/requestBodies/${c}`;
        for (const [path, item] of Object.entries(isObj(converted.paths) ? converted.paths : {})) {
          for (const [method, op] of Object.entries(isObj(item) ? item : {})) {
            if (get(op, 'requestBody', '$ref') === ref) return requestBody(path, method, rest);
          }
        }
        const name = originalName('parameters', c);
        return name === undefined ? [] : ['parameters', name, ...(rest[0] === 'content' && rest[2] === 'schema' ? rest.slice(2) : [])];
      }
      return [];
    }
    if (a === 'paths' && b !== undefined && c !== undefined) {
      if (c === 'parameters' && rest[0] !== undefined) return parameter(b, undefined, rest[0], rest.slice(1));
      const [d, e, ...more] = rest;
      if (d === 'parameters' && e !== undefined) return parameter(b, c, e, more);
      if (d === 'requestBody') return requestBody(b, c, rest.slice(1));
      if (d === 'responses' && e !== undefined) return ['paths', b, c, 'responses', e, ...response(more)];
    }
    return undefined;
  };

  return (pointer) => {
    const t = tokens(pointer);
    const rewritten = rewrite(t);
    const wanted = rewritten ?? t;
    // The deepest place the original has along the rewritten keys.
    let found = 0;
    let node: unknown = original;
    for (const key of wanted) {
      const next = Array.isArray(node) && /^(0|[1-9]\d*)$/.test(key) ? node[Number(key)] : isObj(node) && Object.hasOwn(node, key) ? node[key] : undefined;
      if (next === undefined) break;
      node = next;
      found += 1;
    }
    // A key kept as it is (no rule) means the same only where it is still the same text.
    const exact = found === wanted.length && (rewritten !== undefined || t[0] === 'paths' || t[0] === 'info' || t[0] === 'tags' || t[0] === 'security' || t[0] === 'externalDocs' || /^x-/.test(t[0] ?? ''));
    return { pointer: join(wanted.slice(0, found)), exact };
  };
}
