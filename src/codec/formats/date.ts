// `date`: an RFC 3339 full-date (YYYY-MM-DD), the same test as the `t.date` codec's.
import { isDate } from '../scalars.js';
import type { Format } from './format.js';

export const date: Format = {
  noun: 'a date (YYYY-MM-DD)',
  test: isDate,
  examples: ['2024-01-01', '2024-02-29', '1999-12-31'],
  misses: ['2024-02-30', '2024-13-01', '2024-1-01', 'today'],
};
