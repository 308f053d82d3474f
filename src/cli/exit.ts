// How the commands end: one clear line on stderr and an exit code.

export function die(command: string, message: string, code = 2): never {
  process.stderr.write(`${command}: ${message}\n`);
  process.exit(code);
}
