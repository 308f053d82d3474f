// `if`/`then`/`else`: a value meeting `if` must meet `then`, any other must meet `else`; `if`
// alone, or `then`/`else` without `if`, asks nothing.
import { type Keyword, labelOf, matcher, schemaOf } from './applied.js';

export const ifThenElse: Keyword = {
  keys: ['if', 'then', 'else'],
  read(schema, sub) {
    if (!Object.hasOwn(schema, 'if') || (!Object.hasOwn(schema, 'then') && !Object.hasOwn(schema, 'else'))) return undefined;
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
    };
  },
};
