// `ipv6`: RFC 4291 text form: eight groups, one `::` for a run of zeros, an IPv4 tail allowed.
import type { Format } from './format.js';
import { IPV4 } from './ipv4.js';

const HEX4 = /^[0-9A-Fa-f]{1,4}$/;

/** Also the test of an IPv6 literal in a URI's host and an email's address literal. */
export function isIpv6(s: string): boolean {
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

export const ipv6: Format = {
  noun: 'an IPv6 address',
  test: isIpv6,
  examples: ['2001:db8::1', '::1', '::ffff:192.0.2.1', 'fe80:0:0:0:0:0:0:1'],
  misses: ['2001:db8::1::1', '12345::', '1:2:3:4:5:6:7:8:9', 'x'],
};
