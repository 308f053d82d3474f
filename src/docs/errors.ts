// The protocol errors a surface can answer, as documentation: per endpoint and surface-wide, from
// the description layer's list of possible errors and the registry's wording.
import { ERRORS } from '../dsl/errors.js';
import type { Formatters } from '../dsl/formatters.js';
import type { EndpointInfo, Surface } from '../dsl/types.js';
import { segmentCaptures } from '../dsl/segment.js';
import { requiredParts } from '../describe/required-parts.js';
import { endpointErrors, surfaceErrors as possibleSurfaceErrors, type PossibleError } from '../describe/possible-errors.js';

export interface DocError {
  readonly status: number;
  readonly reason: string;
  readonly description: string;
  /** The surface replaces this error's default plain-text body with its own formatter. */
  readonly custom: boolean;
}

const customised = (surface: Surface, names: readonly (keyof Formatters | undefined)[]) => names.some((n) => n !== undefined && surface.meta.formatters?.[n] !== undefined);
const list = (xs: readonly string[]) => xs.map((x) => `\`${x}\``).join(', ');

/** The 400s of one endpoint are one documented answer, naming every part that can cause it. */
function badRequest(surface: Surface, e: EndpointInfo, fours: readonly PossibleError[]): DocError {
  const captures = e.segments.flatMap((s) => segmentCaptures(s).map((c) => c.name));
  const headers = [...e.headers.map((h) => h.name), ...e.extensions.filter((x) => x.ext.errors.includes('badHeader')).map((x) => x.ext.header)];
  const parts = [
    captures.length > 0 ? `path variable ${list(captures)}` : '',
    e.query.length > 0 ? `query parameter ${list(e.query.map((q) => q.name))}` : '',
    headers.length > 0 ? `header ${list(headers)}` : '',
    e.body ? 'the request body' : '',
  ].filter((p) => p !== '');
  const required = requiredParts(e).map((r) => `${r.in === 'query' ? 'query parameter' : r.in} \`${r.name}\``);
  const missing = required.length === 0 ? '' : `, or a required part is missing (${required.join(', ')})`;
  return {
    status: 400, reason: ERRORS.badQuery.reason, custom: customised(surface, fours.map((x) => x.formatter)),
    description: `A part of the request does not decode (${parts.join('; ')})${missing}; the body names the part and the reason.`,
  };
}

export function protocolErrors(surface: Surface, e: EndpointInfo): DocError[] {
  const possible = endpointErrors(e);
  const out: DocError[] = [];
  const fours = possible.filter((x) => x.status === 400);
  if (fours.length > 0) out.push(badRequest(surface, e, fours));
  for (const x of possible) {
    if (x.status === 400) continue;
    // Where the registry's wording is generic, name what this endpoint declares.
    const description = x.kind === 'notAcceptable' ? `The \`Accept\` header admits none of ${list(e.responses[0]!.content!.media.map((m) => m.type))}.`
      : x.kind === 'unsupportedMediaType' ? `The \`Content-Type\` is none of ${list(e.body!.media.map((m) => m.type))} (a missing one counts as \`application/octet-stream\`).`
      : ERRORS[x.kind].doc;
    out.push({ status: x.status, reason: x.reason, custom: customised(surface, [x.formatter]), description });
  }
  return out.sort((a, b) => a.status - b.status);
}

export function surfaceErrors(surface: Surface): DocError[] {
  return possibleSurfaceErrors().map((x) => ({ status: x.status, reason: x.reason, custom: customised(surface, [x.formatter]), description: ERRORS[x.kind].doc }));
}
