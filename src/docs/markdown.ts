// The Markdown renderer: servant-docs' layout (intro sections, then `## METHOD /path` per endpoint
// with Captures, Headers, Parameters, Request and Response sections), read from the doc model.
import { verificationLines } from './verification.js';
import { formSentence } from './text-form.js';
import type { DocAuth, DocContent, DocEndpoint, DocExample, DocModel, DocQuery, DocRange, DocResponse, DocSecurity } from './model.js';
import { securityText } from './security-text.js';

/** `a` or `an` before a type's label (`an integer`, `a User`). */
const article = (label: string) => (/^([aeio]|un(?!i))/i.test(label) ? 'an' : 'a');

const NEST = '     ';

function intersperse<T>(sep: T, xs: readonly T[]): T[] {
  return xs.flatMap((x, i) => (i === 0 ? [x] : [sep, x]));
}

/** A fence long enough for the body (a body containing ``` gets a longer one). */
function fenced(language: string, body: string): string[] {
  const runs = body.match(/`{3,}/g) ?? [];
  const fence = '`'.repeat(Math.max(3, ...runs.map((r) => r.length + 1)));
  return ['', `${fence}${language}`, body, fence, ''];
}

function typesList(content: DocContent): string[] {
  return ['- Supported content types are:', '', ...content.media.map((m) => `    - \`${m.contentType}\``), ''];
}

/** Example blocks; identical (title, body) pairs in adjacent media types merge into one block. */
function exampleBlocks(examples: readonly DocExample[]): string[] {
  const flat = examples.flatMap((ex) => ex.bodies.map((b) => ({ title: ex.title ?? '', media: b.media, text: b.text, ex })));
  const groups: { title: string; media: (typeof flat)[number]['media'][]; text: string; ex: DocExample }[] = [];
  for (const x of flat) {
    const last = groups[groups.length - 1];
    // Examples that carry a proof (`--verify`) merge only within themselves: each proof is its own.
    const mergeable = last !== undefined && (last.ex === x.ex || (verificationLines(last.ex).length === 0 && verificationLines(x.ex).length === 0));
    if (last && mergeable && last.title === x.title && last.text === x.text) last.media.push(x.media);
    else groups.push({ title: x.title, media: [x.media], text: x.text, ex: x.ex });
  }
  return groups.flatMap((g, i) => [
    `- ${g.title === '' ? 'Example' : g.title} (${g.media.map((m) => `\`${m.contentType}\``).join(', ')}):`,
    ...fenced(g.media[0]!.language, g.text),
    // The proof follows the last block of its example.
    ...(groups[i + 1]?.ex === g.ex ? [] : verificationLines(g.ex)),
  ]);
}

const noExample = (content: DocContent) => [`- No example given (the body is ${article(content.label)} ${content.label})`, ''];

function authSection(a: DocAuth): string[] {
  const how: string[] = [];
  if (a.schemes.includes('Bearer')) how.push('- `Authorization: Bearer <token>`: a JWT issued by this service (the `JWT-Cookie` of a basic-authenticated reply)');
  if (a.schemes.includes('Basic')) how.push('- `Authorization: Basic <base64 of login:password>`: a login and password from the user store; the reply sets the `XSRF-TOKEN` and `JWT-Cookie` cookies');
  return [
    '### Authentication', '',
    `This endpoint requires credentials (realm ${JSON.stringify(a.realm)}); a request without valid ones gets 401 Unauthorized.`, '',
    how.length > 1 ? 'Clients must supply one of the following:' : 'Clients must supply the following:', '',
    ...how, '',
  ];
}

function securitySection(s: DocSecurity): string[] {
  const { lead, items } = securityText(s);
  return ['### Authentication', '', lead, '', ...items.map((i) => `- ${i}`), ''];
}

function rangeLines(r: DocRange): string[] {
  const [first] = r.fields;
  const defaults = (f: DocRange['fields'][number]) => `limit ${f.limit}, offset ${f.offset}, order ${f.order}`;
  return [
    '- This endpoint is sensitive to the value of the **Range** HTTP header (pagination).',
    `${NEST}- **Format**: \`${r.format}\`; everything after the field is optional`,
    `${NEST}- **Fields**: ${r.fields.map((f) => `\`${f.name}\` (${f.type}; ${defaults(f)})`).join(', ')}`,
    `${NEST}- **Value**: the page starts at this value of the field, in the range's order; \`offset\` then skips that many items`,
    ...(first ? [`${NEST}- **Without the header**: \`${first.name}; limit ${first.limit}; offset ${first.offset}; order ${first.order}\``] : []),
  ];
}

