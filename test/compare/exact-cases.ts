// Requests checked by their exact wire form, worked out by hand from RFC 3986 and the OpenAPI
// parameter styles, not by api-serve's server: judging api-serve's client by api-serve's own
// decoder would be circular (a shared misreading would pass both). `targets` lists each spelling
// that is right; a second one is there only where RFC 3986 lets a character stand unescaped and
// every decoder reads it back the same.

export interface ExactCase {
  readonly name: string;
  readonly doc: string;
  readonly op: string;
  readonly path?: Record<string, unknown>;
  readonly query?: Record<string, unknown>;
  readonly body?: unknown;
  readonly targets: readonly string[];
  /** A form body's fields in order, as any `application/x-www-form-urlencoded` reader reads them. */
  readonly form?: readonly (readonly [string, string])[];
}

export const EXACT: readonly ExactCase[] = [
  {
    // simple style (RFC 6570 `{petId}`) escapes every reserved character; RFC 3986 lets the
    // sub-delimiters `& + , =` stand in a segment, and a string parameter reads them back the same.
    name: 'petstore: a path parameter with reserved characters',
    doc: 'petstore', op: 'showPetById', path: { petId: 'a b/c?d&e=f#g%h+i,jé' },
    targets: ['/pets/a%20b%2Fc%3Fd%26e%3Df%23g%25h%2Bi%2Cj%C3%A9', '/pets/a%20b%2Fc%3Fd&e=f%23g%25h+i,j%C3%A9', '/pets/a%20b%2Fc%3Fd%26e=f%23g%25h%2Bi,j%C3%A9'],
  },
  {
    // form, explode (the default): the name repeated per item; allowReserved false, so `,` escaped.
    name: 'petstore-expanded: an array query parameter, form style exploded',
    doc: 'petstore-expanded', op: 'findPets', query: { tags: ['a b', 'c,d'], limit: 7 },
    targets: ['/pets?tags=a%20b&tags=c%2Cd&limit=7', '/pets?tags=a+b&tags=c%2Cd&limit=7'],
  },
  {
    // A URI in a query value: `& =` must be escaped (they would end the value); `: / ?` may stand.
    name: 'callback-example: a required query parameter holding a URL with its own query',
    doc: 'callback-example', op: 'postStreams', query: { callbackUrl: 'https://example.com/x?y=1&z=2' },
    targets: ['/streams?callbackUrl=https%3A%2F%2Fexample.com%2Fx%3Fy%3D1%26z%3D2', '/streams?callbackUrl=https://example.com/x?y%3D1%26z%3D2'],
  },
  {
    name: 'link-example: three path parameters, one holding a slash',
    doc: 'link-example', op: 'getPullRequestsById', path: { username: 'a b', slug: 'c/d', pid: '1' },
    targets: ['/2.0/repositories/a%20b/c%2Fd/pullrequests/1'],
  },
  {
    // The body is declared application/x-www-form-urlencoded only: a JSON body is not it.
    name: 'uspto: a form body',
    doc: 'uspto', op: 'performSearch', path: { dataset: 'oa_citations', version: 'v1' }, body: { criteria: 'a:b AND c:[1 TO 2]', start: 0, rows: 10 },
    targets: ['/oa_citations/v1/records'], form: [['criteria', 'a:b AND c:[1 TO 2]'], ['start', '0'], ['rows', '10']],
  },
];
