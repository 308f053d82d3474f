// String formats of JSON Schema and OpenAPI (`email`, `uuid`, `date-time`, ...): one test per
// format, written to the RFC each names, so a value is judged the same by the server and the docs.
import { isDate } from './scalars.js';

export type FormatName = 'date' | 'date-time' | 'time' | 'email' | 'uuid' | 'uri' | 'ipv4' | 'ipv6' | 'hostname'
  | 'byte' | 'binary' | 'password';

interface Format {
  /** How a message names a value of the format: `an email address`. */
  readonly noun: string;
  readonly test: (s: string) => boolean;
}

// RFC 3339 date-time, full-date and partial-time with a time-offset: one expression each, then
// the ranges by arithmetic (a leap second only at 23:59:60 UTC).
const DATE_TIME = /^\d{4}-\d\d-\d\d[Tt]\d\d:\d\d:\d\d(?:\.\d+)?(?:[Zz]|[+-]\d\d:\d\d)$/;
const TIME = /^\d\d:\d\d:\d\d(?:\.\d+)?(?:[Zz]|[+-]\d\d:\d\d)$/;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDay(y: number, mo: number, d: number): boolean {
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

/** The number written by two (or four) ASCII digits at `i` (the shape was matched before). */
const two = (s: string, i: number) => (s.charCodeAt(i) - 48) * 10 + s.charCodeAt(i + 1) - 48;

/** The time part from `at` to the end: the shape matched, so only the ranges are left (no allocation). */
function timeAt(s: string, at: number): boolean {
  const last = s.charCodeAt(s.length - 1);
  const utc = last === 90 || last === 122; // Z or z
  const o = s.length - 6;
  return validTime(two(s, at), two(s, at + 3), two(s, at + 6), utc ? undefined : s[o], utc ? 0 : two(s, o + 1), utc ? 0 : two(s, o + 4));
}

function isTime(s: string): boolean {
  return TIME.test(s) && timeAt(s, 0);
}

function isDateTime(s: string): boolean {
  return DATE_TIME.test(s) && validDay(two(s, 0) * 100 + two(s, 2), two(s, 5), two(s, 8)) && timeAt(s, 11);
}

// RFC 5321 dot-atom local part and an RFC 1123 domain of at least two labels.
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/**
 * RFC 1123 host names as JSON Schema's suite reads them: no trailing dot, and `--` in a label's
 * third and fourth places only in an A-label (`xn--`), whose Unicode rules are not checked.
 */
/**
 * RFC 5321 mailboxes: a dot-atom or a quoted local part, and a domain or an address literal
 * (`[192.0.2.1]`, `[IPv6:2001:db8::1]`), as the suite's optional/format/email.json reads them.
 */
const QUOTED_LOCAL = /^"(?:[^"\\\r\n]|\\.)*"$/;
function isEmail(s: string): boolean {
  if (EMAIL.test(s)) return true;
  const at = s.lastIndexOf('@');
  if (at <= 0) return false;
  const [local, domain] = [s.slice(0, at), s.slice(at + 1)];
  const localOk = QUOTED_LOCAL.test(local) || EMAIL.test(`${local}@a.b`);
  if (!localOk) return false;
  const literal = /^\[(.*)\]$/.exec(domain);
  if (literal === null) return EMAIL.test(`a@${domain}`);
  return IPV4.test(literal[1]!) || (/^IPv6:/i.test(literal[1]!) && isIpv6(literal[1]!.slice(5)));
}

function isHostname(s: string): boolean {
  return s.length >= 1 && s.length <= 253 && s.split('.').every((l) => LABEL.test(l) && (l.slice(2, 4) !== '--' || /^xn--/i.test(l)));
}
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const HEX4 = /^[0-9A-Fa-f]{1,4}$/;
/** RFC 4291 text form: eight groups, one `::` for a run of zeros, an IPv4 tail allowed. */
function isIpv6(s: string): boolean {
  let body = s;
  if (s.includes('.')) {
    // An IPv4 tail stands for the last two groups.
    const lastColon = s.lastIndexOf(':');
    if (lastColon < 0 || !IPV4.test(s.slice(lastColon + 1))) return false;
    body = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return false;
  const parts = (h: string) => (h === '' ? [] : h.split(':'));
  if (halves.length === 2) {
    const [a, b] = [parts(halves[0]!), parts(halves[1]!)];
    return a.length + b.length < 8 && [...a, ...b].every((g) => HEX4.test(g));
  }
  const all = parts(body);
  return all.length === 8 && all.every((g) => HEX4.test(g));
}
// RFC 3986 absolute URI: a scheme, then characters a URI may hold (percent escapes well formed);
// brackets only around an IP-literal host (`http://[::1]/`), one `#` at most (the fragment).
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/(?:(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*@)?\[[0-9A-Fa-f:.]+\])?(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*(?:#(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?$/;
// RFC 4648 base64 with padding.
const BYTE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const FORMATS: Readonly<Record<FormatName, Format>> = {
  date: { noun: 'a date (YYYY-MM-DD)', test: isDate },
  'date-time': { noun: 'a date-time (RFC 3339)', test: isDateTime },
  time: { noun: 'a time (RFC 3339, with offset)', test: isTime },
  email: { noun: 'an email address', test: isEmail },
  uuid: { noun: 'a UUID', test: (s) => UUID.test(s) },
  uri: { noun: 'an absolute URI', test: (s) => URI.test(s) },
  ipv4: { noun: 'an IPv4 address', test: (s) => IPV4.test(s) },
  ipv6: { noun: 'an IPv6 address', test: isIpv6 },
  hostname: { noun: 'a host name', test: isHostname },
  byte: { noun: 'base64 text', test: (s) => BYTE.test(s) },
  // OpenAPI's `binary` and `password` only describe a string; any string is one.
  binary: { noun: 'binary text', test: () => true },
  password: { noun: 'a password', test: () => true },
};

export const isFormatName = (name: string): name is FormatName => Object.hasOwn(FORMATS, name);
