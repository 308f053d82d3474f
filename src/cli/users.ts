// `api-serve users add|remove|list`: manages the S6 user store under --data, or in the database of
// `--store URL`. A password is read from stdin (a pipe, a file, or a hidden prompt on a terminal),
// never from the command line.
import { Command, InvalidArgumentError, Option } from './commander.js';
import { UserStore, UserStoreError, loginProblem } from '../store/users.js';
import type { NewUser, StoredUser } from '../store/users.js';
import { StoreOpenError } from '../store/record-store.js';
import { databaseUrlProblem } from '../store/database-url.js';
import { die, parseOrExit } from './exit.js';

const COMMAND = 'api-serve users';
const MAX_PASSWORD = 1024;

class UsersError extends Error {
  constructor(message: string, readonly code: number) { super(message); }
}

function integer(text: string): number {
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) throw new InvalidArgumentError(`"${text}" is not an integer`);
  return Number(text);
}

/** Reads a password typed on a terminal without echoing it. */
function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (err) reject(err); else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003' || ch === '\u0004') return done(new UsersError('cancelled', 130));
        if (ch === '\u007f' || ch === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += ch;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/** The password from stdin: everything up to one final line break. */
async function readPassword(): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await promptHidden('Password: ');
    if (password !== await promptHidden('Password again: ')) throw new UsersError('the two passwords differ', 2);
  } else {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    password = Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  }
  if (password === '') throw new UsersError('no password on stdin (e.g. `api-serve users add alice --id 3 --org 1 < password.txt`)', 2);
  if (/[\u0000-\u001f\u007f]/.test(password)) throw new UsersError('the password on stdin must be one line without control characters', 2);
  if (password.length > MAX_PASSWORD) throw new UsersError(`the password may have at most ${MAX_PASSWORD} characters`, 2);
  return password;
}

interface DataOpts { data: string; store?: string }

/** What the subcommands need of either store. */
interface UserAdmin {
  readonly path: string;
  list(): Promise<readonly StoredUser[]>;
  add(user: NewUser): Promise<void>;
  remove(login: string): Promise<boolean>;
}

/** Runs `use` on the store the options name, closing a database pool afterwards. */
async function withStore<T>(opts: DataOpts, use: (store: UserAdmin) => Promise<T>): Promise<T> {
  if (opts.store === undefined || opts.store === '') return use(await UserStore.open(opts.data));
  // Checked here rather than by commander, whose message would repeat the value, password and all.
  const problem = databaseUrlProblem(opts.store);
  if (problem !== undefined) throw new UsersError(`--store: ${problem}`, 2);
  const { PgUserStore } = await import('../store/postgres.js');
  const store = await PgUserStore.open(opts.store, (line) => process.stderr.write(`${line}\n`));
  try { return await use(store); } finally { await store.close(); }
}

export function program(run: (action: Promise<void>) => void): Command {
  const cmd = new Command('api-serve users')
    .description('Manage the users of the authenticated surfaces (S6), kept hashed in DIR/users.json or in the --store database.')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  const data = (c: Command) => c.option('--data <dir>', 'directory holding users.json', 'data')
    .addOption(new Option('--store <url>', 'a PostgreSQL database holding the users instead (postgres://...)').env('API_SERVE_DATABASE_URL'))
    .exitOverride();

  data(cmd.command('add').argument('<login>', 'the login name (no ":")'))
    .description('Add a user; the password is read from stdin (one line), never from the command line.')
    .requiredOption('--id <auID>', 'the auID the user authenticates as', integer)
    .requiredOption('--org <auOrgID>', 'the auOrgID the user belongs to', integer)
    .action((login: string, opts: DataOpts & { id: number; org: number }) => run((async () => {
      const problem = loginProblem(login);
      if (problem) throw new UsersError(problem, 2);
      const password = await readPassword();
      await withStore(opts, async (store) => {
        await store.add({ login, password, auID: opts.id, auOrgID: opts.org });
        process.stdout.write(`added ${login} (auID ${opts.id}, auOrgID ${opts.org}) to ${store.path}\n`);
      });
    })()));

  data(cmd.command('remove').argument('<login>', 'the login name'))
    .description('Remove a user (tokens already issued to it stay valid until they expire).')
    .action((login: string, opts: DataOpts) => run((async () => {
      await withStore(opts, async (store) => {
        if (!(await store.remove(login))) throw new UsersError(`no user ${JSON.stringify(login)} in ${store.path}`, 1);
        process.stdout.write(`removed ${login} from ${store.path}\n`);
      });
    })()));

  data(cmd.command('list'))
    .description('List the logins with their auID and auOrgID (never a password or hash).')
    .action((opts: DataOpts) => run((async () => {
      const users = await withStore(opts, (store) => store.list());
      const width = Math.max(5, ...users.map((u) => u.login.length));
      process.stdout.write(`${'login'.padEnd(width)}  auID  auOrgID\n`);
      for (const u of users) process.stdout.write(`${u.login.padEnd(width)}  ${String(u.auID).padEnd(4)}  ${u.auOrgID}\n`);
    })()));
  return cmd;
}

/** `argv` as the process got it, with `users` at argv[2]. */
export async function main(argv: string[]): Promise<void> {
  let action: Promise<void> | undefined;
  const cmd = program((a) => { action = a; });
  await parseOrExit(cmd, argv.slice(3), 'user');
  if (!action) die(COMMAND, 'give a command: add <login> --id N --org N, remove <login>, or list');
  try {
    await action;
  } catch (err) {
    if (err instanceof UsersError) die(COMMAND, err.message, err.code);
    if (err instanceof UserStoreError) die(COMMAND, err.message, 1);
    // decided: a database that cannot be used is exit 2, as for `api-serve --store` (docs/decisions.md "The PostgreSQL store").
    if (err instanceof StoreOpenError) die(COMMAND, err.message, 2);
    die(COMMAND, (err as Error)?.message ?? String(err), 1);
  }
}
