// S5: arithmetic under a factored `/x/{x}` prefix, generic collections for users and products
// (one function mounted twice), and an empty group that answers 404 to everything under it.
import { HttpError, api, body, capture, del, get, group, implement, json, plainText, post, put, query } from '../src/dsl/index.js';
import type { Codec } from '../src/codec/index.js';
import { t } from '../src/codec/index.js';

const User = t.object('User', { username: t.text, age: t.int });
const Product = t.object('Product', { productname: t.text });

/** A resource-generic group: list, get by id, create (200, empty), replace and delete (204). */
function collection<T>(name: string, resource: Codec<T>, example: T) {
  const id = capture('id', t.examples(t.int, [{ value: 1 }]), `(integer) the ${name} id`);
  return group([name], {
    list: get().returns(json(t.array(resource)), { examples: [{ value: [] }] }),
    get: get(id).returns(json(resource), { examples: [{ value: example, request: { url: `/${name}/0` } }] }),
    create: post(body(resource, undefined, [{ value: example }])).empty(),
    replace: put(id, body(resource, undefined, [{ value: example }])).noContent(),
    remove: del(id).noContent(),
  });
}

const OUT_OF_RANGE = 'The result is beyond ±(2^53 - 1): integers are exact or refused.';

export const surface = api('S5', { license: { name: 'MIT', identifier: 'MIT' }, title: 'Factored-path arithmetic and generic collections for users and products' }, {
  factoring: group(['x', capture('x', t.examples(t.int, [{ value: 2 }]), '(integer) the operand')], {
    // The 400 of `exact` below is declared: api-check fuzz found it answered but undocumented.
    add: get(query('y', t.int, { values: ['1', '2'], description: 'Added to x when given.' })).returns(json(t.int), { examples: [{ value: 3, request: { url: '/x/2?y=1' } }] })
      .responds(400, plainText(t.text), { description: OUT_OF_RANGE }),
    decrement: post().returns(json(t.int), { examples: [{ value: 1 }] })
      .responds(400, plainText(t.text), { description: OUT_OF_RANGE }),
  }),
  users: collection('users', User, { username: 'john', age: 64 }),
  products: collection('products', Product, { productname: 'Great stuff' }),
  empty: group(['empty'], {}),
});

const nothing = () => undefined;

/**
 * decided: integers are exact or refused. A result JSON numbers cannot carry exactly (beyond
 * ±(2^53 - 1)) is a 400 naming the exact value, as an input beyond it is (docs/decisions.md
 * "Integers"): never a rounded answer, never a 500.
 */
function exact(expression: string, exactValue: bigint): number {
  const n = Number(exactValue);
  if (Number.isSafeInteger(n)) return n;
  throw HttpError.text(400, `Error: ${expression} = ${exactValue} is out of range (integers from ${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER})`);
}

export const handlers = implement(surface, {
  factoring: {
    add: ({ x, y }) => (y === undefined ? x : exact('x + y', BigInt(x) + BigInt(y))),
    decrement: ({ x }) => exact('x - 1', BigInt(x) - 1n),
  },
  users: {
    list: () => [],
    get: ({ id }) => (id === 0 ? { username: 'john', age: 64 } : { username: 'everybody else', age: 10 }),
    create: nothing, replace: nothing, remove: nothing,
  },
  products: {
    list: () => [],
    get: () => ({ productname: 'Great stuff' }),
    create: nothing, replace: nothing, remove: nothing,
  },
  empty: {},
});
