// Everything a surface uses to name a type, gathered for `import { t } from 'api-serve'`.
export { int, number, bool, text, date, oneOf } from './scalars.js';
export { int32, int64, dateTime, time, email, uuid, uri, ipv4, ipv6, hostname, byte, binary, password } from './formatted.js';
export { object, record, array, optional, json, unsaid, bytes } from './structured.js';
export { tuple } from './tuple.js';
export { nullable } from './nullable.js';
export { union, anyOf } from './union.js';
export { allOf } from './intersection.js';
export { recursive } from './recursive.js';
export { constant, enumOf } from './literal.js';
export { constrain } from './constraints.js';
export { untyped } from './untyped.js';
export { keywords } from './keywords/keywords-call.js';
export { withExamples as examples, describe, annotate } from './types.js';
export type { Infer } from './types.js';
