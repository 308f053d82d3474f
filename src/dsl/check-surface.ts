// Load-time validation of a surface: duplicate routes, clashing names, misplaced parts, mixed segments that cannot split, examples.
import type { Codec, Example } from '../codec/types.js';
import type { EndpointInfo, Segment, Surface } from './types.js';
import { segmentCaptures as capturesOf } from './segment.js';
import { SurfaceError } from './surface-error.js';
import { walk } from './walk.js';
import { codecProblems } from '../codec/validate.js';

/** `a` or `an` before a type's label (`an integer`, `a User`). */
const article = (label: string) => (/^([aeio]|un(?!i))/i.test(label) ? 'an' : 'a');

const label = (e: EndpointInfo) => `${e.method} ${e.path} (${e.name})`;

function checkExamples(surface: Surface, e: EndpointInfo, what: string, codec: Codec<unknown>, examples: readonly Example<unknown>[]) {
  for (const ex of [...codec.examples, ...examples]) {
    const r = codec.check(ex.value, '$');
    if (!r.ok) throw new SurfaceError(surface.name, label(e), `${what} example ${ex.title ? JSON.stringify(ex.title) : ''} is not ${article(codec.label)} ${codec.label}: ${r.path ?? '$'}: ${r.error}`.replace('  ', ' '));
  }
}

/**
 * Codecs found free of contradictions, with every codec inside them: a codec is a value, so it stays
 * so. A document's components are shared by many operations (Microsoft Graph: thousands), which
 * each walked them again; now each is walked once.
 */
const clean = new WeakSet<Codec<unknown>>();

/** Refuses a codec that contradicts itself, naming where (a JSON pointer into its schema). */
function checkCodec(surface: Surface, e: EndpointInfo, what: string, codec: Codec<unknown>) {
  const seen = new Set<Codec<unknown>>();
  const [first] = codecProblems(codec, '', [], seen, clean);
  if (first) throw new SurfaceError(surface.name, label(e), `${what} (${codec.label}) at ${first.pointer === '' ? '/' : first.pointer}: ${first.message}`);
  // Not the part itself: its own examples are judged as the part's, not here; nested, they are.
  for (const c of seen) if (c !== codec) clean.add(c);
}

/**
 * A route's shape: what tells two routes apart (capture names and types do not). Literal braces
 * are doubled, so no text reads as a capture's `{}`.
 */
export function routeShape(e: Pick<EndpointInfo, 'method' | 'segments'>): string {
  const text = (v: string) => v.replace(/[{}]/g, '$&$&');
  const seg = (s: Segment) => (s.kind === 'static' ? text(s.value) : s.kind === 'capture' ? '{}' : s.kind === 'rest' ? '{...}'
    : s.pieces.map((p) => (typeof p === 'string' ? text(p) : '{}')).join(''));
  return `${e.method} ${e.segments.map(seg).join('/')}`;
}

/** Refuses a mixed segment that cannot be matched: no captures, a `/` in its text, captures touching. */
function checkMixed(surface: Surface, e: EndpointInfo, s: Segment): void {
  if (s.kind !== 'mixed') return;
  const where = `segment ${JSON.stringify(s.pieces.map((p) => (typeof p === 'string' ? p : `{${p.name}}`)).join(''))}`;
  if (!s.pieces.some((p) => typeof p !== 'string')) throw new SurfaceError(surface.name, label(e), `${where} has no capture: write its text as a static segment`);
  const slash = s.pieces.find((p) => typeof p === 'string' && p.includes('/'));
  if (slash !== undefined) throw new SurfaceError(surface.name, label(e), `${where}: its text ${JSON.stringify(slash)} holds a "/", which ends a segment`);
  s.pieces.forEach((p, k) => {
    const q = s.pieces[k + 1];
    if (typeof p !== 'string' && q !== undefined && typeof q !== 'string') {
      throw new SurfaceError(surface.name, label(e), `${where}: captures "${p.name}" and "${q.name}" touch, so no request says where one ends; put literal text between them`);
    }
  });
}

/** Every codec of an endpoint, each with the words that name its place. */
function codecsOf(e: EndpointInfo): [string, Codec<unknown>][] {
  return [
    ...e.segments.flatMap((s): [string, Codec<unknown>][] => capturesOf(s).map((c) => [`capture ${c.name}`, c.codec])),
    ...e.query.map((q): [string, Codec<unknown>] => [`query parameter ${q.name}`, q.codec]),
    ...e.headers.map((h): [string, Codec<unknown>] => [`header ${h.name}`, h.codec]),
    ...(e.body ? [['request body', e.body.codec] as [string, Codec<unknown>]] : []),
    ...e.responses.flatMap((r) => [
      ...(r.content ? [[`response ${r.status}`, r.content.codec] as [string, Codec<unknown>]] : []),
      ...Object.entries(r.headers).map(([name, c]): [string, Codec<unknown>] => [`response ${r.status} header ${name}`, c]),
    ]),
  ];
}

/** Walks and validates a surface; returns its endpoints or throws a `SurfaceError`. */
export function checkSurface(surface: Surface): EndpointInfo[] {
  const endpoints = walk(surface);
  const routes = new Map<string, EndpointInfo>();
  for (const e of endpoints) {
    const shape = routeShape(e);
    const twin = routes.get(shape);
    if (twin) throw new SurfaceError(surface.name, label(e), `duplicate route: ${label(twin)} already answers it`);
    routes.set(shape, e);

    const names = new Set<string>();
    const claim = (name: string, what: string) => {
      if (names.has(name)) throw new SurfaceError(surface.name, label(e), `${what} name "${name}" used twice`);
      names.add(name);
    };
    e.segments.forEach((s, i) => {
      checkMixed(surface, e, s);
      if (s.kind === 'mixed') for (const c of capturesOf(s)) claim(c.name, 'capture');
      if (s.kind === 'static' || s.kind === 'mixed') return;
      claim(s.name, 'capture');
      if (s.kind === 'rest' && i !== e.segments.length - 1) throw new SurfaceError(surface.name, label(e), `rest capture "${s.name}" must be the last segment`);
    });
    for (const q of e.query) claim(q.name, 'query parameter');
    for (const h of e.headers) claim(h.name, 'header');
    for (const x of e.extensions) claim(x.key, x.ext.name);
    for (const [what, codec] of codecsOf(e)) checkCodec(surface, e, what, codec);
    if (e.body) {
      claim('body', 'body');
      if (e.body.media.length === 0) throw new SurfaceError(surface.name, label(e), 'request body declares no media type');
      const responseOnly = e.body.media.find((m) => m.decode === undefined);
      if (responseOnly) throw new SurfaceError(surface.name, label(e), `${responseOnly.type} cannot decode a request body`);
      checkExamples(surface, e, 'request', e.body.codec, e.body.examples);
    }
    const statuses = new Set<number>();
    for (const r of e.responses) {
      if (statuses.has(r.status)) throw new SurfaceError(surface.name, label(e), `response status ${r.status} declared twice`);
      statuses.add(r.status);
      if (r.content) {
        if (r.content.media.length === 0) throw new SurfaceError(surface.name, label(e), `response ${r.status} declares no media type`);
        checkExamples(surface, e, `response ${r.status}`, r.content.codec, r.examples);
      }
    }
  }
  return endpoints;
}
