// Every command's `--help`, as the built bins print it, byte for byte against test/golden/help/.
// A change is a bug or a deliberate update: `node scripts/update-golden.mjs --help`, in its own commit.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { GOLDEN_DIR } from '../docs/golden-files.js';
import { HELP_COMMANDS, helpFile, renderHelp } from './help-files.js';

// The bins start in parallel (each spawn loads Node and the CLI): the outputs are awaited per test.
const printed = new Map<string, Promise<string>>();
test.before(() => {
  for (const command of HELP_COMMANDS) {
    const p = renderHelp(command);
    p.catch(() => {}); // reported by the test that awaits it
    printed.set(helpFile(command), p);
  }
});

for (const command of HELP_COMMANDS) {
  const file = helpFile(command);
  test(`${command.join(' ')} --help prints test/golden/${file}`, async () => {
    const path = join(GOLDEN_DIR, file);
    assert.ok(existsSync(path), `test/golden/${file} is missing: run \`node scripts/update-golden.mjs --help\` and commit it`);
    assert.fixture(await printed.get(file)!, readFileSync(path, 'utf8'), `test/golden/${file} differs; if the change is on purpose, run \`node scripts/update-golden.mjs --help\``);
  });
}

test('every program and subcommand defined in src/cli/ has a help golden', () => {
  const defined: string[] = [];
  const dir = join(ROOT, 'src', 'cli');
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()) {
    const source = readFileSync(join(dir, name), 'utf8');
    // A module adding subcommands to a program defined elsewhere says whose (`commander: subcommands of api-check`).
    const own = /new Command\('([^']+)'\)/.exec(source)?.[1];
    const root = own ?? /commander: subcommands of ([\w-]+)/.exec(source)?.[1];
    if (root === undefined) continue;
    if (own !== undefined) defined.push(own);
    for (const m of source.matchAll(/\.command\('([^'\s]+)/g)) defined.push(`${root} ${m[1]}`);
  }
  assert.ok(defined.length > 0, 'no commander program found in src/cli/');
  assert.equal([...defined].sort(), HELP_COMMANDS.map((c) => c.join(' ')).sort());
});

test('no stale help golden: every file in test/golden/help/ belongs to a command', () => {
  const files = readdirSync(join(GOLDEN_DIR, 'help')).sort();
  assert.equal(files, HELP_COMMANDS.map((c) => helpFile(c).slice('help/'.length)).sort());
});

test.run();
