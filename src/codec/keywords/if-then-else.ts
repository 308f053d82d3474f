// `if`/`then`/`else`: a value meeting `if` must meet `then`, any other must meet `else`; `if`
// alone, or `then`/`else` without `if`, asks nothing (`if` alone still evaluates keys and items).
import { type Keyword, compiledMatch, compiledWalk, labelOf, matcher, schemaOf } from './applied.js';
import { NOTHING, merge } from './evaluated.js';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const ifThenElse: Keyword = {
  keys: ['if', 'then', 'else'],
  read(schema, sub) {
    if (!Object.hasOwn(schema, 'if')) return undefined;
    const cond = matcher(schema.if, () => sub(schema.if, 'if'));
    const branch = (k: 'then' | 'else') => (Object.hasOwn(schema, k) ? matcher(schema[k], () => sub(schema[k], k)) : undefined);
    const yes = branch('then');
    const no = branch('else');
    return {
      keyword: 'if',
      schema: {
        if: schemaOf(schema.if, cond),
        ...(yes ? { then: schemaOf(schema.then, yes) } : {}),
        ...(no ? { else: schemaOf(schema.else, no) } : {}),
      },
      test(v) {
        if (cond.test(v)) return yes && !yes.test(v) ? `meets the if schema, so must be ${labelOf(schema.then, yes)} (then)` : undefined;
        return no && !no.test(v) ? `does not meet the if schema, so must be ${labelOf(schema.else, no)} (else)` : undefined;
      },
      // An object breaking its branch: the branch's sample keys under its own (a `required` key it lacks).
      fix(v, sample) {
        const branch = cond.test(v) ? yes : no;
        if (branch?.codec === undefined || branch.test(v) || !isObj(v)) return v;
        const s = sample(branch.codec);
        return isObj(s) ? { ...s, ...v } : v;
      },
      // What `if` evaluated counts when it holds, with `then`'s; else `else`'s.
      evaluated(v, walk) {
        const of = (m: { readonly codec?: Parameters<typeof walk>[0] } | undefined) => (m?.codec === undefined ? NOTHING : walk(m.codec));
        return cond.test(v) ? merge(of(cond), of(yes)) : of(no);
      },
      compile(c) {
        const t = compiledMatch(cond, c);
        const y = yes === undefined ? undefined : compiledMatch(yes, c);
        const n = no === undefined ? undefined : compiledMatch(no, c);
        const wIf = compiledWalk(cond, c);
        const wYes = compiledWalk(yes, c);
        const wNo = compiledWalk(no, c);
        return {
          test: (v) => (t(v) ? y === undefined || y(v) : n === undefined || n(v)),
          evaluated(v, into) {
            if (t(v)) {
              wIf?.(v, into);
              wYes?.(v, into);
            } else wNo?.(v, into);
          },
        };
      },
    };
  },
};
