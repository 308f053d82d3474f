// What a --base-url must be (api-check and api-check fuzz): an http(s) URL naming a host and,
// when it has a colon after the host, a port; a bad one is a bad command line (exit 2), not an
// unreachable server (exit 3).

/**
 * Why `value` is not a usable base URL, or undefined when it is. decided: a path is kept as a
 * prefix, a query or fragment is refused, an empty port (`http://127.0.0.1:`) is refused though
 * WHATWG URL parsing accepts it (docs/decisions.md "api-check, where the spec is silent").
 */
export function baseUrlProblem(value: string): string | undefined {
  const bad = (why: string) => `--base-url: "${value}" is not an http(s) URL (${why})`;
  if (!/^https?:\/\//i.test(value)) return bad('it must start with http:// or https://');
  let url: URL;
  try { url = new URL(value); } catch { return bad('it does not parse as a URL'); }
  if (url.hostname === '') return bad('no host');
  // The authority as written: URL() reads "host:" as the default port, a client would not.
  const authority = value.slice(value.indexOf('//') + 2).split(/[/?#]/, 1)[0]!;
  if (/:$/.test(authority)) return bad('the port after ":" is empty');
  if (url.port === '0') return bad('port 0 names no server');
  if (url.search !== '' || value.includes('?')) return bad('a query has no place in a base URL');
  if (url.hash !== '' || value.includes('#')) return bad('a fragment has no place in a base URL');
  return undefined;
}
