// Everything a surface uses to name a type, gathered for `import { t } from 'api-serve'`.
export { int, number, bool, text, date, oneOf } from './scalars.js';
export { object, array, optional, json, bytes } from './structured.js';
export { withExamples as examples, describe } from './types.js';
export type { Infer } from './types.js';
