// How the commands end: one clear line on stderr and an exit code; commander's own endings
// (--help, --version, a bad flag) mapped to exit 0 or 2.
import { type Command, CommanderError } from 'commander';

export function die(command: string, message: string, code = 2): never {
  process.stderr.write(`${command}: ${message}\n`);
  process.exit(code);
}

/** Parses the command line; help exits 0, any usage error (already printed by commander) exits 2. */
export async function parseOrExit(cmd: Command, argv: readonly string[], from: 'node' | 'user' = 'node'): Promise<void> {
  try {
    await cmd.parseAsync(argv, { from });
  } catch (err) {
    if (err instanceof CommanderError) process.exit(err.exitCode === 0 ? 0 : 2);
    throw err;
  }
}
