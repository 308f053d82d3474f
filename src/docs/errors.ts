// The protocol errors a surface can answer, as documentation: per endpoint (400, 401, 406, 413,
// 415, from what the endpoint declares) and surface-wide (404, 405). Mirrors the server's
// ERROR_PRECEDENCE without importing the server.
import type { Formatters } from '../dsl/formatters.js';
import type { EndpointInfo, Surface } from '../dsl/types.js';

export interface DocError {
  readonly status: number;
  readonly reason: string;
  readonly description: string;
  /** The surface replaces this error's default plain-text body with its own formatter. */
  readonly custom: boolean;
}

type FormatterName = keyof Formatters;
const customised = (surface: Surface, names: readonly FormatterName[]) => names.some((n) => surface.meta.formatters?.[n] !== undefined);
const list = (xs: readonly string[]) => xs.map((x) => `\`${x}\``).join(', ');

export function protocolErrors(surface: Surface, e: EndpointInfo, x: { auth: boolean; range: boolean }): DocError[] {
  const out: DocError[] = [];
  const captures = e.segments.flatMap((s) => (s.kind === 'capture' ? [s.name] : []));
  const headers = [...e.headers.map((h) => h.name), ...(x.range ? ['Range'] : [])];
  const parts = [
    captures.length > 0 ? `path variable ${list(captures)}` : '',
    e.query.length > 0 ? `query parameter ${list(e.query.map((q) => q.name))}` : '',
    headers.length > 0 ? `header ${list(headers)}` : '',
    e.body ? 'the request body' : '',
  ].filter((p) => p !== '');
  if (parts.length > 0) {
    const formatters: FormatterName[] = [];
    if (captures.length > 0 || e.query.length > 0) formatters.push('urlParse');
    if (headers.length > 0) formatters.push('headerParse');
    if (e.body) formatters.push('bodyParse');
    out.push({ status: 400, reason: 'Bad Request', custom: customised(surface, formatters), description: `A part of the request does not decode (${parts.join('; ')}); the body names the part and the reason.` });
  }
  if (x.auth) out.push({ status: 401, reason: 'Unauthorized', custom: false, description: 'Credentials are missing or wrong; `WWW-Authenticate` names the scheme and realm.' });
  const success = e.responses[0]?.content;
  if (success) out.push({ status: 406, reason: 'Not Acceptable', custom: false, description: `The \`Accept\` header admits none of ${list(success.media.map((m) => m.type))}.` });
  if (e.body) {
    out.push({ status: 413, reason: 'Payload Too Large', custom: false, description: 'The request body is larger than the server accepts (`api-serve --max-body`, 1 MiB by default).' });
    out.push({ status: 415, reason: 'Unsupported Media Type', custom: false, description: `The \`Content-Type\` is none of ${list(e.body.media.map((m) => m.type))} (a missing one counts as \`application/octet-stream\`).` });
  }
  return out;
}

export function surfaceErrors(surface: Surface): DocError[] {
  return [
    { status: 404, reason: 'Not Found', custom: customised(surface, ['notFound']), description: 'No endpoint has this path.' },
    { status: 405, reason: 'Method Not Allowed', custom: customised(surface, ['methodNotAllowed']), description: 'The path exists, the method does not; `Allow` lists the methods it answers (HEAD wherever GET).' },
  ];
}
