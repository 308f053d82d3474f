// Colour for terminal output: on for a TTY unless NO_COLOR is set (https://no-color.org),
// forced by FORCE_COLOR; everything else is plain text.

export interface Paint {
  readonly enabled: boolean;
  green(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const wrap = (on: boolean, open: number, close: number) => (s: string) => (on ? `\x1b[${open}m${s}\x1b[${close}m` : s);

export function paint(enabled: boolean): Paint {
  return { enabled, green: wrap(enabled, 32, 39), red: wrap(enabled, 31, 39), yellow: wrap(enabled, 33, 39), dim: wrap(enabled, 2, 22), bold: wrap(enabled, 1, 22) };
}

/** Whether to colour a stream, from the environment. */
export function colorWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}
