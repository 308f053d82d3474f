// `time`: an RFC 3339 full-time (partial-time with a time-offset, which the format requires).
import { timeAt } from './calendar.js';
import type { Format } from './format.js';

const TIME = /^\d\d:\d\d:\d\d(?:\.\d+)?(?:[Zz]|[+-]\d\d:\d\d)$/;

export const time: Format = { noun: 'a time (RFC 3339, with offset)', test: (s) => TIME.test(s) && timeAt(s, 0) };
