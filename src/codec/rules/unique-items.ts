// `uniqueItems: true`: a list with no two items equal as JSON values (`false` adds no rule);
// its near misses need the items' codec (near-miss.ts).
import { type RuleKeyword, ruleOf } from './rule-keyword.js';
import { deepEqual } from '../json-equal.js';

/** The index of the first item equal to an earlier one (JSON equality), if any. */
export function firstRepeat(items: readonly unknown[]): number | undefined {
  const seen = new Set<unknown>();
  const objects: unknown[] = [];
  for (let i = 0; i < items.length; i++) {
    const v = items[i];
    if (v !== null && typeof v === 'object') {
      if (objects.some((o) => deepEqual(o, v))) return i;
      objects.push(v);
    } else {
      if (seen.has(v)) return i;
      seen.add(v);
    }
  }
  return undefined;
}

export const uniqueItems: RuleKeyword = {
  name: 'uniqueItems',
  family: 'array',
  rule: (schema) => (schema.uniqueItems === true ? ruleOf('uniqueItems', 'must not repeat an item', (v: unknown[]) => firstRepeat(v) === undefined) : undefined),
  diff: 'restriction',
};
