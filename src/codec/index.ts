// The codec namespace `t` and media codecs, as specs and users import them.
export * as t from './codecs.js';
export * as media from './media.js';
export type { Codec, Example, Infer, JsonSchema, Result, ObjectCodec, ArrayCodec, OptionalCodec } from './types.js';
export { withExamples, describe } from './types.js';
export { escapeHtml } from './media.js';
