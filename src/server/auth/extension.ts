// The `auth` extension: checks an endpoint's declared schemes after the method check, hands the
// handler the AuthenticatedUser, and answers 401 with a challenge per scheme otherwise.
import type { AuthConfig, AuthenticatedUser, AuthScheme } from '../../dsl/auth.js';
import { HttpError } from '../../dsl/reply.js';
import { UserStore } from '../../store/users.js';
import type { ExtensionFactory, ExtensionOutcome } from '../extensions.js';
import { ERRORS } from '../errors.js';
import { sessionCookies } from './cookies.js';
import { parseAuthorization } from './credentials.js';
import { parseDuration } from './duration.js';
import { tokens } from './jwt.js';
import { SECRET_ENV, loadSecret } from './secret.js';

export const DEFAULT_TOKEN_TTL = '1h';

const quoted = (s: string) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`;

type BearerProblem = 'expired' | 'invalid' | undefined;

/** One `WWW-Authenticate` value per accepted scheme, Bearer first (RFC 6750 error codes on a bad token). */
function challenges(config: AuthConfig, bearer: BearerProblem): string[] {
  const realm = `realm=${quoted(config.realm)}`;
  return config.schemes.map((s: AuthScheme) => {
    if (s === 'Basic') return `Basic ${realm}, charset="UTF-8"`;
    if (bearer === undefined) return `Bearer ${realm}`;
    const description = bearer === 'expired' ? 'the token has expired' : 'the token is not valid';
    return `Bearer ${realm}, error="invalid_token", error_description=${quoted(description)}`;
  });
}

function unauthorized(config: AuthConfig, bearer: BearerProblem = undefined): ExtensionOutcome {
  // decided: 401s carry an empty body, as the reference's; the challenge says what to send.
  return { ok: false, error: new HttpError(401, '', { reason: ERRORS.unauthorized.reason, headers: { 'www-authenticate': challenges(config, bearer) } }) };
}

export const authExtension: ExtensionFactory = async (env) => {
  const ttlText = env.options.tokenTtl ?? DEFAULT_TOKEN_TTL;
  const ttl = parseDuration(ttlText);
  if (ttl === undefined) throw new Error(`--token-ttl: "${ttlText}" is not a duration from 1s to 366d (like 900, 15m, 1h, 7d)`);
  const key = await loadSecret({ file: env.options.jwtSecretFile, value: env.options.jwtSecret ?? process.env[SECRET_ENV], dataDir: env.dataDir, log: env.log });
  const store = await UserStore.open(env.dataDir);
  const jwt = tokens(key, ttl);

  const basic = async (login: string, password: string): Promise<AuthenticatedUser | undefined> => {
    try {
      return await store.verify(login, password);
    } catch (err) {
      // An indeterminate outcome (unreadable store) is a 401 too, never a 500 that hints at more.
      env.log(`api-serve: basic authentication could not be checked: ${(err as Error).message}`);
      return undefined;
    }
  };

  return {
    stage: 'auth',
    async decode(part, req) {
      const config = part.config as AuthConfig;
      const creds = parseAuthorization(req.headers.authorization);
      if (creds.kind === 'bearer' && config.schemes.includes('Bearer')) {
        const checked = await jwt.verify(creds.token);
        return checked.ok ? { ok: true, value: checked.user } : unauthorized(config, checked.reason);
      }
      if (creds.kind === 'basic' && config.schemes.includes('Basic')) {
        const user = await basic(creds.login, creds.password);
        if (!user) return unauthorized(config);
        // decided: only a basic-authenticated reply sets the cookies (the spec's rule); a bearer
        // request already holds its token. See README "S6 authentication".
        return { ok: true, value: user, headers: { 'set-cookie': sessionCookies(await jwt.sign(user)) } };
      }
      return unauthorized(config);
    },
  };
};
