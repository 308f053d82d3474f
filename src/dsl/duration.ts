// Durations as people type them on the command line (`90s`, `15m`, `1h`, `7d`, or seconds).

const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86400 };
const MAX_SECONDS = 366 * 86400;

/** Seconds in `text`, or undefined when it is not a positive duration of at most a year. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d{1,9})\s*([smhd]?)$/i.exec(text.trim());
  if (!m) return undefined;
  const seconds = Number(m[1]) * (UNIT_SECONDS[(m[2] || 's').toLowerCase()] ?? 1);
  return seconds > 0 && seconds <= MAX_SECONDS ? seconds : undefined;
}
