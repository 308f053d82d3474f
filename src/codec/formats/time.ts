// `time`: an RFC 3339 full-time (partial-time with a time-offset, which the format requires).
import { timeAt } from './calendar.js';
import type { Format } from './format.js';

const TIME = /^\d\d:\d\d:\d\d(?:\.\d+)?(?:[Zz]|[+-]\d\d:\d\d)$/;

export const time: Format = {
  noun: 'a time (RFC 3339, with offset)',
  test: (s) => TIME.test(s) && timeAt(s, 0),
  examples: ['00:00:00Z', '12:30:45.123+02:00', '23:59:59-08:00'],
  misses: ['24:00:00Z', '00:60:00Z', '00:00:00', 'noon'],
};
