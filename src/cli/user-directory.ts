// The user directory the commands give the server: `users.json` under `--data`, the same file
// `api-serve users` manages. Opened only when a served surface authenticates Basic logins.
import type { ServeEnv } from '../dsl/implement.js';
import type { UserDirectory } from '../dsl/auth.js';

export async function openUserStore(env: ServeEnv): Promise<UserDirectory> {
  const { UserStore } = await import('../store/users.js');
  return UserStore.open(env.dataDir);
}
