// A Set-Cookie header value as a regular expression that any later issue of the same cookie
// matches: its name and attributes kept, its value (a secret, new each time) and its Expires /
// Max-Age left open. Shared by the recorder (`--record`) and the HAR importer, which both write
// fixtures that must match the next run's cookies.

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The regular expression source (anchored) for one Set-Cookie value. */
export function setCookiePattern(value: string): string {
  const [pair = '', ...attrs] = value.split(';');
  const name = pair.split('=')[0]!.trim();
  const rest = attrs.map((a) => a.trim()).filter((a) => a !== '').map((a) => {
    const key = a.split('=')[0]!.trim();
    return /^(expires|max-age)$/i.test(key) ? `${escapeRe(key)}=[^;]*` : escapeRe(a);
  });
  return `^${[`${escapeRe(name)}=[^;]*`, ...rest].join(';\\s*')}$`;
}
