// The user directory the commands give the server: `users.json` under `--data` (the same file
// `api-serve users` manages), or the users table of `--store URL`. Opened only when a served
// surface authenticates Basic logins.
import type { ServeEnv } from '../dsl/implement.js';
import type { UserDirectory } from '../dsl/auth.js';

export async function openUserStore(env: ServeEnv): Promise<UserDirectory> {
  const url = env.options.store;
  if (url !== undefined && url !== '') {
    const { PgUserStore } = await import('../store/postgres.js');
    const store = await PgUserStore.open(url, env.log);
    env.onClose(() => store.close());
    return store;
  }
  const { UserStore } = await import('../store/users.js');
  return UserStore.open(env.dataDir);
}
