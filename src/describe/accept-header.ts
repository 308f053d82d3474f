// The media types an Accept header prefers among the ones offered, with the q-values and
// specificity of RFC 9110 12.5.1, in the order the negotiator package gives (the oracle of
// test/describe/accept-header.test.ts). Plain TypeScript, so it runs in browsers and service
// workers, where the server's answers are negotiated too (the web fetch handler, MSW in a page).

/** One media range of an Accept header (or one offered type): as written, its parameters lower-cased by name. */
interface Range {
  readonly type: string;
  readonly subtype: string;
  readonly params: Readonly<Record<string, string>>;
  readonly q: number;
  /** Its position in the header. */
  readonly i: number;
}

/** How well an offer is accepted: by which range (its position `o`), with what quality and specificity. */
interface Priority { readonly i: number; readonly o: number; readonly q: number; readonly s: number }

const SP = 0x20;
const HTAB = 0x09;
const SEMI = 0x3b;
const COMMA = 0x2c;
const EQ = 0x3d;
const DQUOTE = 0x22;
const BSLASH = 0x5c;
/** No stop character: an offered type is one media type, commas and all. */
const NONE = -1;

const skipOws = (s: string, i: number): number => {
  while (i < s.length && (s.charCodeAt(i) === SP || s.charCodeAt(i) === HTAB)) i++;
  return i;
};
const trimOwsEnd = (s: string, from: number, to: number): number => {
  while (to > from && (s.charCodeAt(to - 1) === SP || s.charCodeAt(to - 1) === HTAB)) to--;
  return to;
};
/** The index of the next `;` or stop character (or the end). */
const toDelimiter = (s: string, i: number, stop: number): number => {
  while (i < s.length && s.charCodeAt(i) !== SEMI && s.charCodeAt(i) !== stop) i++;
  return i;
};

/**
 * One media type with parameters from `start`, up to `stop` (a comma in an Accept header): its type
 * as written, the parameters by lower-cased name (the first of a name wins; a quoted value
 * unescaped; a name without `=` ignored), and where it ended.
 */
function parseOne(s: string, start: number, stop: number): { type: string; params: Record<string, string>; end: number } {
  let i = skipOws(s, start);
  const typeStart = i;
  i = toDelimiter(s, i, stop);
  const type = s.slice(typeStart, trimOwsEnd(s, typeStart, i));
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  params: while (i < s.length && s.charCodeAt(i) !== stop) {
    i = skipOws(s, i + 1); // past the `;`
    const keyStart = i;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === stop) break params;
      if (c === SEMI) continue params;
      if (c === EQ) {
        const key = s.slice(keyStart, trimOwsEnd(s, keyStart, i)).toLowerCase();
        i = skipOws(s, i + 1);
        if (i < s.length && s.charCodeAt(i) === DQUOTE) {
          let value = '';
          i++;
          // An unterminated quoted value sets nothing.
          while (i < s.length) {
            const q = s.charCodeAt(i++);
            if (q === DQUOTE) { i = toDelimiter(s, i, stop); params[key] ??= value; break; }
            if (q === BSLASH && i < s.length) { value += s[i++]; continue; }
            value += String.fromCharCode(q);
          }
          continue params;
        }
        const valueStart = i;
        i = toDelimiter(s, i, stop);
        params[key] ??= s.slice(valueStart, trimOwsEnd(s, valueStart, i));
        continue params;
      }
      i++;
    }
  }
  return { type, params, end: i };
}

/** A parsed media type as a range: type and subtype split at the first `/`, `q` taken out (absent or empty: 1). */
function rangeOf(type: string, params: Record<string, string>, i: number): Range | undefined {
  const slash = type.indexOf('/');
  if (slash < 0) return undefined;
  const qText = params.q;
  // Without a prototype, as parsed: a range naming `constructor` must not find Object's.
  const rest: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const k in params) if (k !== 'q') rest[k] = params[k]!;
  return { type: type.slice(0, slash), subtype: type.slice(slash + 1), params: rest, q: qText ? parseFloat(qText) : 1, i };
}

/** The media ranges of an Accept header, in order (`i` counts every entry); entries without a `/` left out. */
function parseAccept(header: string): Range[] {
  const out: Range[] = [];
  let i = 0;
  for (let n = 0; i < header.length; n++) {
    const one = parseOne(header, i, COMMA);
    const r = rangeOf(one.type, one.params, n);
    if (r) out.push(r);
    i = one.end + 1;
  }
  return out;
}

/** How specifically `range` names `offer` (type 4, subtype 2, parameters 1), or undefined when it does not. */
function specify(offer: Range, range: Range, index: number): Priority | undefined {
  let s = 0;
  if (range.type.toLowerCase() === offer.type.toLowerCase()) s |= 4;
  else if (range.type !== '*') return undefined;
  if (range.subtype.toLowerCase() === offer.subtype.toLowerCase()) s |= 2;
  else if (range.subtype !== '*') return undefined;
  const keys = Object.keys(range.params);
  if (keys.length > 0) {
    const all = keys.every((k) => range.params[k] === '*' || (range.params[k] ?? '').toLowerCase() === (offer.params[k] ?? '').toLowerCase());
    if (!all) return undefined;
    s |= 1;
  }
  return { i: index, o: range.i, q: range.q, s };
}

/** Offered types come from surfaces (a few per endpoint): each parsed once; the bound only stops growth. */
const offered = new Map<string, Range | undefined>();
function offerRange(offer: string): Range | undefined {
  if (offered.has(offer)) return offered.get(offer);
  const one = parseOne(offer, 0, NONE);
  const r = rangeOf(one.type.toLowerCase(), one.params, 0);
  if (offered.size >= 1000) offered.clear();
  offered.set(offer, r);
  return r;
}

/** The range that accepts the offer best: most specific, then highest q, then latest in the header. */
function priorityOf(offer: string, ranges: readonly Range[], index: number): Priority {
  const parsed = offerRange(offer);
  let best: Priority = { i: index, o: -1, q: 0, s: 0 };
  if (parsed === undefined) return best;
  for (const r of ranges) {
    const p = specify(parsed, r, index);
    // Written as the oracle compares, so a q that is no number (NaN) orders as it does there.
    if (p && (best.s - p.s || best.q - p.q || best.o - p.o) < 0) best = p;
  }
  return best;
}

const bySpec = (a: Priority, b: Priority): number => (b.q - a.q) || (b.s - a.s) || (a.o - b.o) || (a.i - b.i) || 0;

/**
 * The offered types the Accept header admits (q above 0), most preferred first; a missing header
 * admits all (RFC 9110: no Accept is `*\/*`).
 */
export function preferredMediaTypes(accept: string | undefined, offers: readonly string[]): string[] {
  const ranges = parseAccept(accept ?? '*/*');
  return offers.map((o, i) => priorityOf(o, ranges, i)).filter((p) => p.q > 0).sort(bySpec).map((p) => offers[p.i]!);
}
