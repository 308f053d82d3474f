// JWT bearer tokens (the only module importing jose): HS256 only, carrying the user under the
// `dat` claim as servant-auth does, with an expiry; anything else about a token is a rejection.
import { SignJWT, errors, jwtVerify } from 'jose';
import type { AuthenticatedUser } from '../../dsl/auth.js';

export type TokenCheck =
  | { readonly ok: true; readonly user: AuthenticatedUser }
  | { readonly ok: false; readonly reason: 'expired' | 'invalid' };

export interface Tokens {
  /** A signed token for this user, valid for the configured time. */
  sign(user: AuthenticatedUser): Promise<string>;
  verify(token: string): Promise<TokenCheck>;
}

const ALGORITHM = 'HS256';

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

export function tokens(key: Uint8Array, ttlSeconds: number): Tokens {
  return {
    sign: (user) => new SignJWT({ dat: { auID: user.auID, auOrgID: user.auOrgID } })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(key),
    verify: async (token) => {
      try {
        // `algorithms` pins HS256: `alg: none`, RS256-with-the-secret-as-public-key and others fail here.
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp'] });
        const dat = payload.dat as { auID?: unknown; auOrgID?: unknown } | null | undefined;
        if (typeof dat !== 'object' || dat === null || !isId(dat.auID) || !isId(dat.auOrgID)) return { ok: false, reason: 'invalid' };
        return { ok: true, user: { auID: dat.auID, auOrgID: dat.auOrgID } };
      } catch (err) {
        return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
