// The applicator keywords the importer reads onto codecs, one file each: adding a keyword is its
// file and one line here.
import type { Keyword } from './applied.js';
import { not } from './not.js';
import { contains } from './contains.js';
import { propertyNames } from './property-names.js';
import { ifThenElse } from './if-then-else.js';
import { dependentRequired } from './dependent-required.js';
import { dependentSchemas } from './dependent-schemas.js';
import { unevaluatedItems } from './unevaluated-items.js';
import { unevaluatedProperties } from './unevaluated-properties.js';

export type { Keyword, KeywordRule, ReadSub } from './applied.js';
export { withRule } from './applied.js';

// The unevaluated keywords come last: each reads the codec of every keyword before it.
export const KEYWORDS: readonly Keyword[] = [not, contains, propertyNames, ifThenElse, dependentRequired, dependentSchemas, unevaluatedItems, unevaluatedProperties];
