// A small valid value for a JSON schema, read from the document alone (not api-serve's codecs):
// the schema's example, default, const or first enum value, else the simplest value of its type.
// Callers check the result with ajv and drop what it refuses, so a wrong guess costs a skipped
// request, never a wrong verdict.
import { resolve } from './judge-document.mjs';

const FORMATS = {
  'date-time': '2024-01-02T03:04:05Z', date: '2024-01-02', time: '03:04:05Z', email: 'a@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6', uri: 'https://example.com/a', url: 'https://example.com/a',
  'uri-reference': 'https://example.com/a', hostname: 'example.com', ipv4: '192.0.2.1', ipv6: '2001:db8::1', byte: 'YWJj',
};

function firstType(type) {
  if (Array.isArray(type)) return type.find((t) => t !== 'null') ?? type[0];
  return type;
}

function str(s) {
  if (typeof s.format === 'string' && FORMATS[s.format]) return FORMATS[s.format];
  let v = 'abc';
  if (typeof s.minLength === 'number' && v.length < s.minLength) v = v.padEnd(Math.min(s.minLength, 10_000), 'a');
  if (typeof s.maxLength === 'number' && v.length > s.maxLength) v = v.slice(0, Math.max(0, s.maxLength));
  return v;
}

function num(s, integer) {
  const lo = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : s.exclusiveMinimum === true && typeof s.minimum === 'number' ? s.minimum + 1 : undefined;
  const hi = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : undefined;
  let v = lo ?? (hi !== undefined && hi < 1 ? hi : 1);
  if (typeof s.multipleOf === 'number' && s.multipleOf > 0) v = Math.ceil(v / s.multipleOf) * s.multipleOf;
  return integer ? Math.ceil(v) : v;
}

/** A value for `schema` (found at `pointer` in `doc`); `atLeastOne` fills arrays with one item. */
export function sampleValue(doc, schema, pointer = '#', depth = 0, atLeastOne = false) {
  const r = resolve(doc, schema, pointer);
  const s = r.node;
  if (s === true || s === undefined || s === null || typeof s !== 'object') return 'abc';
  if (depth > 8) return undefined;
  if ('example' in s) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('default' in s) return s.default;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum.find((e) => e !== null) ?? s.enum[0];
  if (Array.isArray(s.allOf) && s.allOf.length > 0) {
    const parts = s.allOf.map((sub, i) => sampleValue(doc, sub, `${r.pointer}/allOf/${i}`, depth + 1));
    const own = s.properties || s.type === 'object' ? sampleObject(doc, s, r.pointer, depth) : undefined;
    if ([...parts, own].filter((p) => p !== undefined).every((p) => typeof p === 'object' && p !== null && !Array.isArray(p))) return Object.assign({}, ...parts, own);
    return parts[0];
  }
  for (const k of ['oneOf', 'anyOf']) {
    if (Array.isArray(s[k]) && s[k].length > 0) {
      const i = s[k].findIndex((x) => resolve(doc, x, r.pointer).node?.type !== 'null');
      return sampleValue(doc, s[k][Math.max(0, i)], `${r.pointer}/${k}/${Math.max(0, i)}`, depth + 1, atLeastOne);
    }
  }
  const type = firstType(s.type) ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
  switch (type) {
    case 'object': return sampleObject(doc, s, r.pointer, depth);
    case 'array': {
      const n = Math.max(typeof s.minItems === 'number' ? s.minItems : 0, atLeastOne ? 1 : 0);
      const items = Array.isArray(s.prefixItems) ? s.prefixItems.map((p, i) => sampleValue(doc, p, `${r.pointer}/prefixItems/${i}`, depth + 1)) : [];
      while (items.length < n) items.push(sampleValue(doc, s.items ?? {}, `${r.pointer}/items`, depth + 1));
      return items;
    }
    case 'string': return str(s);
    case 'integer': return num(s, true);
    case 'number': return num(s, false);
    case 'boolean': return true;
    case 'null': return null;
    default: return 'abc';
  }
}

function sampleObject(doc, s, pointer, depth) {
  const out = {};
  for (const name of Array.isArray(s.required) ? s.required : []) {
    const prop = s.properties?.[name];
    out[name] = prop === undefined ? 'abc' : sampleValue(doc, prop, `${pointer}/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
  }
  return out;
}
