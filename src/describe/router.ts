// The one router: a trie over a surface's endpoint records that decides 404 / 405 / 400 itself.
// Captures are decoded while matching, before the method is checked (a capture that does not
// decode is a 400 even for a wrong method). The server, lint, the recorder, HAR import and the
// predictor all map requests to endpoints through it.
import type { EndpointInfo, MixedPart } from '../dsl/types.js';
import { type MixedShape, mixedShape, splitMixed } from './mixed-segment.js';
import { type Captured, type Leaf, type Node, capturesMaker, newNode, reaches, staticChild } from './route-trie.js';

export type RouteResult =
  | {
    readonly kind: 'match'; readonly endpoint: EndpointInfo; readonly captures: Record<string, unknown>;
    /** A capture whose type decoded but whose rules, checked after the method, refuse it. */
    readonly refused?: CaptureRefusal;
  }
  | { readonly kind: 'notFound' }
  | { readonly kind: 'methodNotAllowed'; readonly allow: readonly string[] }
  /** `endpoint`: the one the rest of the path leads to (for the request's method when it has one), whose declared 400 format the error takes. */
  | { readonly kind: 'badCapture'; readonly name: string; readonly message: string; readonly constraint?: string; readonly endpoint?: EndpointInfo };

/** Why a capture's rules refused its value (the same words a failed decode gives). */
export interface CaptureRefusal { readonly name: string; readonly message: string; readonly constraint?: string }

/** A route for a raw request path: a malformed `%` escape is its own outcome. */
export type PathRoute = RouteResult | { readonly kind: 'badUrl'; readonly message: string };

export interface MatchOptions {
  /**
   * Segments that stand for any value of a capture (a fixture's `${id}`): they match a capture
   * without being decoded, and their captured value is the segment itself.
   */
  readonly placeholder?: (segment: string) => boolean;
}

const NOT_FOUND: RouteResult = { kind: 'notFound' };
const METHOD_ORDER: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Methods a node answers, HEAD included wherever GET is. */
function allowOf(endpoints: Map<string, Leaf>): string[] {
  const methods = new Set(endpoints.keys());
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
}

// Among failed branches the most specific error wins: a bad capture, then a wrong method, then 404.
/** A capture that did not decode on a path that leads to `reached`'s endpoints. */
function badCapture(name: string, parsed: { readonly error: string; readonly constraint?: string }, reached: ReadonlyMap<string, Leaf>, method: string): RouteResult {
  const leaf = reached.get(method) ?? reached.values().next().value;
  return { kind: 'badCapture', name, message: parsed.error, ...(parsed.constraint === undefined ? {} : { constraint: parsed.constraint }), ...(leaf === undefined ? {} : { endpoint: leaf.endpoint }) };
}

const rank = (r: RouteResult) => (r.kind === 'badCapture' ? 3 : r.kind === 'methodNotAllowed' ? 2 : r.kind === 'match' ? 4 : 1);

/**
 * The origin-form target of a raw request target: a path as is; the absolute form
 * (`http://host/hello`, RFC 9112 3.2.2) as its path; undefined for any other (`*`, an authority),
 * which names no resource here.
 */
