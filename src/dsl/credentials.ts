// Reading the `Authorization` header: a Bearer token or Basic login/password, or why not.

export type Credentials =
  | { readonly kind: 'none' }
  | { readonly kind: 'malformed' }
  /** The header sent more than once: which one counts is anyone's guess, so none does (a 400). */
  | { readonly kind: 'repeated'; readonly count: number }
  | { readonly kind: 'bearer'; readonly token: string }
  | { readonly kind: 'basic'; readonly login: string; readonly password: string };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;
/**
 * decided: a Basic user-id or password holding a control character (C0, DEL, C1) is a malformed
 * credential, answered 401 like any other (docs/decisions.md "Credentials are read strictly"). RFC 7617 section 2 says
 * neither may contain one (its `charset="UTF-8"` profiles, RFC 8265, refuse all of Unicode's Cc);
 * it matters: scrypt keys like HMAC's, so `pass\0` would hash as `pass`.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Node's Buffer where there is one: read from the global, as the client's predictor runs in browsers too. */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

/** Base64 (already checked against BASE64) as bytes: Buffer's decoder in Node, atob elsewhere. */
function base64Bytes(param: string): Uint8Array {
  if (NodeBuffer) return NodeBuffer.from(param, 'base64');
  const binary = atob(param);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The message of a repeated `Authorization` header, in the header-parse errors' words. */
export const repeatedMessage = (count: number): string => `Error parsing header Authorization failed: sent ${count} times`;

/** Parses the `Authorization` header; the scheme name is case-insensitive (RFC 9110 11.1). */
export function parseAuthorization(value: string | readonly string[] | undefined): Credentials {
  if (value === undefined) return { kind: 'none' };
  if (typeof value !== 'string') return value.length === 1 ? parseAuthorization(value[0]) : value.length === 0 ? { kind: 'none' } : { kind: 'repeated', count: value.length };
  const m = /^([A-Za-z]+) +(\S+) *$/.exec(value);
  if (!m) return { kind: 'malformed' };
  const scheme = m[1]!.toLowerCase();
  const param = m[2]!;
  if (scheme === 'bearer') return TOKEN68.test(param) ? { kind: 'bearer', token: param } : { kind: 'malformed' };
  if (scheme !== 'basic' || !BASE64.test(param) || param.length % 4 !== 0) return { kind: 'malformed' };
  const decoded = base64Bytes(param);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(decoded);
  } catch {
    return { kind: 'malformed' };
  }
  const colon = text.indexOf(':');
  if (colon < 0 || CONTROL.test(text)) return { kind: 'malformed' };
  return { kind: 'basic', login: text.slice(0, colon), password: text.slice(colon + 1) };
}
