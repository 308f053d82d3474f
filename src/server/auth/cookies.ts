// The cookies a basic-authenticated reply sets (the only module importing `cookie`): a readable
// XSRF token and the JWT in an HttpOnly cookie, both `Path=/; Secure; SameSite=Lax` session cookies.
import { randomBytes } from 'node:crypto';
import { stringifySetCookie } from 'cookie';

import { JWT_COOKIE, XSRF_COOKIE } from '../../dsl/auth.js';

/** The two `Set-Cookie` values, XSRF first, as servant-auth sends them. */
export function sessionCookies(token: string): string[] {
  // base64url keeps the value free of characters the cookie package would percent-encode.
  const xsrf = randomBytes(32).toString('base64url');
  return [
    stringifySetCookie({ name: XSRF_COOKIE, value: xsrf, path: '/', secure: true, sameSite: 'lax' }),
    stringifySetCookie({ name: JWT_COOKIE, value: token, path: '/', httpOnly: true, secure: true, sameSite: 'lax' }),
  ];
}
