// The validation keywords (bounds, lengths, pattern, format, item and key counts), one file each:
// adding a keyword is its file (a RuleKeyword, rule-keyword.ts) and one line in RULE_KEYWORDS here.
// constraints.ts compiles and checks them, validate.ts reports their load-time problems,
// docs/diff/schema-diff.ts judges their changes and leaf-near-miss.ts breaks them, all from this table.
// What needs several keywords at once stays with its consumer: leaf.ts merges a scalar's keywords
// (and allOf parts) into one leaf, the generators draw within all its bounds at once, and
// near-miss.ts grows and shrinks lists and objects with their items' codecs.
import type { RuleKeyword } from './rule-keyword.js';
import { minimum } from './minimum.js';
import { exclusiveMinimum } from './exclusive-minimum.js';
import { maximum } from './maximum.js';
import { exclusiveMaximum } from './exclusive-maximum.js';
import { multipleOf } from './multiple-of.js';
import { minLength } from './min-length.js';
import { maxLength } from './max-length.js';
import { pattern } from './pattern.js';
import { format } from './format.js';
import { minItems } from './min-items.js';
import { maxItems } from './max-items.js';
import { uniqueItems } from './unique-items.js';
import { minProperties } from './min-properties.js';
import { maxProperties } from './max-properties.js';

export type { RuleKeyword, RuleFamily, DiffDirection, ScalarMiss, MissDraws } from './rule-keyword.js';
export { notWhole } from './rule-keyword.js';

/**
 * In the order rulesOf compiles them, which is the order a value's broken keywords are reported
 * (the first refuses it) and near misses are listed.
 */
export const RULE_KEYWORDS: readonly RuleKeyword[] = [
  minimum,
  exclusiveMinimum,
  maximum,
  exclusiveMaximum,
  multipleOf,
  minLength,
  maxLength,
  pattern,
  format,
  minItems,
  maxItems,
  uniqueItems,
  minProperties,
  maxProperties,
];
