// `date-time`: an RFC 3339 date-time (full-date, `T`, partial-time and a time-offset).
import { timeAt, two, validDay } from './calendar.js';
import type { Format } from './format.js';

const DATE_TIME = /^\d{4}-\d\d-\d\d[Tt]\d\d:\d\d:\d\d(?:\.\d+)?(?:[Zz]|[+-]\d\d:\d\d)$/;

export const dateTime: Format = {
  noun: 'a date-time (RFC 3339)',
  test: (s) => DATE_TIME.test(s) && validDay(two(s, 0) * 100 + two(s, 2), two(s, 5), two(s, 8)) && timeAt(s, 11),
  examples: ['2024-01-01T00:00:00Z', '2024-02-29T12:30:45.5+01:00', '1999-12-31T23:59:59-05:00'],
  misses: ['2024-01-01T24:00:00Z', '2024-02-30T00:00:00Z', '2024-01-01T00:00:00', 'now'],
};
