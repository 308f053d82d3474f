// An OpenAPI `content` map (media type -> schema, examples, encoding) as one codec, its media
// codecs and its examples: the codec layer gives a body one type whatever its media type.
import { deepEqual } from '../codec/json-equal.js';
import type { Codec, Example } from '../codec/types.js';
import type { MediaCodec } from '../codec/media.js';
import type { SchemaReader } from './schema-to-codec.js';
import { examplesOf } from './parameters.js';
import { resolveRef } from './refs.js';
import { mediaCodec } from './media-types.js';
import { mediaOf } from '../codec/media-of.js';
import * as t from '../codec/codecs.js';
import { child, type Warnings } from './warnings.js';
import { multipartMedia, withFileParts } from './multipart-content.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ReadContent {
  readonly codec: Codec<unknown>;
  readonly media: readonly MediaCodec[];
  readonly examples: readonly Example<unknown>[];
}

const bare = (type: string): string => type.split(';')[0]!.trim().toLowerCase();

/** A media type whose bodies are not text of some kind: octet-stream, images, audio, PDF... */
const rawMedia = (type: string): boolean =>
  !/[/+]json$/.test(type) && !type.startsWith('text/') && !type.startsWith('multipart/') && type !== 'application/x-www-form-urlencoded';

/**
 * A schema that says only "some bytes": none, `{}`, or a `format: binary` string (or 3.1's
 * `contentMediaType`), given in place or by a local `$ref` (museum's `GetTicketCodeResponse`).
 */
function binarySchema(doc: unknown, given: unknown): boolean {
  let schema = given;
  for (let hops = 0; isObj(schema) && typeof schema.$ref === 'string' && Object.keys(schema).length === 1 && hops < 8; hops++) {
    const found = resolveRef(doc, schema.$ref);
    if (!found.found) return false;
    schema = found.value;
  }
  if (schema === undefined) return true;
  if (!isObj(schema)) return false;
  if (schema.type === 'string') return schema.format === 'binary' || (schema.contentMediaType !== undefined && schema.contentEncoding === undefined);
  return Object.keys(schema).every((k) => ['description', 'title', 'example', 'examples'].includes(k));
}

/**
 * The one type an answer declared by a media range is sent as (a Content-Type names one type):
 * JSON for `*\/*` and `application/*`, octet-stream for their bytes, PNG for bytes under `image/*`.
 * decided: docs/openapi-in.md "Binary bodies".
 */
function answeredAs(type: string, binary: boolean): string | undefined {
  if (type === '*/*' || type === 'application/*') return binary ? 'application/octet-stream' : 'application/json';
  return type === 'image/*' && binary ? 'image/png' : undefined;
}

/**
 * The content map at `pointer`, or undefined when it lists no media type. `bytes`: a content whose
 * every media type is raw (octet-stream, images) and whose schema says only "binary" is read as
 * bytes (`t.bytes`), not as UTF-8 text. `answer`: a response's content, whose media ranges are
 * each sent as one type (`answeredAs`).
 */
export function readContent(content: unknown, pointer: string, name: string, schemas: SchemaReader, warnings: Warnings, bytes = false, answer = false): ReadContent | undefined {
  if (!isObj(content)) return undefined;
  const entries = Object.entries(content).filter((e): e is [string, Obj] => isObj(e[1]));
  if (entries.length === 0) return undefined;
  if (bytes && entries.every(([type, m]) => rawMedia(bare(type)) && binarySchema(schemas.doc, m.schema))) {
    // decided: binary uploads are bytes whatever their media type (docs/openapi-in.md "Binary bodies").
    const media: MediaCodec[] = [];
    for (const [type] of entries) {
      const sent = (answer ? answeredAs(bare(type), true) : undefined) ?? bare(type);
      if (!media.some((x) => x.type === sent)) media.push(mediaOf(sent));
    }
    return { codec: t.bytes, media, examples: [] };
  }
  // The JSON media type's schema is the body's type when there is one (plain `application/json`
  // first: what clients ask for, configcat's beside `application/hal+json`); else the first listed.
  // decided: docs/decisions.md "OpenAPI in".
  const [firstType, first] = entries.find(([type]) => bare(type) === 'application/json') ?? entries.find(([type]) => /[/+]json$/.test(bare(type))) ?? entries[0]!;
  const at = child(pointer, firstType);
  const read = schemas.read(first.schema ?? {}, child(at, 'schema'), name);
  // A multipart body's files are bytes, as its parts carry them.
  const formData = bare(firstType) === 'multipart/form-data' ? multipartMedia(firstType, first, at, warnings) : undefined;
  const codec = formData ? withFileParts(read, first.schema, schemas.doc, formData.encoding) : read;
  const media: MediaCodec[] = [];
  const examples: Example<unknown>[] = [];
  for (const [type, m] of entries) {
    const mAt = child(pointer, type);
    if (type !== firstType && !deepEqual(m.schema ?? {}, first.schema ?? {})) {
      warnings.add(child(mAt, 'schema'), `a different schema per media type is not supported: ${type} bodies use the schema of ${firstType}`);
    }
    const multipart = bare(type) === 'multipart/form-data';
    if (m.encoding !== undefined && !multipart) warnings.add(child(mAt, 'encoding'), 'encoding (per-property content types and styles) is documented, not applied');
    const sent = answer ? answeredAs(bare(type), false) : undefined;
    const codecOf = sent !== undefined ? mediaOf(sent) : type === firstType && formData ? formData.media : multipart ? multipartMedia(type, m, mAt, warnings).media : mediaCodec(type, mAt, warnings);
    if (codecOf.name === 'form' && codec.kind !== 'object') warnings.add(child(mAt, 'schema'), `a form body reads an object's fields; ${codec.label} bodies sent as a form are refused (400)`);
    if (multipart && codec.kind !== 'object' && codec.kind !== 'json' && codec.kind !== 'lazy') warnings.add(child(mAt, 'schema'), `a multipart body's parts make an object; ${codec.label} bodies sent as multipart/form-data are refused (400)`);
    if (!media.some((x) => x.type === codecOf.type)) media.push(codecOf);
    for (const ex of examplesOf(schemas.doc, m, mAt, codec, warnings)) if (!examples.some((x) => deepEqual(x.value, ex.value))) examples.push(ex);
  }
  return { codec, media, examples };
}
