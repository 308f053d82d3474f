// The `auth` runtime: verifies the credentials the auth descriptor's read found well-formed (a
// JWT against the secret, a Basic login against the user directory the server was given) and
// hands the handler the user.
import { type AuthClaim, type AuthConfig, unauthorized } from '../../dsl/auth.js';
import type { ExtensionRead } from '../../dsl/extension.js';
import type { ExtensionFactory } from '../extensions.js';
import { sessionCookies } from './cookies.js';
import { parseDuration } from '../../dsl/duration.js';
import { tokens } from './jwt.js';
import { SECRET_ENV, loadSecret } from './secret.js';
import { DEFAULT_HASH_CONCURRENCY, DEFAULT_HASH_QUEUE, HashGate } from './hash-gate.js';

export const DEFAULT_TOKEN_TTL = '1h';

const BUSY: unique symbol = Symbol('busy');

export const authRuntime: ExtensionFactory = async (env, services) => {
  const ttlText = env.options.tokenTtl ?? DEFAULT_TOKEN_TTL;
  const ttl = parseDuration(ttlText);
  if (ttl === undefined) throw new Error(`--token-ttl: "${ttlText}" is not a duration from 1s to 366d (like 900, 15m, 1h, 7d)`);
  const key = await loadSecret({ file: env.options.jwtSecretFile, value: env.options.jwtSecret ?? process.env[SECRET_ENV], dataDir: env.dataDir, log: env.log });
  const directory = services.users === undefined ? undefined : typeof services.users === 'function' ? await services.users(env) : services.users;
  const jwt = tokens(key, ttl);
  const concurrency = Number(env.options.hashConcurrency ?? DEFAULT_HASH_CONCURRENCY);
  const queue = Number(env.options.hashQueue ?? DEFAULT_HASH_QUEUE);
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new Error(`--hash-concurrency: "${env.options.hashConcurrency}" is not a positive whole number`);
  if (!Number.isSafeInteger(queue) || queue < 0) throw new Error(`--hash-queue: "${env.options.hashQueue}" is not a whole number`);
  const gate = new HashGate(concurrency, queue);

  const check = async (login: string, password: string): Promise<unknown> => {
    try {
      return await directory!.verify(login, password);
    } catch (err) {
      // An indeterminate outcome (unreadable store) is a 401 too, never a 500 that hints at more.
      env.log(`api-serve: basic authentication could not be checked: ${(err as Error).message}`);
      return undefined;
    }
  };
  /** The user, undefined for a refused login, or `busy` when the gate's queue is full. */
  const basic = async (login: string, password: string): Promise<unknown> => {
    // decided: without a user directory no Basic login is valid (docs/describing.md "Your users").
    if (!directory) return undefined;
    // Each check hashes (an unknown login too, against a dummy hash): through the gate.
    const gated = await gate.run(() => check(login, password));
    return gated.kind === 'busy' ? BUSY : gated.value;
  };

  return {
    async verify(part, claim): Promise<ExtensionRead<unknown>> {
      const config = part.config as AuthConfig;
      const creds = claim as AuthClaim;
      if (creds.kind === 'bearer') {
        const checked = await jwt.verify(creds.token, config.user);
        return checked.ok ? { ok: true, value: checked.user } : unauthorized(config, checked.reason);
      }
      const user = await basic(creds.login, creds.password);
      if (user === BUSY) {
        return { ok: false, refusal: { kind: 'overloaded', message: 'Service Unavailable: too many password checks in progress; retry in 1 s', headers: { 'retry-after': '1' } } };
      }
      if (user === undefined) return unauthorized(config);
      // decided: only a basic-authenticated reply sets the cookies (the spec's rule); a bearer
      // request already holds its token. See docs/reference-surfaces.md "S6 authentication".
      return { ok: true, value: user, headers: { 'set-cookie': sessionCookies(await jwt.sign(user, config.user)) } };
    },
  };
};
