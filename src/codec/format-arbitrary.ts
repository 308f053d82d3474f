// fast-check arbitraries of each asserted string format's values (mock answers, fuzz values): each
// drawn value passes its format's own test. Built on first use, per format; a format without a
// maker here draws its file's `examples`, so a new format needs no entry (fast-check stays out of
// src/codec/formats/, which the browser bundle holds).
import { fc } from './fast-check.js';
import { FORMATS, type FormatName } from './formats.js';

// Values of the formats that both our validators and JSON Schema tools accept: RFC 3339 offsets
// with a colon, `T` as the date-time separator, UUIDs without a `urn:uuid:` prefix.
// decided (docs/openapi-in.md "Examples"): dates and date-times lie within 1970-2100 (as UTC
// instants) and never use a leap second: what clients' date parsers and databases all take.
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const YEARS = { min: 1970, max: 2100 } as const;
const dateArb = fc.tuple(fc.integer(YEARS), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`)
  .filter((s) => FORMATS.date.test(s));
const timeArb = fc.tuple(
  fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }),
  fc.option(fc.integer({ min: 0, max: 999_999 }).map((f) => `.${f}`), { nil: '' }),
  fc.oneof(fc.constant('Z'), fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([s, h, m]) => `${s}${pad(h)}:${pad(m)}`)),
).map(([h, m, s, frac, zone]) => `${pad(h)}:${pad(m)}:${pad(s)}${frac}${zone}`);
const FIRST = Date.UTC(YEARS.min, 0, 1);
const LAST = Date.UTC(YEARS.max + 1, 0, 1);
/** An offset can move an instant out of the range (`1970-01-01T00:00:00+01:00`): those are drawn again. */
const inYears = (s: string) => { const t = Date.parse(s); return t >= FIRST && t < LAST; };

// URLs built from small alphabets rather than fast-check's webUrl/webPath/webQueryParameters: those
// tabulate RFC 3986's character sets when made, about a second each on this machine, which a
// mock whose sample needs one (nexmo's reports: 2.3 s of start-up) or a fuzz run paid.
const unreserved = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-._~');
const segmentUnit = fc.oneof({ weight: 9, arbitrary: unreserved }, { weight: 1, arbitrary: fc.constantFrom('%20', '%C3%A9', '!', '$', "'", '(', ')', '*', '+', ',', ';', '=', ':', '@') });
const segment = fc.string({ unit: segmentUnit, maxLength: 8 });
const webPath = fc.array(segment, { maxLength: 3 }).map((segments) => segments.map((x) => `/${x}`).join(''));
const hostArb = fc.oneof(fc.domain(), fc.constantFrom('localhost', '127.0.0.1', 'example.com'));
const authority = fc.tuple(hostArb, fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined })).map(([h, port]) => (port === undefined ? h : `${h}:${port}`));
const queryArb = fc.array(fc.tuple(fc.string({ unit: unreserved, minLength: 1, maxLength: 6 }), segment), { minLength: 1, maxLength: 3 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
const fragmentArb = fc.string({ unit: segmentUnit, maxLength: 8 });
const bareUrl = () => fc.tuple(fc.constantFrom('https', 'http'), authority, webPath).map(([scheme, a, path]) => `${scheme}://${a}${path}`);
const uriArb = () => fc.tuple(bareUrl(), fc.option(queryArb, { nil: undefined }), fc.option(fragmentArb, { nil: undefined }))
  .map(([u, q, f]) => `${u}${q === undefined ? '' : `?${q}`}${f === undefined ? '' : `#${f}`}`);
// Non-ASCII words for IRIs and internationalised mailboxes: each character is in RFC 3987's ucschar.
const word = fc.constantFrom('café', 'straße', 'δοκιμή', '東京', 'пример');
/** An IRI: a URL with a non-ASCII last path segment. */
const iriArb = () => fc.tuple(bareUrl(), word).map(([u, w]) => `${u}${u.endsWith('/') ? '' : '/'}${w}`);
const pointerArb = fc.array(fc.string(), { maxLength: 4 })
  .map((tokens) => tokens.map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''));
/** A duration part: a run of its units (`YMD` or `HMS`) without a gap, as RFC 3339's grammar asks, or none. */
const unitRun = (letters: string) => fc.option(fc.tuple(fc.nat(2), fc.nat(2), fc.array(fc.nat(99), { minLength: 3, maxLength: 3 }))
  .map(([a, b, n]) => [...letters].slice(Math.min(a, b), Math.max(a, b) + 1).map((u) => `${n[letters.indexOf(u)]!}${u}`).join('')), { nil: '' });
const durationArb = fc.oneof(
  fc.nat(52).map((w) => `P${w}W`),
  fc.tuple(unitRun('YMD'), unitRun('HMS')).filter(([d, t]) => d !== '' || t !== '').map(([d, t]) => `P${d}${t === '' ? '' : `T${t}`}`),
);

/** A format's examples, as a drawn value (the first is the shrink target: the format's sample). */
const examplesOf = (format: FormatName) => fc.constantFrom(...FORMATS[format].examples);

/**
 * The formats whose values vary beyond their examples. Built on first use: some of fast-check's
 * (webUrl, emailAddress) tabulate character sets when made, seconds on a busy machine, which every
 * mock's start paid at import (issue 16's load row).
 */
const FORMAT_MAKERS: Readonly<Partial<Record<FormatName, () => fc.Arbitrary<string>>>> = {
  date: () => dateArb,
  'date-time': () => fc.tuple(dateArb, timeArb).map(([d, time]) => `${d}T${time}`).filter(inYears),
  time: () => timeArb,
  duration: () => durationArb,
  email: () => fc.emailAddress(),
  'idn-email': () => fc.oneof(fc.emailAddress(), fc.tuple(word, fc.constantFrom('example.com', 'bücher.de', '例え.テスト')).map(([l, d]) => `${l}@${d}`)),
  uuid: () => fc.uuid(),
  uri: () => uriArb(),
  'uri-reference': () => fc.oneof(uriArb(), webPath, queryArb.map((q) => `?${q}`), fragmentArb.map((f) => `#${f}`)),
  iri: () => iriArb(),
  'iri-reference': () => fc.oneof(iriArb(), word.map((w) => `/${w}`), word.map((w) => `../${w}`), word.map((w) => `#${w}`)),
  'uri-template': () => fc.tuple(bareUrl(), fc.constantFrom('', '+', '#', '.', '/', ';', '?', '&'), fc.constantFrom('id', 'name', 'user.id', 'page_size'), fc.constantFrom('', '*', ':3'))
    .map(([u, op, v, mod]) => `${u.replace(/\/$/, '')}/{${op}${v}${mod}}`),
  'json-pointer': () => pointerArb,
  'relative-json-pointer': () => fc.tuple(fc.nat(5), fc.oneof(fc.constant('#'), pointerArb)).map(([n, p]) => `${n}${p}`),
  // A written expression, or any text with its special characters escaped (a literal match).
  regex: () => fc.oneof(examplesOf('regex'), fc.string().map((s) => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'))),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  hostname: () => fc.domain(),
  byte: () => fc.base64String({ maxLength: 24 }),
  binary: () => fc.string(),
  password: () => fc.string({ minLength: 1 }),
};
const formatArbitraries = new Map<FormatName, fc.Arbitrary<string>>();
export function formatArbitrary(format: FormatName): fc.Arbitrary<string> {
  let a = formatArbitraries.get(format);
  if (a === undefined) formatArbitraries.set(format, a = FORMAT_MAKERS[format]?.() ?? examplesOf(format));
  return a;
}
