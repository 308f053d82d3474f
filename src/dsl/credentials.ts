// Reading the `Authorization` header: a Bearer token or Basic login/password, or why not.

export type Credentials =
  | { readonly kind: 'none' }
  | { readonly kind: 'malformed' }
  | { readonly kind: 'bearer'; readonly token: string }
  | { readonly kind: 'basic'; readonly login: string; readonly password: string };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Parses one `Authorization` value; the scheme name is case-insensitive (RFC 9110 11.1). */
export function parseAuthorization(value: string | string[] | undefined): Credentials {
  if (value === undefined) return { kind: 'none' };
  if (Array.isArray(value)) return value.length === 1 ? parseAuthorization(value[0]) : { kind: 'malformed' };
  const m = /^([A-Za-z]+) +(\S+) *$/.exec(value);
  if (!m) return { kind: 'malformed' };
  const scheme = m[1]!.toLowerCase();
  const param = m[2]!;
  if (scheme === 'bearer') return TOKEN68.test(param) ? { kind: 'bearer', token: param } : { kind: 'malformed' };
  if (scheme !== 'basic' || !BASE64.test(param) || param.length % 4 !== 0) return { kind: 'malformed' };
  const decoded = Buffer.from(param, 'base64');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(decoded);
  } catch {
    return { kind: 'malformed' };
  }
  const colon = text.indexOf(':');
  if (colon < 0) return { kind: 'malformed' };
  return { kind: 'basic', login: text.slice(0, colon), password: text.slice(colon + 1) };
}
