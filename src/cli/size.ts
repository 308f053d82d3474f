// Sizes on the command line: `1048576`, `512kb`, `2mb` (binary units), as `api-serve --max-body`
// and `api-check --max-response-body` take them.
import { InvalidArgumentError } from './commander.js';

/** `--max-response-body` when not given: the checker's own default (check/replay.ts), as help shows it. */
export const DEFAULT_RESPONSE_BODY_CAP = '32mb';

/** The bytes `text` names, or undefined when it is not a size. */
export function sizeOf(text: string): number | undefined {
  const m = /^(\d+)\s*(b|kb|k|kib|mb|m|mib)?$/i.exec(text.trim());
  if (!m) return undefined;
  const unit = (m[2] ?? 'b').toLowerCase();
  return Number(m[1]) * (unit.startsWith('k') ? 1024 : unit.startsWith('m') ? 1024 * 1024 : 1);
}

/** A commander argument parser: a size of at least one byte, else a usage error (commander names the flag). */
export function sizeArg(text: string): number {
  const bytes = sizeOf(text);
  if (bytes === undefined || bytes < 1 || !Number.isSafeInteger(bytes)) throw new InvalidArgumentError('expected a size of at least 1 byte: bytes, or with kb/mb (512kb, 2mb)');
  return bytes;
}