function paramBlock(method: string, p: DocQuery): string[] {
  const values = p.values.length > 0 ? p.values : Array.isArray(p.schema.enum) ? p.schema.enum.map(String) : [];
  return [
    `- ${p.name}`,
    // decided: the Values line is left out when there is nothing to list (servant prints `**`).
    ...(values.length > 0 ? [`${NEST}- **Values**: *${values.join(', ')}*`] : []),
    `${NEST}- **Description**: ${p.description ?? `(${p.label})`}`,
    ...(p.required ? [`${NEST}- This parameter is **required**: a request without it gets 400 Bad Request.`] : []),
    ...(p.form ? [`${NEST}- ${formSentence(p.form)}`] : []),
    ...(p.allowReserved ? [`${NEST}- Reserved characters (\`/\`, \`?\`, \`:\`...) may be sent unencoded.`] : []),
    ...(p.mode === 'deep' ? [`${NEST}- This parameter is an **object**: each field is its own parameter, \`${p.name}[field]=value\`.`] : []),
    ...(p.mode === 'list' ? [`${NEST}- This parameter is a **list**. All ${method} parameters with the name ${p.name}[] will forward their values in a list to the handler.`] : []),
    ...(p.mode === 'flag' ? [`${NEST}- This parameter is a **flag**. This means no value is expected to be associated to this parameter.`] : []),
    '',
  ];
}

function headersLine(r: DocResponse): string[] {
  if (r.headers.length === 0) return ['- Headers: []'];
  // decided: response headers as a nested list (name, type, sample, meaning) instead of servant's
  // Haskell `[("X-An-Int","1797")]`; see docs/decisions.md "Docs response headers".
  return ['- Headers:', ...r.headers.map((h) => `${NEST}- **${h.name}** (${h.label}${h.example === undefined ? '' : `, example \`${h.example}\``})${h.description === undefined ? '' : `: ${h.description}`}`)];
}

function responseBlock(r: DocResponse): string[] {
  const head = [`- Status code ${r.status}`, ...(r.description === undefined ? [] : [`- Description: ${r.description}`]), ...headersLine(r), ''];
  const c = r.content;
  if (c === undefined) return [...head, '- No response body', ''];
  const stream = r.stream ? ['- The body is a stream: one value per line, each followed by a newline, sent as it is produced.', ''] : [];
  const only = c.examples.length === 1 ? c.examples[0]! : undefined;
  let bodies: string[];
  if (c.examples.length === 0) bodies = noExample(c);
  else if (only && only.title === undefined && only.bodies.length === 1) bodies = ['- Response body as below.', ...fenced(only.bodies[0]!.media.language, only.bodies[0]!.text), ...verificationLines(only)];
  else bodies = exampleBlocks(c.examples);
  return [...head, ...typesList(c), ...stream, ...bodies];
}

function endpointLines(e: DocEndpoint): string[] {
  const out = [`## ${e.method} ${e.path}`, ''];
  if (e.summary !== undefined) out.push(e.summary, '');
  if (e.auth) out.push(...authSection(e.auth));
  else if (e.security) out.push(...securitySection(e.security));
  if (e.captures.length > 0) {
    out.push('### Captures:', '', ...e.captures.map((c) => `- *${c.name}*: ${c.description ?? (c.rest ? '(path) the rest of the path, one or more segments' : `(${c.label})`)}${c.form ? ` ${formSentence(c.form, c.exampleText)}` : ''}`), '');
  }
  if (e.headers.length > 0 || e.range || e.cookies.length > 0) {
    out.push('### Headers:', '');
    for (const h of e.headers) {
      out.push(`- This endpoint is sensitive to the value of the **${h.name}** HTTP header.`);
      if (h.description !== undefined) out.push(`${NEST}- **Description**: ${h.description}`);
      if (h.required) out.push(`${NEST}- This header is **required**: a request without it gets 400 Bad Request.`);
      if (h.form) out.push(`${NEST}- ${formSentence(h.form)}`);
    }
    for (const c of e.cookies) {
      out.push(`- This endpoint is sensitive to the value of the **${c.name}** cookie (${c.label}).`);
      if (c.description !== undefined) out.push(`${NEST}- **Description**: ${c.description}`);
      if (c.required === true) out.push(`${NEST}- This cookie is **required**: a request without it gets 400 Bad Request.`);
      if (c.form) out.push(`${NEST}- ${formSentence(c.form)}`);
    }
    if (e.range) out.push(...rangeLines(e.range));
    out.push('');
  }
  if (e.query.length > 0) out.push(`### ${e.method} Parameters:`, '', ...e.query.flatMap((p) => paramBlock(e.method, p)), '');
  if (e.request) {
    const c = e.request;
    const optional = e.requestOptional ? ['- The body is optional: a request may send none (no `Content-Type`, no bytes).', ''] : [];
    out.push('### Request:', '', ...optional, ...typesList(c), ...(c.examples.length === 0 ? noExample(c) : exampleBlocks(c.examples)));
  }
  out.push('### Response:', '', ...e.responses.flatMap(responseBlock));
  return out;
}

/** The whole document; byte-identical for the same model. */
export function renderMarkdown(model: DocModel): string {
  // decided: without an intro (the surface's own or `--intro`) the surface's title is the intro, a
  // `## Title` section as servant-docs shows one; an intro replaces it, so S9's document starts
  // with its Welcome. docs/decisions.md "Docs --intro".
  const intros = model.intros.length > 0 ? model.intros : [{ title: model.title, paragraphs: [] }];
  const lines = [
    ...intros.flatMap((i) => [`## ${i.title}`, '', ...(i.paragraphs.length === 0 ? [] : [...intersperse('', i.paragraphs), ''])]),
    ...model.endpoints.flatMap(endpointLines),
  ];
  return lines.map((l) => `${l}\n`).join('');
}
