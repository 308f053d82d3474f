// `dependentSchemas` (draft 4: `dependencies` with a schema): a key present makes the whole object
// meet another schema. Generators leave out a key whose schema the object does not meet.
import { type Keyword, matcher, schemaOf } from './applied.js';
import type { Codec } from '../types.js';
import { NOTHING, merge } from './evaluated.js';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const dependentSchemas: Keyword = {
  keys: ['dependentSchemas', 'dependencies'],
  family: 'object',
  read(schema, sub) {
    const deps: { key: string; test: (v: unknown) => boolean; label: string; codec?: Codec<unknown> }[] = [];
    const written: Record<string, Record<string, unknown>> = {};
    for (const keyword of ['dependentSchemas', 'dependencies'] as const) {
      const given = schema[keyword];
      if (!isObj(given)) continue;
      for (const [k, s] of Object.entries(given)) {
        if (Array.isArray(s)) continue;
        const m = matcher(s, () => sub(s, keyword, k));
        deps.push({ key: k, test: m.test, label: m.codec?.label ?? String(s), ...(m.codec === undefined ? {} : { codec: m.codec }) });
        Object.defineProperty(written[keyword] ??= {}, k, { value: schemaOf(s, m), enumerable: true, writable: true, configurable: true });
      }
    }
    if (deps.length === 0) return undefined;
    return {
      keyword: 'dependentSchemas',
      schema: written,
      test(v) {
        if (!isObj(v)) return undefined;
        const broken = deps.find((d) => Object.hasOwn(v, d.key) && !d.test(v));
        return broken === undefined ? undefined : `has ${JSON.stringify(broken.key)}, so must be ${broken.label} (dependentSchemas)`;
      },
      fix(v) {
        if (!isObj(v)) return v;
        const out = { ...v };
        for (const d of deps) if (Object.hasOwn(out, d.key) && !d.test(out)) delete out[d.key];
        return out;
      },
      compile(c) {
        const compiled = deps.map((d) => ({ key: d.key, test: d.codec === undefined ? d.test : c.accepts(d.codec), walk: d.codec === undefined ? undefined : c.evaluated(d.codec) }));
        return {
          test(v) {
            if (!isObj(v)) return true;
            for (const d of compiled) if (Object.hasOwn(v, d.key) && !d.test(v)) return false;
            return true;
          },
          evaluated(v, into) {
            if (!isObj(v)) return;
            for (const d of compiled) if (d.walk !== undefined && Object.hasOwn(v, d.key)) d.walk(v, into);
          },
        };
      },
      // The schemas of the keys present were applied: what they evaluated counts.
      evaluated: (v, walk) => (isObj(v) ? deps.reduce((acc, d) => (Object.hasOwn(v, d.key) && d.codec !== undefined ? merge(acc, walk(d.codec)) : acc), NOTHING) : NOTHING),
    };
  },
};
