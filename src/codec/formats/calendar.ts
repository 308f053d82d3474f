// RFC 3339 day and time ranges, shared by date-time and time: the shapes are matched by each
// format's expression first, then these check the numbers (a leap second only at 23:59:60 UTC).

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by two ASCII digits at `i` (the shape was matched before). */
export const two = (s: string, i: number): number => (s.charCodeAt(i) - 48) * 10 + s.charCodeAt(i + 1) - 48;

export function validDay(y: number, mo: number, d: number): boolean {
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (mo === 2 && leap ? 29 : DAYS[mo - 1]!);
}

/** Hours, minutes, seconds and an offset (sign, hours, minutes; absent for Z) in range. */
function validTime(h: number, min: number, sec: number, sign: string | undefined, oh: number, om: number): boolean {
  if (h > 23 || min > 59 || sec > 60 || oh > 23 || om > 59) return false;
  if (sec < 60) return true;
  const utc = (((h * 60 + min - (sign === '-' ? -1 : 1) * (oh * 60 + om)) % 1440) + 1440) % 1440;
  return utc === 23 * 60 + 59;
}

/** The time part from `at` to the end: the shape matched, so only the ranges are left (no allocation). */
export function timeAt(s: string, at: number): boolean {
  const last = s.charCodeAt(s.length - 1);
  const utc = last === 90 || last === 122; // Z or z
  const o = s.length - 6;
  return validTime(two(s, at), two(s, at + 3), two(s, at + 6), utc ? undefined : s[o], utc ? 0 : two(s, o + 1), utc ? 0 : two(s, o + 4));
}
