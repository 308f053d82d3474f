// The applicator keywords the importer reads onto codecs, one file each: adding a keyword is its
// file and one line here.
import type { Keyword } from './applied.js';
import { not } from './not.js';
import { contains } from './contains.js';
import { propertyNames } from './property-names.js';
import { ifThenElse } from './if-then-else.js';
import { dependentRequired } from './dependent-required.js';
import { dependentSchemas } from './dependent-schemas.js';

export type { Keyword, KeywordRule, ReadSub } from './applied.js';
export { withRule } from './applied.js';

export const KEYWORDS: readonly Keyword[] = [not, contains, propertyNames, ifThenElse, dependentRequired, dependentSchemas];
