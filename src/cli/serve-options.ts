// The option parsers of `api-serve`: each flag's value checked and converted as commander reads it
// (a bad value is a usage error naming it), plus the options the built-in extensions declare.
import { readFileSync } from 'node:fs';
import { InvalidArgumentError, Option } from './commander.js';
import { UsageError } from './resolve-surface.js';
import { authExtension } from '../dsl/auth.js';
import { rangeExtension } from '../dsl/range.js';
import { type Delay, parseDelay } from '../dsl/delay.js';
import type { CorsOrigins } from '../server/cors.js';

export function parseSize(text: string): number {
  const m = /^(\d+)\s*(b|kb|k|kib|mb|m|mib)?$/i.exec(text.trim());
  if (!m) throw new UsageError(`--max-body: "${text}" is not a size (bytes, or with kb/mb)`);
  const unit = (m[2] ?? 'b').toLowerCase();
  return Number(m[1]) * (unit.startsWith('k') ? 1024 : unit.startsWith('m') ? 1024 * 1024 : 1);
}

export function parseWorkers(text: string): string {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 256) throw new InvalidArgumentError('expected a number of processes from 1 to 256');
  return text;
}

export function parseMillis(text: string): string {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new InvalidArgumentError('expected a positive number of milliseconds');
  return text;
}

/** The options the built-in extensions declare (descriptors carry them; the runtimes read them). */
export function extensionOptions(): Option[] {
  return [authExtension, rangeExtension].flatMap((d) => d.options.map((o) => {
    const option = new Option(o.flag, o.description);
    if (o.default !== undefined) option.default(o.default);
    const check = o.check;
    if (check) option.argParser((text: string) => { const why = check(text); if (why !== undefined) throw new InvalidArgumentError(why); return text; });
    return option;
  }));
}

// Given bare, commander passes the option's preset ('*', '500') through these parsers: without a
// preset it passed `true` past them, which crashed --cors and kept 1 request for --journal.
export function parseOrigins(text: string): CorsOrigins {
  if (text === '*') return '*';
  const origins = text.split(',').map((o) => o.trim()).filter((o) => o !== '');
  for (const o of origins) if (!/^https?:\/\/[^/\s]+$/.test(o)) throw new InvalidArgumentError(`"${o}" is not an origin (scheme://host[:port], e.g. http://localhost:5173)`);
  return origins;
}

export function parseDelayOption(text: string): Delay {
  const d = parseDelay(text);
  if (d === undefined) throw new InvalidArgumentError(`"${text}" is not a delay (200ms, 1s, or a range 100-500ms, at most 60s)`);
  return d;
}

export function parseJournal(text: string): number {
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1) throw new InvalidArgumentError(`"${text}" is not a number of requests to keep (1 or more)`);
  return Number(text);
}

export function parsePrefix(text: string): string {
  if (!/^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*\/$/.test(text)) throw new InvalidArgumentError(`"${text}" is not a path prefix (like /__api-serve/: starts and ends with /)`);
  return text;
}

/** `--seed-data`: a JSON object; anything else is a usage error naming the file. */
export function readSeedData(file: string): Record<string, unknown> {
  let text: string;
  try { text = readFileSync(file, 'utf8'); } catch (err) { throw new UsageError(`--seed-data ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`); }
  let data: unknown;
  try { data = JSON.parse(text); } catch (err) { throw new UsageError(`--seed-data ${file}: not JSON (${(err as Error).message})`); }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new UsageError(`--seed-data ${file}: expected an object of lists by collection path, like { "/person": [...] }`);
  return data as Record<string, unknown>;
}

export function parseSeed(text: string): number {
  if (!/^\d{1,9}$/.test(text)) throw new InvalidArgumentError(`"${text}" is not a seed (a whole number from 0 to 999999999)`);
  return Number(text);
}
