// An operation's responses (per status, `2XX`-style ranges and `default`) with their headers,
// content and examples, in the order the endpoint builder takes them: the success first.
import type { Codec } from '../codec/types.js';
import type { Content } from '../dsl/types.js';
import type { SchemaReader } from './schema-to-codec.js';
import { deref, examplesOf } from './parameters.js';
import { readContent, type ReadContent } from './content.js';
import { child, type Warnings } from './warnings.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ReadResponse {
  readonly status: number;
  /** The document's key when it is not the status (`default`, `2XX`). */
  readonly key?: string;
  readonly description?: string;
  readonly content?: Content;
  readonly examples: ReadContent['examples'];
  readonly headers: Record<string, Codec<unknown>>;
}

/**
 * The status answered for each key: a number for itself; `2XX` its first status (200, 400...)
 * unless that one is listed too; `default` 200 when nothing else is a success, else 500.
 */
// decided (docs/decisions.md "OpenAPI in"): a mock answers one status per key, so a range or `default`
// stands for a representative status; the OpenAPI written back keeps the key.
function statusOf(key: string, keys: readonly string[]): number | undefined {
  if (/^[1-5]\d\d$/.test(key)) return Number(key);
  const range = /^([1-5])XX$/i.exec(key);
  const taken = new Set(keys.filter((k) => /^\d+$/.test(k)).map(Number));
  if (range) {
    const base = Number(range[1]) * 100;
    for (let s = base; s < base + 100; s++) if (!taken.has(s)) return s;
    return undefined;
  }
  if (key === 'default') {
    const success = keys.some((k) => /^2(\d\d|XX)$/i.test(k));
    return success ? (taken.has(500) ? undefined : 500) : 200;
  }
  return undefined;
}

function headersOf(doc: Obj, spec: Obj, pointer: string, name: string, schemas: SchemaReader, warnings: Warnings): Record<string, Codec<unknown>> {
  const out: Record<string, Codec<unknown>> = {};
  if (!isObj(spec.headers)) return out;
  for (const [header, raw] of Object.entries(spec.headers)) {
    const at = child(pointer, 'headers', header);
    if (header.toLowerCase() === 'content-type') { warnings.add(at, 'a Content-Type response header is ignored (OpenAPI: the media type says it)'); continue; }
    const h = deref(doc, raw, at, warnings);
    if (!h) continue;
    const schema = h.value.schema ?? (isObj(h.value.content) ? (Object.values(h.value.content)[0] as Obj | undefined)?.schema : undefined) ?? {};
    let codec = schemas.read(schema, child(h.pointer, 'schema'), `${name}_${header}`);
    const examples = examplesOf(doc, h.value, h.pointer, codec, warnings);
    if (examples.length > 0) codec = { ...codec, examples };
    if (typeof h.value.description === 'string') codec = { ...codec, description: h.value.description };
    // An own property whatever its name: `out['__proto__'] = ...` would set the prototype instead.
    Object.defineProperty(out, header, { value: codec, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The operation's responses, the success (lowest 2xx, else the first) first. */
export function readResponses(doc: Obj, responses: unknown, pointer: string, name: string, schemas: SchemaReader, warnings: Warnings): ReadResponse[] {
  if (!isObj(responses)) return [];
  const keys = Object.keys(responses);
  const out: ReadResponse[] = [];
  for (const key of keys) {
    const at = child(pointer, key);
    const status = statusOf(key, keys);
    if (status === undefined || out.some((r) => r.status === status)) {
      warnings.add(at, `response ${key} has no status of its own left to answer with; left out`);
      continue;
    }
    const r = deref(doc, responses[key], at, warnings);
    if (!r) continue;
    if (r.value.links !== undefined) warnings.add(child(r.pointer, 'links'), 'links are not followed or documented');
    // A binary answer (an image, a PDF) is bytes, as a binary upload is.
    const body = readContent(r.value.content, child(r.pointer, 'content'), `${name}${key}`, schemas, warnings, true, true);
    out.push({
      status,
      ...(String(status) === key ? {} : { key }),
      ...(typeof r.value.description === 'string' ? { description: r.value.description } : {}),
      ...(body ? { content: { codec: body.codec, media: body.media } } : {}),
      examples: body?.examples ?? [],
      headers: headersOf(doc, r.value, r.pointer, name, schemas, warnings),
    });
  }
  const success = out.filter((r) => r.status >= 200 && r.status < 300).sort((a, b) => a.status - b.status)[0] ?? out[0];
  return success ? [success, ...out.filter((r) => r !== success)] : out;
}
