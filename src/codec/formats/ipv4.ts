// `ipv4`: RFC 2673 dotted-quad, four decimal octets without leading zeros.
import type { Format } from './format.js';

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** Also the IPv4 tail of an IPv6 address and an email's address literal. */
export const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

export const ipv4: Format = {
  noun: 'an IPv4 address',
  test: (s) => IPV4.test(s),
  examples: ['192.0.2.1', '10.0.0.255'],
  misses: ['256.0.0.1', '1.2.3', '1.2.3.4.5', 'x'],
};
