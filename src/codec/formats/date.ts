// `date`: an RFC 3339 full-date (YYYY-MM-DD), the same test as the `t.date` codec's.
import { isDate } from '../scalars.js';
import type { Format } from './format.js';

export const date: Format = { noun: 'a date (YYYY-MM-DD)', test: isDate };
