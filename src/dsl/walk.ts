// The one traversal: a surface tree flattened into endpoint records every interpreter reads.
import type { BodyPart, EndpointInfo, ExtensionPart, Group, HeaderPart, MixedPart, Part, QueryPart, Segment, Surface, Tree } from './types.js';
import { SurfaceError } from './surface-error.js';
import { normalPieces } from './segment.js';

function segmentsOf(part: string): Segment[] {
  return part.split('/').filter((s) => s !== '').map((value) => ({ kind: 'static', value }));
}

/** A mixed segment as the router reads it: plain text is a static segment, a lone capture a capture. */
function mixedSegment(p: MixedPart): Segment {
  const pieces = normalPieces(p.pieces);
  const [only] = pieces;
  if (pieces.length === 1 && typeof only === 'string' && !only.includes('/')) return { kind: 'static', value: only };
  if (pieces.length === 1 && typeof only !== 'string') return only!;
  return { kind: 'mixed', pieces };
}

/** A mixed segment as OpenAPI writes it: `{name}.{ext}`. */
export const mixedText = (p: MixedPart): string => p.pieces.map((x) => (typeof x === 'string' ? x : `{${x.name}}`)).join('');

export function pathOf(segments: readonly Segment[]): string {
  if (segments.length === 0) return '/';
  return segments.map((s) => (s.kind === 'static' ? `/${s.value}` : s.kind === 'capture' ? `/{${s.name}}` : s.kind === 'mixed' ? `/${mixedText(s)}` : `/{${s.name}...}`)).join('');
}

function flatten(surface: Surface, name: string, keys: string[], method: EndpointInfo['method'], parts: readonly Part[],
  rest: Omit<EndpointInfo, 'name' | 'keys' | 'method' | 'segments' | 'path' | 'query' | 'headers' | 'extensions'>): EndpointInfo {
  const segments: Segment[] = [];
  const query: QueryPart[] = [];
  const headers: HeaderPart[] = [];
  const extensions: ExtensionPart[] = [];
  let body: BodyPart | undefined;
  for (const p of parts) {
    if (typeof p === 'string') segments.push(...segmentsOf(p));
    else if (p.kind === 'capture' || p.kind === 'rest') segments.push(p);
    else if (p.kind === 'mixed') segments.push(mixedSegment(p));
    else if (p.kind === 'query') query.push(p);
    else if (p.kind === 'header') headers.push(p);
    else if (p.kind === 'extension') extensions.push(p);
    else {
      if (body) throw new SurfaceError(surface.name, `${method} ${pathOf(segments)} (${name})`, 'declares a request body twice');
      body = p;
    }
  }
  return { name, keys, method, segments, path: pathOf(segments), query, headers, extensions, ...(body ? { body } : {}), ...rest };
}

/** Every endpoint of a surface, in declaration order, with group prefixes applied. */
export function walk(surface: Surface): EndpointInfo[] {
  const out: EndpointInfo[] = [];
  const visit = (tree: Tree, prefix: readonly Part[], keys: string[]) => {
    for (const [key, node] of Object.entries(tree)) {
      const path = [...keys, key];
      if (node.kind === 'group') {
        const g = node as Group;
        visit(g.children, [...prefix, ...g.parts], path);
      } else {
        out.push(flatten(surface, path.join('.'), path, node.method, [...prefix, ...node.parts], {
          responses: node.responses,
          ...(node.summary === undefined ? {} : { summary: node.summary }),
          ...(node.description === undefined ? {} : { description: node.description }),
          ...(node.tags === undefined ? {} : { tags: node.tags }),
          ...(node.openApiExtensions === undefined ? {} : { openApiExtensions: node.openApiExtensions }),
        }));
      }
    }
  };
  visit(surface.tree, [], []);
  return out;
}
