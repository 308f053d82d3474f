// `duration`: RFC 3339 appendix A's ISO 8601 duration: `P`, then weeks alone or date units (Y, M,
// D, each needing the next smaller one before a later) and `T` time units (H, M, S), integers only.
import type { Format } from './format.js';

const TIME = 'T(?:\\d+H(?:\\d+M(?:\\d+S)?)?|\\d+M(?:\\d+S)?|\\d+S)';
const DATE = `(?:\\d+D|\\d+M(?:\\d+D)?|\\d+Y(?:\\d+M(?:\\d+D)?)?)(?:${TIME})?`;
const DURATION = new RegExp(`^P(?:${DATE}|${TIME}|\\d+W)$`);

export const duration: Format = {
  noun: 'a duration (ISO 8601, as RFC 3339 appendix A)',
  test: (s) => DURATION.test(s),
  examples: ['P1D', 'P3Y6M4DT12H30M5S', 'P2W', 'PT90M'],
  // `P1Y2D` skips the month RFC 3339's grammar asks for; ajv-formats, reading ISO 8601, takes it.
  misses: ['P', 'PT', 'P1Y2D', '1D', 'PT0.5S'],
};
