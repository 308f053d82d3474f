// `--delay 200ms` or `--delay 100-500ms`: every answer waits that long (a range: uniformly within
// it), so a front end sees a network's latency from a local mock.

export interface Delay {
  readonly min: number;
  readonly max: number;
}

const UNIT: Readonly<Record<string, number>> = { ms: 1, s: 1000 };

/** Parses `200ms`, `1s`, `100-500ms`; undefined when the text is none of those. */
export function parseDelay(text: string): Delay | undefined {
  const m = /^(\d{1,6})(?:-(\d{1,6}))?(ms|s)$/.exec(text.trim());
  if (!m) return undefined;
  const unit = UNIT[m[3]!]!;
  const min = Number(m[1]) * unit;
  const max = m[2] === undefined ? min : Number(m[2]) * unit;
  return max >= min && max <= 60_000 ? { min, max } : undefined;
}

export const delayOf = (d: Delay): number => d.min + Math.floor(Math.random() * (d.max - d.min + 1));
