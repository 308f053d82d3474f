// How deep JSON nests, and the one limit on it: a request body (or S10's upstream document) nested
// deeper than MAX_JSON_DEPTH is refused before any recursive check, sample, encoder or store sees it.
// Both measures walk without recursion: the depth is what is in doubt, so the measure cannot overflow.

/**
 * decided: 1000 levels, the nesting Jackson (Elasticsearch's parser) accepts by default; every
 * recursive walk of the codecs, the encoder and the stores stays well inside Node's stack at twice
 * that (docs/decisions.md "JSON depth").
 */
export const MAX_JSON_DEPTH = 1000;

/** The reason a value nested too deep is refused, in the words the 400s and S10's log use. */
export const deeperThan = (limit: number = MAX_JSON_DEPTH): string => `nested deeper than ${limit} levels (the limit)`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text nests deeper than `limit` (a top-level `[]` is 1), read byte by byte before it
 * is parsed: brackets inside strings do not count, and UTF-8 continuation bytes are never ASCII.
 * Text that is not JSON gets some count; it is refused either way.
 */
export function jsonTextDeeperThan(bytes: Uint8Array, limit: number = MAX_JSON_DEPTH): boolean {
  // Each level takes at least one byte: a shorter text cannot go past the limit.
  if (bytes.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** How deep a parsed JSON value nests (a top-level `[]` is 1, a scalar 0), stopping once past `limit`. */
export function jsonValueDepth(value: unknown, limit: number = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    for (const item of Array.isArray(v) ? v : Object.values(v)) if (item !== null && typeof item === 'object') stack.push([item, depth + 1]);
  }
  return deepest;
}
