// How the commands end: one clear line on stderr and an exit code; commander's own endings
// (--help, --version, a bad flag) mapped to exit 0 or 2.
import { type Command, CommanderError } from './commander.js';

export function die(command: string, message: string, code = 2): never {
  process.stderr.write(`${command}: ${message}\n`);
  process.exit(code);
}

/** Commander's `error: unknown option '--prot'\n(Did you mean --port?)` as one line. */
export const usageLine = (message: string): string =>
  message.replace(/^error: /, '').split('\n').map((l) => l.trim()).filter(Boolean).map((l, i) => (i > 0 ? l.replace(/^\((.)/, (_, c: string) => `(${c.toLowerCase()}`) : l)).join(' ');

/** Commander prints nothing for a usage error: parseOrExit says it in the command's own words. */
function quiet(cmd: Command): void {
  cmd.configureOutput({ outputError: () => {} });
  for (const sub of cmd.commands) quiet(sub);
}

/**
 * Parses the command line; help exits 0, a usage error is one line (`api-serve: unknown option
 * '--prot' (did you mean --port?)`) and exit 2.
 */
export async function parseOrExit(cmd: Command, argv: readonly string[], from: 'node' | 'user' = 'node'): Promise<void> {
  quiet(cmd);
  try {
    await cmd.parseAsync(argv, { from });
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version') process.exit(0);
      die(cmd.name(), usageLine(err.message));
    }
    throw err;
  }
}
