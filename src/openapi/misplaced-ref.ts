// Why a document is refused, when the cause is a schema `$ref` naming something that is no schema:
// enode's `items: { $ref: '#/paths/~1vehicles~1{vehicleId}/get/parameters/1' }` names a Parameter
// Object, and the OpenAPI schema's complaint (`explode: must NOT have additional properties`) says
// nothing of the reference. The refusal line then names the reference and what it names, and
// `--lenient` reads it as a reference to the parameter's own schema (document-repair.ts).
import { resolveRef } from './refs.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const unescape = (step: string) => step.replace(/~1/g, '/').replace(/~0/g, '~');

/** What an object a reference names is, when it is plainly no schema. */
function kindOf(target: unknown): string | undefined {
  if (!isObj(target)) return undefined;
  if (typeof target.in === 'string' && typeof target.name === 'string') return 'a Parameter Object';
  return undefined;
}

/** A schema `$ref` naming no schema: where the schema is, the object holding the `$ref`, and what it names. */
export interface MisplacedRef {
  /** The schema's pointer, as the error's pointer reaches it. */
  readonly at: string;
  readonly holder: Obj;
  readonly target: Obj;
  readonly kind: string;
}

/**
 * For a pointer into the document whose path goes through a schema's local `$ref` (a step the
 * referencing object does not hold itself), the reference when it names a Parameter Object;
 * undefined otherwise.
 */
export function misplacedRef(doc: unknown, pointer: string): MisplacedRef | undefined {
  const steps = pointer.split('/').slice(1);
  let node = doc;
  let path = '';
  for (const raw of steps) {
    const step = unescape(raw);
    for (let hops = 0; isObj(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/') && !Object.hasOwn(node, step); hops++) {
      if (hops > 32) return undefined;
      const found = resolveRef(doc, node.$ref);
      if (!found.found) return undefined;
      const target = found.value;
      const kind = kindOf(target);
      if (kind !== undefined && isObj(target) && /\/(schema|items|additionalProperties|not|properties\/[^/]+|(allOf|anyOf|oneOf)\/\d+|schemas\/[^/]+)$/.test(path)) {
        return { at: path, holder: node, target, kind };
      }
      node = target;
    }
    if (isObj(node) && Object.hasOwn(node, step)) node = node[step];
    else if (Array.isArray(node) && /^\d+$/.test(step) && Number(step) < node.length) node = node[Number(step)];
    else return undefined;
    path += `/${raw}`;
  }
  return undefined;
}

/** The refusal's note on a misplaced reference (see `misplacedRef`), or undefined. */
export function misplacedRefNote(doc: unknown, pointer: string): string | undefined {
  const m = misplacedRef(doc, pointer);
  return m === undefined ? undefined : `the schema at #${m.at} is a $ref to #${(m.holder.$ref as string).slice(1)}, ${m.kind}, not a schema`;
}
