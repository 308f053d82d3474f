// `dependentRequired` (draft 4: `dependencies` with a list of names): a key present makes others
// required. Generators leave out a key whose dependents are missing.
import type { Keyword } from './applied.js';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const dependentRequired: Keyword = {
  keys: ['dependentRequired', 'dependencies'],
  family: 'object',
  read(schema) {
    const lists: [string, string[]][] = [];
    const written: Record<string, Record<string, string[]>> = {};
    for (const keyword of ['dependentRequired', 'dependencies'] as const) {
      const given = schema[keyword];
      if (!isObj(given)) continue;
      for (const [k, names] of Object.entries(given)) {
        if (!Array.isArray(names)) continue;
        const list = names.filter((n): n is string => typeof n === 'string');
        lists.push([k, list]);
        Object.defineProperty(written[keyword] ??= {}, k, { value: list, enumerable: true, writable: true, configurable: true });
      }
    }
    if (lists.length === 0) return undefined;
    return {
      keyword: 'dependentRequired',
      schema: written,
      test(v) {
        if (!isObj(v)) return undefined;
        for (const [k, list] of lists) {
          if (!Object.hasOwn(v, k)) continue;
          const missing = list.find((n) => !Object.hasOwn(v, n));
          if (missing !== undefined) return `key ${JSON.stringify(missing)} is required when ${JSON.stringify(k)} is present (dependentRequired)`;
        }
        return undefined;
      },
      compile: () => ({
        test(v) {
          if (!isObj(v)) return true;
          for (const [k, list] of lists) {
            if (!Object.hasOwn(v, k)) continue;
            for (const n of list) if (!Object.hasOwn(v, n)) return false;
          }
          return true;
        },
      }),
      fix(v) {
        if (!isObj(v)) return v;
        const out = { ...v };
        for (const [k, list] of lists) if (Object.hasOwn(out, k) && list.some((n) => !Object.hasOwn(out, n))) delete out[k];
        return out;
      },
    };
  },
};
