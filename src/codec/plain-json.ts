// Plain JSON values: what JSON.parse gives back for a value's JSON.stringify, exactly. The client
// sends a JSON body it wrote from such a value, so the predictor can judge the value itself
// instead of parsing the text it just wrote (describe/decode.ts), with the same answer.
import { MAX_JSON_DEPTH } from './json-depth.js';

const { getPrototypeOf, hasOwn } = Object;
const OBJECT = Object.prototype;

/**
 * Whether `value` reads back from its JSON text as itself and nests at most `limit` deep (a
 * top-level `[]` is 1, as json-depth.ts counts): strings, booleans, null, finite numbers but -0
 * (written `0`), arrays without holes, and objects of no class whose own enumerable keys all hold
 * such values (an undefined field is dropped by the text, a `toJSON` or a Date rewritten by it).
 */
export function isPlainJson(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  return plain(value, 0, limit);
}

function plain(v: unknown, depth: number, limit: number): boolean {
  switch (typeof v) {
    case 'string': case 'boolean': return true;
    case 'number': return Number.isFinite(v) && !Object.is(v, -0);
    case 'object': break;
    default: return false;
  }
  if (v === null) return true;
  if (depth >= limit) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!plain(v[i], depth + 1, limit)) return false;
    return true;
  }
  const proto: unknown = getPrototypeOf(v);
  if (proto !== OBJECT && proto !== null) return false;
  const o = v as Record<string, unknown>;
  for (const k in o) {
    // An enumerable key of Object.prototype itself (added by some library): JSON.stringify skips it, check may not.
    if (!hasOwn(o, k)) return false;
    if (!plain(o[k], depth + 1, limit)) return false;
  }
  return true;
}
