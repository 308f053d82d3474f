// An OpenAPI `content` map (media type -> schema, examples, encoding) as one codec, its media
// codecs and its examples: the codec layer gives a body one type whatever its media type.
import { deepEqual } from '../codec/json-equal.js';
import type { Codec, Example } from '../codec/types.js';
import type { MediaCodec } from '../codec/media.js';
import type { SchemaReader } from './schema-to-codec.js';
import { examplesOf } from './parameters.js';
import { mediaCodec } from './media-types.js';
import { child, type Warnings } from './warnings.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ReadContent {
  readonly codec: Codec<unknown>;
  readonly media: readonly MediaCodec[];
  readonly examples: readonly Example<unknown>[];
}

/** The content map at `pointer`, or undefined when it lists no media type. */
export function readContent(content: unknown, pointer: string, name: string, schemas: SchemaReader, warnings: Warnings): ReadContent | undefined {
  if (!isObj(content)) return undefined;
  const entries = Object.entries(content).filter((e): e is [string, Obj] => isObj(e[1]));
  if (entries.length === 0) return undefined;
  // The JSON media type's schema is the body's type when there is one; else the first listed.
  const [firstType, first] = entries.find(([type]) => /[/+]json$/i.test(type.split(';')[0]!.trim())) ?? entries[0]!;
  const at = child(pointer, firstType);
  const codec = schemas.read(first.schema ?? {}, child(at, 'schema'), name);
  const media: MediaCodec[] = [];
  const examples: Example<unknown>[] = [];
  for (const [type, m] of entries) {
    const mAt = child(pointer, type);
    if (type !== firstType && !deepEqual(m.schema ?? {}, first.schema ?? {})) {
      warnings.add(child(mAt, 'schema'), `a different schema per media type is not supported: ${type} bodies use the schema of ${firstType}`);
    }
    if (m.encoding !== undefined) warnings.add(child(mAt, 'encoding'), 'encoding (per-property content types and styles) is documented, not applied');
    const codecOf = mediaCodec(type, mAt, warnings);
    if (codecOf.name === 'form' && codec.kind !== 'object') warnings.add(child(mAt, 'schema'), `a form body reads an object's fields; ${codec.label} bodies sent as a form are refused (400)`);
    if (!media.some((x) => x.type === codecOf.type)) media.push(codecOf);
    for (const ex of examplesOf(m, mAt, codec, warnings)) if (!examples.some((x) => deepEqual(x.value, ex.value))) examples.push(ex);
  }
  return { codec, media, examples };
}
