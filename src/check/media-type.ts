// Media types compared as media types: `application/json; charset=utf-8` equals
// `application/json;charset=UTF-8` (case, spacing, quoting and parameter order do not matter).

export interface MediaType {
  readonly essence: string;
  readonly params: ReadonlyMap<string, string>;
}

/** Parses a Content-Type value; undefined when it is not `type/subtype *(; name=value)`. */
export function parseMediaType(text: string): MediaType | undefined {
  const parts = text.split(';');
  const essence = parts.shift()!.trim().toLowerCase();
  if (!/^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/.test(essence)) return undefined;
  const params = new Map<string, string>();
  for (const raw of parts) {
    if (raw.trim() === '') continue;
    const eq = raw.indexOf('=');
    if (eq < 0) return undefined;
    const name = raw.slice(0, eq).trim().toLowerCase();
    let value = raw.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    // charset values are case-insensitive (RFC 2046); other parameters keep their case.
    params.set(name, name === 'charset' ? value.toLowerCase() : value);
  }
  return { essence, params };
}

/** Whether two Content-Type values name the same media type with the same parameters. */
export function sameMediaType(a: string, b: string): boolean {
  const x = parseMediaType(a);
  const y = parseMediaType(b);
  if (!x || !y) return a.trim() === b.trim();
  if (x.essence !== y.essence || x.params.size !== y.params.size) return false;
  for (const [k, v] of x.params) if (y.params.get(k) !== v) return false;
  return true;
}
