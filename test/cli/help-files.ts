// What the `--help` golden files under test/golden/help/ hold: each command's and subcommand's help
// as the built bins print it. Shared by the help test and scripts/update-golden.mjs (`--help`).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { bin } from '../helpers/cli.js';
import type { Golden } from '../docs/golden-files.js';

type Bin = 'api-serve' | 'api-docs' | 'api-check';

/** Every program and subcommand in src/cli/ with its own help (help.test.ts checks the list is whole). */
export const HELP_COMMANDS: readonly (readonly [Bin, ...string[]])[] = [
  ['api-serve'],
  ['api-serve', 'users'],
  ['api-serve', 'users', 'add'],
  ['api-serve', 'users', 'remove'],
  ['api-serve', 'users', 'list'],
  ['api-serve', 'import'],
  ['api-docs'],
  ['api-docs', 'diff'],
  ['api-check'],
  ['api-check', 'import-har'],
  ['api-check', 'fuzz'],
];

/**
 * The help's output never depends on the terminal: stdout is a pipe, so commander wraps at its
 * default 80 columns (it reads the width only from a TTY); COLUMNS is pinned too, and colour off.
 */
export function helpEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, COLUMNS: '80', NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  delete env.CLICOLOR_FORCE;
  return env;
}

/** Runs `<bin> [sub...] --help` on the built bins; any stderr or a non-zero exit is an error. */
export function renderHelp(command: readonly [Bin, ...string[]]): Promise<string> {
  const [name, ...subs] = command;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [bin(name), ...subs, '--help'], { env: helpEnv(), encoding: 'utf8', timeout: 30_000 }, (err, stdout, stderr) => {
      if (err || stderr !== '') reject(new Error(`${command.join(' ')} --help failed: ${err?.message ?? ''} ${stderr}`));
      else resolve(stdout);
    });
  });
}

export const helpFile = (command: readonly string[]): string => join('help', `${command.join('-')}.txt`);

export function helpGoldens(): Golden[] {
  return HELP_COMMANDS.map((command) => ({ file: helpFile(command), render: () => renderHelp(command) }));
}
