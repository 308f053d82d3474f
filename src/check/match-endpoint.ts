// Which endpoint of a surface a fixture's request is meant for, decided from the description
// alone (no server): static segments, captures decoded by their codecs, the method.
import type { EndpointInfo } from '../dsl/types.js';

export type EndpointMatch =
  | { readonly kind: 'match'; readonly endpoint: EndpointInfo }
  /** The path is an endpoint's, the method is not. */
  | { readonly kind: 'methodNotAllowed'; readonly endpoints: readonly EndpointInfo[] }
  /** The path has an endpoint's shape, but a capture does not decode. */
  | { readonly kind: 'badCapture'; readonly endpoints: readonly EndpointInfo[] }
  | { readonly kind: 'notFound' };

const VAR = /\$\{[A-Za-z_][A-Za-z0-9_]*\}/;

function segmentsOf(path: string): string[] | undefined {
  const q = path.indexOf('?');
  const raw = (q < 0 ? path : path.slice(0, q)).split('/').slice(1);
  if (raw.length > 0 && raw[raw.length - 1] === '') raw.pop();
  try { return raw.map((s) => decodeURIComponent(s)); } catch { return undefined; }
}

type Fit = 'fits' | 'badCapture' | 'no';

/** Whether the segments have this endpoint's shape; a `${var}` segment fits any capture. */
function fit(e: EndpointInfo, segs: readonly string[]): Fit {
  let bad = false;
  for (let i = 0; i < e.segments.length; i++) {
    const s = e.segments[i]!;
    if (s.kind === 'rest') return i < segs.length ? (bad ? 'badCapture' : 'fits') : 'no';
    const seg = segs[i];
    if (seg === undefined || seg === '') return 'no';
    if (s.kind === 'static') { if (s.value !== seg) return 'no'; continue; }
    if (!VAR.test(seg) && !s.codec.parseText(seg).ok) bad = true;
  }
  if (segs.length !== e.segments.length) return 'no';
  return bad ? 'badCapture' : 'fits';
}

const staticCount = (e: EndpointInfo) => e.segments.filter((s) => s.kind === 'static').length;

export function matchEndpoint(endpoints: readonly EndpointInfo[], method: string, path: string): EndpointMatch {
  const segs = segmentsOf(path);
  if (!segs) return { kind: 'notFound' };
  const fits = endpoints.filter((e) => fit(e, segs) === 'fits').sort((a, b) => staticCount(b) - staticCount(a));
  const wanted = method === 'HEAD' ? ['HEAD', 'GET'] : [method];
  for (const m of wanted) {
    const e = fits.find((x) => x.method === m);
    if (e) return { kind: 'match', endpoint: e };
  }
  if (fits.length > 0) return { kind: 'methodNotAllowed', endpoints: fits };
  const bad = endpoints.filter((e) => fit(e, segs) === 'badCapture');
  return bad.length > 0 ? { kind: 'badCapture', endpoints: bad } : { kind: 'notFound' };
}
