// RFC 5321 mailboxes and RFC 6531's internationalised ones (the same grammar with any non-ASCII
// character allowed in atoms and domain labels): shared by `email` and `idn-email`.
import { IPV4 } from './ipv4.js';
import { isIpv6 } from './ipv6.js';

const ATEXT = "A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-";
const LETTER = 'A-Za-z0-9';
// RFC 6531's UTF8-non-ascii: every code point past ASCII (RFC 6532 section 3.1).
const NON_ASCII = '\\u{80}-\\u{10FFFF}';

interface Grammar { readonly dotAtom: RegExp; readonly domain: RegExp }

function grammar(extra: string): Grammar {
  const atom = `[${ATEXT}${extra}]+`;
  const label = `[${LETTER}${extra}](?:[${LETTER}${extra}-]*[${LETTER}${extra}])?`;
  return {
    dotAtom: new RegExp(`^${atom}(?:\\.${atom})*$`, 'u'),
    // A domain of at least two labels: a bare label is a host on no network mail reaches.
    domain: new RegExp(`^(?:${label}\\.)+${label}$`, 'u'),
  };
}

const ASCII = grammar('');
const INTERNATIONAL = grammar(NON_ASCII);
const QUOTED_LOCAL = /^"(?:[^"\\\r\n]|\\.)*"$/u;

/**
 * A dot-atom or a quoted local part, `@`, and a domain or an address literal (`[192.0.2.1]`,
 * `[IPv6:2001:db8::1]`), as the suite's optional/format/email.json and idn-email.json read them.
 */
export function isMailbox(s: string, international: boolean): boolean {
  const g = international ? INTERNATIONAL : ASCII;
  const at = s.lastIndexOf('@');
  if (at <= 0) return false;
  const [local, domain] = [s.slice(0, at), s.slice(at + 1)];
  if (!g.dotAtom.test(local) && !(QUOTED_LOCAL.test(local) && (international || /^[\x20-\x7e]*$/.test(local)))) return false;
  const literal = /^\[(.*)\]$/.exec(domain);
  if (literal === null) return g.domain.test(domain);
  return IPV4.test(literal[1]!) || (/^IPv6:/i.test(literal[1]!) && isIpv6(literal[1]!.slice(5)));
}
