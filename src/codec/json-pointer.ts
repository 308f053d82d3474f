// JSON pointers (RFC 6901): where a fixture problem, a body difference or an importer warning is,
// and how a scenario step reaches the value it captures. Pure, so the checker and the importer share it.

const escape = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The pointer of a child: `child('/steps/0', 'request')` is `/steps/0/request`. */
export function child(pointer: string, key: string | number): string {
  return `${pointer}/${escape(String(key))}`;
}

export type Found = { readonly found: true; readonly value: unknown } | { readonly found: false; readonly at: string };

/** The value a pointer names in a JSON document; `at` says where the walk stopped. */
export function resolvePointer(doc: unknown, pointer: string): Found {
  if (pointer === '') return { found: true, value: doc };
  let node = doc;
  let at = '';
  for (const raw of pointer.slice(1).split('/')) {
    const key = unescape(raw);
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(key) && Number(key) < node.length) node = node[Number(key)];
    else if (node !== null && typeof node === 'object' && !Array.isArray(node) && Object.hasOwn(node, key)) node = (node as Record<string, unknown>)[key];
    else return { found: false, at: at === '' ? '(the root)' : at };
    at = child(at, key);
  }
  return { found: true, value: node };
}
