// RFC 3986's URI and URI-reference, and RFC 3987's IRI and IRI-reference (the same grammar with
// `ucschar` in every component and `iprivate` in the query): one reader for the four formats.
import { isIpv6 } from './ipv6.js';

const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
// RFC 3987 section 2.2 (RFC 6570's literals use the same two sets): ucschar runs to U+D7FF and between the noncharacters, plane by plane.
export const UCSCHAR = ['\\u{A0}-\\u{D7FF}', '\\u{F900}-\\u{FDCF}', '\\u{FDF0}-\\u{FFEF}',
  ...Array.from({ length: 13 }, (_, i) => `\\u{${(i + 1).toString(16)}0000}-\\u{${(i + 1).toString(16)}FFFD}`),
  '\\u{E1000}-\\u{EFFFD}'].join('');
export const IPRIVATE = '\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}';

interface Components {
  readonly userinfo: RegExp;
  readonly regName: RegExp;
  /** A whole path: segments of pchar joined by `/`. */
  readonly path: RegExp;
  readonly query: RegExp;
  readonly fragment: RegExp;
}

function components(unreserved: string, queryOnly: string): Components {
  const run = (set: string) => new RegExp(`^(?:[${set}]|%[0-9A-Fa-f]{2})*$`, 'u');
  const pchar = `${unreserved}${SUB_DELIMS}:@`;
  return {
    userinfo: run(`${unreserved}${SUB_DELIMS}:`),
    regName: run(`${unreserved}${SUB_DELIMS}`),
    path: run(`${pchar}/`),
    query: run(`${pchar}/?${queryOnly}`),
    fragment: run(`${pchar}/?`),
  };
}

const URI = components(UNRESERVED, '');
const IRI = components(UNRESERVED + UCSCHAR, IPRIVATE);
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const IP_FUTURE = /^[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;
const PORT = /^\d*$/;

/** `[ userinfo "@" ] host [ ":" port ]`; an IPv4 host is a reg-name to the grammar (RFC 3986 3.2.2). */
function authorityOk(authority: string, c: Components): boolean {
  let a = authority;
  const at = a.indexOf('@');
  if (at >= 0) {
    if (!c.userinfo.test(a.slice(0, at))) return false;
    a = a.slice(at + 1);
  }
  if (a.startsWith('[')) {
    const close = a.indexOf(']');
    if (close < 0) return false;
    const literal = a.slice(1, close);
    const after = a.slice(close + 1);
    return (isIpv6(literal) || IP_FUTURE.test(literal)) && (after === '' || (after.startsWith(':') && PORT.test(after.slice(1))));
  }
  const colon = a.indexOf(':');
  return c.regName.test(colon < 0 ? a : a.slice(0, colon)) && (colon < 0 || PORT.test(a.slice(colon + 1)));
}

/**
 * The test of one of the four: `iri` widens the characters, `reference` allows a relative
 * reference (no scheme; then a first path segment holds no `:`, RFC 3986 section 4.2).
 */
export function uriTest(kind: { readonly iri: boolean; readonly reference: boolean }): (s: string) => boolean {
  const c = kind.iri ? IRI : URI;
  return (s) => {
    let rest = s;
    const hash = rest.indexOf('#');
    if (hash >= 0) {
      if (!c.fragment.test(rest.slice(hash + 1))) return false;
      rest = rest.slice(0, hash);
    }
    const question = rest.indexOf('?');
    if (question >= 0) {
      if (!c.query.test(rest.slice(question + 1))) return false;
      rest = rest.slice(0, question);
    }
    const scheme = SCHEME.exec(rest);
    if (scheme !== null) rest = rest.slice(scheme[0].length);
    else if (!kind.reference || rest.split('/', 1)[0]!.includes(':')) return false;
    if (rest.startsWith('//')) {
      const end = rest.indexOf('/', 2);
      if (!authorityOk(end < 0 ? rest.slice(2) : rest.slice(2, end), c)) return false;
      rest = end < 0 ? '' : rest.slice(end);
    }
    return c.path.test(rest);
  };
}
