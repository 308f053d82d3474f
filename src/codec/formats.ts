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

// RFC 3339 partial-time and time-offset; a leap second only as 23:59:60 in UTC terms.
const TIME = /^(\d\d):(\d\d):(\d\d)(\.\d+)?([Zz]|([+-])(\d\d):(\d\d))$/;
function isTime(s: string): boolean {
  const m = TIME.exec(s);
  if (!m) return false;
  const [h, min, sec] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [oh, om] = [Number(m[7] ?? 0), Number(m[8] ?? 0)];
  if (h > 23 || min > 59 || sec > 60 || oh > 23 || om > 59) return false;
  if (sec < 60) return true;
  // A leap second is 23:59:60 in UTC: shift the local time by the offset back to UTC.
  const sign = m[6] === '-' ? -1 : 1;
  const utc = (((h * 60 + min - sign * (oh * 60 + om)) % 1440) + 1440) % 1440;
  return utc === 23 * 60 + 59;
}

function isDateTime(s: string): boolean {
  const t = s.indexOf('T') >= 0 ? s.indexOf('T') : s.indexOf('t');
  return t === 10 && isDate(s.slice(0, 10)) && isTime(s.slice(11));
}

// RFC 5321 dot-atom local part and an RFC 1123 domain of at least two labels.
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
function isHostname(s: string): boolean {
  const name = s.endsWith('.') ? s.slice(0, -1) : s;
  return name.length >= 1 && name.length <= 253 && name.split('.').every((l) => LABEL.test(l));
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
  email: { noun: 'an email address', test: (s) => EMAIL.test(s) },
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
