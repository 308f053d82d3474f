// The codec namespace `t` and media codecs, as specs and users import them.
export * as t from './codecs.js';
export * as media from './media.js';
export type {
  Codec, CodecKind, Example, Infer, JsonSchema, Result, ScalarCodec, ObjectCodec, ArrayCodec, OptionalCodec, JsonCodec, BytesCodec,
  TupleCodec, NullableCodec, UnionCodec, LazyCodec, PatternField, Discriminator, Annotations, AnyCodec, RuleTest,
} from './types.js';
export { jsonEncoder, EncodeError, type JsonEncoder } from './encoder.js';
export { withExamples, describe } from './types.js';
export { escapeHtml } from './media.js';
// Generation (sample, arbitrary, nearMisses) loads fast-check: it has its own entry,
// `api-serve/generate` (src/generate/), so serving a surface never loads it.
