// The user directory in PostgreSQL (api_serve.users): what users.json is for one server, shared by
// every instance on the database. Logins with scrypt hashes, never passwords.
import { randomBytes } from 'node:crypto';
import type { AuthenticatedUser } from '../dsl/auth.js';
import { hashPassword, verifyPassword } from './password.js';
import { withConnection } from './pg-deadline.js';
import { acquirePool } from './pg-pool.js';
import { type NewUser, type StoredUser, UserStoreError, loginProblem } from './users.js';

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

type Query = <R>(sql: string, params: unknown[]) => Promise<{ rows: R[]; rowCount: number | null }>;

interface Row { login: string; au_id: string; au_org_id: string; hash: string }
const stored = (r: Row): StoredUser => ({ login: r.login, auID: Number(r.au_id), auOrgID: Number(r.au_org_id), hash: r.hash });

export class PgUserStore {
  /** Where the users are, for messages (the URL without its password). */
  readonly path: string;
  readonly #query: Query;
  readonly #release: () => Promise<void>;
  /** A hash of a random password: an unknown login costs what a wrong password costs. */
  readonly #dummy: string;

  private constructor(path: string, query: Query, release: () => Promise<void>, dummy: string) {
    this.path = path;
    this.#query = query;
    this.#release = release;
    this.#dummy = dummy;
  }

  // decided: a PostgreSQL directory starts empty, without the demo users a users.json is seeded
  // with (docs/decisions.md "The PostgreSQL store").
  static async open(url: string, log: (line: string) => void): Promise<PgUserStore> {
    const shared = await acquirePool(url, log);
    const query: Query = async <R>(sql: string, params: unknown[]) => {
      // Within the store's time limit: a frozen database refuses a login, it does not hold it.
      const r = await withConnection(shared.pool, (send) => send(sql, params));
      return { rows: r.rows as R[], rowCount: r.rowCount };
    };
    return new PgUserStore(`the PostgreSQL store ${shared.shown}`, query, shared.release, await hashPassword(randomBytes(16).toString('hex')));
  }

  async list(): Promise<readonly StoredUser[]> {
    return (await this.#query<Row>('SELECT login, au_id, au_org_id, hash FROM api_serve.users ORDER BY added_at, login', [])).rows.map(stored);
  }

  /** The user these credentials belong to, or undefined (unknown login or wrong password, same cost). */
  async verify(login: string, password: string): Promise<AuthenticatedUser | undefined> {
    const u = (await this.#query<Row>('SELECT login, au_id, au_org_id, hash FROM api_serve.users WHERE login = $1', [login])).rows[0];
    const ok = await verifyPassword(password, u?.hash ?? this.#dummy);
    return u && ok ? { auID: Number(u.au_id), auOrgID: Number(u.au_org_id) } : undefined;
  }

  async add(user: NewUser): Promise<void> {
    const problem = loginProblem(user.login);
    if (problem) throw new UserStoreError(problem);
    if (!isId(user.auID) || !isId(user.auOrgID)) throw new UserStoreError('auID and auOrgID must be integers');
    if (user.password === '') throw new UserStoreError('the password may not be empty');
    const hash = await hashPassword(user.password);
    const r = await this.#query('INSERT INTO api_serve.users (login, au_id, au_org_id, hash) VALUES ($1, $2, $3, $4) ON CONFLICT (login) DO NOTHING', [user.login, user.auID, user.auOrgID, hash]);
    if ((r.rowCount ?? 0) === 0) throw new UserStoreError(`the user ${JSON.stringify(user.login)} exists already (remove it first)`);
  }

  /** Removes a login; false when there was none. */
  async remove(login: string): Promise<boolean> {
    return ((await this.#query('DELETE FROM api_serve.users WHERE login = $1', [login])).rowCount ?? 0) > 0;
  }

  close(): Promise<void> {
    return this.#release();
  }
}