export function originForm(target: string): string | undefined {
  if (target.startsWith('/')) return target;
  const absolute = /^https?:\/\/[^/?#]*/i.exec(target);
  if (!absolute) return undefined;
  const rest = target.slice(absolute[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** Splits and percent-decodes a raw path (no query); undefined when an escape is malformed. */
export function splitPath(path: string): string[] | undefined {
  // indexOf and slice, not split('/'): V8's split looks up Symbol.split on the separator in its
  // runtime and interns short pieces, several times the cost of the loop (bench/, docs/benchmark.md "The request path (issue 13)").
  // What comes before the first `/` is not a segment (nothing, in an origin-form path).
  const first = path.indexOf('/');
  if (first < 0) return [];
  const raw: string[] = [];
  const escaped = path.includes('%');
  let from = first + 1;
  for (;;) {
    const slash = path.indexOf('/', from);
    const s = slash < 0 ? path.slice(from) : path.slice(from, slash);
    if (escaped && s.includes('%')) {
      try { raw.push(decodeURIComponent(s)); } catch { return undefined; }
    } else {
      raw.push(s);
    }
    if (slash < 0) return raw;
    from = slash + 1;
  }
}

const NO_CAPTURES: Captured = [];

export class Router {
  private readonly root = newNode();
  private readonly captured: Captured = [];
  /** The first rules-after-method refusal on the branch being walked (set and reset by `walk`). */
  private refused: CaptureRefusal | undefined;
  /**
   * The endpoints of each all-static path, by the path as a client writes it (`/hello`): such a
   * path always ends at its own node (static segments win, and a node with endpoints answers a
   * match or a 405 there), so it is looked up whole instead of split and walked.
   */
  private readonly exact = new Map<string, Map<string, Leaf>>();
  /** Which lengths an all-static path has: any other path is not hashed for the lookup above. */
  private exactLengths = new Uint8Array(0);

  constructor(readonly endpoints: readonly EndpointInfo[]) {
    for (const e of endpoints) this.add(e);
  }

  /** Routes a raw request target (`/position/1/2?x=1`): the query is ignored, escapes decoded. */
  route(method: string, target: string, options?: MatchOptions): PathRoute {
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    if (path.length < this.exactLengths.length && this.exactLengths[path.length] === 1) {
      const leaf = this.exact.get(path);
      if (leaf !== undefined) return this.atLeaf(leaf, method, NO_CAPTURES);
    }
    const segments = splitPath(path);
    if (segments === undefined) return { kind: 'badUrl', message: `Error parsing path failed: malformed percent-encoding in ${JSON.stringify(path)}` };
    return this.match(method, segments, options);
  }

  private add(e: EndpointInfo): void {
    let node = this.root;
    for (const s of e.segments) {
      if (s.kind === 'static') {
        let next = node.statics.get(s.value);
        if (!next) {
          node.statics.set(s.value, (next = newNode()));
          node.words.push(s.value);
          node.children.push(next);
        }
        node = next;
      } else if (s.kind === 'capture') {
        let entry = node.captures.find((c) => c.part.name === s.name && c.part.codec === s.codec);
        if (!entry) node.captures.push((entry = { part: s, node: newNode() }));
        node = entry.node;
      } else if (s.kind === 'mixed') {
        node = this.addMixed(node, s);
      } else {
        node.rest ??= { name: s.name, endpoints: new Map() };
        node.rest.endpoints.set(e.method, { endpoint: e, captures: capturesMaker(e) });
        return;
      }
    }
    node.endpoints.set(e.method, { endpoint: e, captures: capturesMaker(e) });
    // Only words a client sends as they are (no escape, no separator) can be looked up as written.
    const words = e.segments.map((s) => (s.kind === 'static' ? s.value : undefined));
    if (words.every((w) => w !== undefined && w !== '' && !/[%/?#]/.test(w))) {
      const path = `/${words.join('/')}`;
      this.exact.set(path, node.endpoints);
      if (path.length >= this.exactLengths.length) {
        const grown = new Uint8Array(path.length + 1);
        grown.set(this.exactLengths);
        this.exactLengths = grown;
      }
      this.exactLengths[path.length] = 1;
    }
  }

  /**
   * The child for a mixed segment, shared by endpoints whose pieces read alike. Among several at
   * one place, more literal text is tried first (`{id}.json` before `{name}.{ext}`), then the
   * order of declaration. decided: docs/decisions.md "Mixed path segments".
   */
  private addMixed(node: Node, s: MixedPart): Node {
    const same = (a: MixedPart) => a.pieces.length === s.pieces.length && a.pieces.every((p, k) => {
      const q = s.pieces[k]!;
      return typeof p === 'string' ? p === q : typeof q !== 'string' && p.name === q.name && p.codec === q.codec;
    });
    const found = node.mixed.find((m) => same(m.part));
    if (found) return found.node;
    const entry = { part: s, shape: mixedShape(s.pieces), node: newNode() };
    const literal = (x: MixedShape) => x.least - x.captures.length;
    const at = node.mixed.findIndex((m) => literal(m.shape) < literal(entry.shape));
    node.mixed.splice(at < 0 ? node.mixed.length : at, 0, entry);
    return entry.node;
  }

  /** Matches already-decoded path segments (a final empty segment is ignored: `/users/`). */
  match(method: string, segments: readonly string[], options?: MatchOptions): RouteResult {
    const end = segments.length > 0 && segments[segments.length - 1] === '' ? segments.length - 1 : segments.length;
    // One array per router for the captures on the way down (matching never waits, so no two
    // matches share it at once), filled up to a count: its length is never cut, which would let V8
    // drop its storage and allocate it again on the next push.
    this.refused = undefined;
    const r = this.walk(this.root, method, segments, 0, end, this.captured, 0, options?.placeholder);
    return r.kind === 'match' && this.refused !== undefined ? { ...r, refused: this.refused } : r;
  }

  private atLeaf(endpoints: Map<string, Leaf>, method: string, captured: Captured): RouteResult {
    if (endpoints.size === 0) return NOT_FOUND;
    const leaf = endpoints.get(method) ?? (method === 'HEAD' ? endpoints.get('GET') : undefined);
    // The shared array may hold more, from branches tried before: a maker reads only its own places.
    if (leaf) return { kind: 'match', endpoint: leaf.endpoint, captures: leaf.captures(captured) };
    return { kind: 'methodNotAllowed', allow: allowOf(endpoints) };
  }

  private walk(node: Node, method: string, segs: readonly string[], i: number, end: number, captured: Captured, count: number, placeholder: MatchOptions['placeholder']): RouteResult {
    if (i === end) return this.atLeaf(node.endpoints, method, captured);
    const seg = segs[i]!;
    let best: RouteResult = NOT_FOUND;
    const next = seg === '' ? undefined : staticChild(node, seg);
    if (next) {
      // Static segments win over captures whenever their branch knows the path.
      best = this.walk(next, method, segs, i + 1, end, captured, count, placeholder);
      if (best.kind === 'match' || best.kind === 'methodNotAllowed') return best;
    }
    if (seg !== '') {
      if (node.mixed.length !== 0) {
        const r = this.walkMixed(node, method, segs, i, end, captured, count, placeholder, next !== undefined);
        if (r.kind === 'match') return r;
        if (rank(r) > rank(best)) best = r;
      }
      for (let c = 0; c < node.captures.length; c++) {
        const { part, node: child } = node.captures[c]!;
        const later = part.rulesAfterMethod === true && part.codec.refines !== undefined;
        const parsed = placeholder?.(seg) ? { ok: true as const, value: seg } : (later ? part.codec.refines!.base : part.codec).parseText(seg);
        let r: RouteResult;
        const before = this.refused;
        if (later && parsed.ok && before === undefined && !placeholder?.(seg)) {
          // The type decoded: the rules' verdict waits for the method (a 405 comes first).
          const full = part.codec.parseText(seg);
          if (!full.ok) this.refused = { name: part.name, message: full.error, ...(full.constraint === undefined ? {} : { constraint: full.constraint }) };
        }
        if (!parsed.ok) {
          // Only a bad capture on a path that could otherwise lead somewhere is a 400; where a
          // static segment took this word, the word was never meant for the capture.
          const reached = next ? undefined : reaches(child, segs, i + 1, end);
          r = reached ? badCapture(part.name, parsed, reached, method) : NOT_FOUND;
        } else {
          captured[count] = part.name;
          captured[count + 1] = parsed.value;
          r = this.walk(child, method, segs, i + 1, end, captured, count + 2, placeholder);
        }
        if (r.kind === 'match') return r;
        this.refused = before;
        if (rank(r) > rank(best)) best = r;
      }
      if (node.rest && best.kind === 'notFound') {
        const r = this.atLeaf(node.rest.endpoints, method, [...captured.slice(0, count), node.rest.name, segs.slice(i, end)]);
        if (rank(r) > rank(best)) best = r;
      }
    }
    return best;
  }

  /**
   * The mixed segments at `node` for `segs[i]`: its literals must be there; then each capture
   * decodes its piece as a whole-segment capture decodes its segment (a piece that does not is a
   * 400 where the path could otherwise lead somewhere and no static segment took the word).
   */
  private walkMixed(node: Node, method: string, segs: readonly string[], i: number, end: number, captured: Captured, count: number, placeholder: MatchOptions['placeholder'], tookStatic: boolean): RouteResult {
    const seg = segs[i]!;
    let best: RouteResult = NOT_FOUND;
    // A fixture's `${file}` may stand for the whole segment: where no segment's literals fit it,
    // each capture takes it undecoded.
    const whole = placeholder?.(seg) === true && !node.mixed.some((m) => splitMixed(m.shape, seg) !== undefined);
    for (const { shape, node: child } of node.mixed) {
      const texts = whole ? shape.captures.map(() => seg) : splitMixed(shape, seg);
      if (texts === undefined) continue;
      const before = this.refused;
      let n = count;
      let failed: RouteResult | undefined;
      for (let k = 0; k < texts.length; k++) {
        const part = shape.captures[k]!;
        const text = texts[k]!;
        const held = placeholder?.(text) === true;
        const later = part.rulesAfterMethod === true && part.codec.refines !== undefined;
        const parsed = held ? { ok: true as const, value: text } : (later ? part.codec.refines!.base : part.codec).parseText(text);
        if (!parsed.ok) {
          const reached = tookStatic ? undefined : reaches(child, segs, i + 1, end);
          failed = reached ? badCapture(part.name, parsed, reached, method) : NOT_FOUND;
          break;
        }
        if (later && !held && this.refused === undefined) {
          const full = part.codec.parseText(text);
          if (!full.ok) this.refused = { name: part.name, message: full.error, ...(full.constraint === undefined ? {} : { constraint: full.constraint }) };
        }
        captured[n] = part.name;
        captured[n + 1] = parsed.value;
        n += 2;
      }
      const r = failed ?? this.walk(child, method, segs, i + 1, end, captured, n, placeholder);
      if (r.kind === 'match') return r;
      this.refused = before;
      if (rank(r) > rank(best)) best = r;
    }
    return best;
  }
}
