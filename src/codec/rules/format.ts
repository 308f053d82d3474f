// `format`: a string its format's test accepts (src/codec/formats/<name>.ts); a format name not
// known there adds no rule (constrain refuses it).
import type { RuleKeyword } from './rule-keyword.js';
import { FORMATS, isFormatName } from '../formats.js';

export const format: RuleKeyword = {
  name: 'format',
  family: 'string',
  rule(schema) {
    if (typeof schema.format !== 'string' || !isFormatName(schema.format)) return undefined;
    const f = FORMATS[schema.format];
    return { keyword: 'format', reason: `is not ${f.noun} (format ${schema.format})`, test: f.test };
  },
  diff: 'restriction',
  miss: {
    // Each format's `misses`: values its test refuses.
    has: (leaf) => leaf.formats.some((f) => FORMATS[f].misses.length > 0),
    candidates: (leaf) => leaf.formats.flatMap((f) => FORMATS[f].misses),
    broken: (leaf) => `format ${leaf.formats.join(' and ')}`,
  },
};
