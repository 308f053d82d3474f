// JWT bearer tokens (the only module importing jose): HS256 only, carrying the user under the
// `dat` claim as servant-auth does, with an expiry; anything else about a token is a rejection.
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Codec } from '../../codec/types.js';

export type TokenCheck<U> =
  | { readonly ok: true; readonly user: U }
  | { readonly ok: false; readonly reason: 'expired' | 'invalid' };

export interface Tokens {
  /** A signed token for this user, valid for the configured time; `user` says its JSON. */
  sign<U>(user: U, codec: Codec<U>): Promise<string>;
  /** The user a token carries, checked against the user type it must be. */
  verify<U>(token: string, codec: Codec<U>): Promise<TokenCheck<U>>;
}

const ALGORITHM = 'HS256';

export function tokens(key: Uint8Array, ttlSeconds: number): Tokens {
  return {
    // The claim is the user's JSON as its codec writes it (declared fields only).
    sign: (user, codec) => new SignJWT({ dat: JSON.parse(codec.formatText(user)) as unknown })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(key),
    verify: async (token, codec) => {
      try {
        // `algorithms` pins HS256: `alg: none`, RS256-with-the-secret-as-public-key and others fail here.
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp'] });
        const user = codec.check(payload.dat, '$');
        return user.ok ? { ok: true, user: user.value } : { ok: false, reason: 'invalid' };
      } catch (err) {
        return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
