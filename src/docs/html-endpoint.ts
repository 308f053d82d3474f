// One endpoint of the HTML reference: its heading, parameters, authentication, request body and
// responses with every example, and the protocol errors it can answer, as escaped HTML.
import { escapeHtml } from '../codec/media.js';
import type { DocContent, DocEndpoint, DocExample, DocResponse } from './model.js';
import { verificationLines } from './verification.js';
import { formSentence } from './text-form.js';
import { securityText } from './security-text.js';

const esc = (s: string) => escapeHtml(s);
/** Prose from the description, whose `code` spans (errors, parameters) become <code>. */
export const prose = (s: string) => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');

/** An anchor for an endpoint, from its unique name in the surface. */
export const anchorOf = (e: DocEndpoint) => `ep-${e.name.replace(/[^A-Za-z0-9_-]+/g, '-')}`;

/** A body as readers want it: JSON indented, anything else as sent. */
function pretty(text: string, type: string): string {
  if (type !== 'application/json') return text;
  try { return JSON.stringify(JSON.parse(text), null, 2); } catch { return text; }
}

/** What proves an example (after `--verify` or `--examples-from`), the Markdown's lines as paragraphs. */
function proof(ex: DocExample): string {
  return verificationLines(ex).filter((l) => l !== '').map((l) => `<p class="proof">${prose(l.replace(/^- /, ''))}</p>`).join('');
}

function examples(list: readonly DocExample[], stream: boolean): string {
  return list.map((ex) => ex.bodies.map((b) => {
    const title = [ex.title, b.media.contentType, stream ? 'one value per line' : undefined].filter((x) => x !== undefined).join(' · ');
    return `<figure class="example"><figcaption>${esc(title)}</figcaption><pre><code>${esc(stream ? b.text : pretty(b.text, b.media.type))}</code></pre></figure>`;
  }).join('') + proof(ex)).join('');
}

function contentBlock(c: DocContent, stream: boolean): string {
  const types = c.media.map((m) => `<code>${esc(m.contentType)}</code>`).join(', ');
  const body = c.examples.length > 0 ? examples(c.examples, stream) : `<p class="none">No example given (the body is a ${esc(c.label)}).</p>`;
  return `<p>A${stream ? ' stream of' : ''} <strong>${esc(c.label)}</strong> as ${types}.</p>${body}`;
}

/** The `in` column of a required parameter says so: a request without it gets 400. */
const required = (where: string, yes: boolean) => (yes ? `${where}, required` : where);

interface ParamRow { readonly name: string; readonly where: string; readonly type: string; readonly note: string }

function paramRows(e: DocEndpoint): ParamRow[] {
  return [
    ...e.captures.map((c) => ({ name: c.name, where: c.rest ? 'path (rest)' : 'path', type: c.label, note: [c.description, c.form ? formSentence(c.form, c.exampleText) : undefined, c.example === undefined ? undefined : `Example: ${JSON.stringify(c.example)}`].filter(Boolean).join(' ') })),
    ...e.query.map((q) => ({ name: q.name, where: required(q.mode === 'flag' ? 'query (flag)' : q.mode === 'list' ? 'query (repeated)' : q.mode === 'deep' ? 'query (keyed)' : 'query', q.required), type: q.label, note: [q.description, q.form ? formSentence(q.form) : undefined, q.allowReserved ? 'Reserved characters may be sent unencoded.' : undefined, q.values.length > 0 ? `Values: ${q.values.join(', ')}` : undefined].filter(Boolean).join(' ') })),
    ...e.headers.map((h) => ({ name: h.name, where: required('header', h.required), type: h.label, note: [h.description, h.form ? formSentence(h.form) : undefined].filter(Boolean).join(' ') })),
    ...e.cookies.map((c) => ({ name: c.name, where: required('cookie', c.required === true), type: c.label, note: [c.description, c.form ? formSentence(c.form) : undefined].filter(Boolean).join(' ') })),
    ...(e.range ? [{ name: 'Range', where: 'header', type: 'string', note: `${e.range.format}; fields ${e.range.fields.map((f) => `${f.name} (limit ${f.limit}, order ${f.order})`).join(', ')}` }] : []),
  ];
}

function paramTable(rows: readonly ParamRow[]): string {
  if (rows.length === 0) return '';
  const body = rows.map((r) => `<tr><td><code>${esc(r.name)}</code></td><td>${esc(r.where)}</td><td>${esc(r.type)}</td><td>${prose(r.note)}</td></tr>`).join('');
  return `<h3>Parameters</h3><table class="params"><thead><tr><th>name</th><th>in</th><th>type</th><th>description</th></tr></thead><tbody>${body}</tbody></table>`;
}

function response(r: DocResponse): string {
  const headers = r.headers.length === 0 ? '' : `<ul class="headers">${r.headers.map((h) => `<li><code>${esc(h.name)}</code> (${esc(h.label)}${h.example === undefined ? '' : `, example <code>${esc(h.example)}</code>`})${h.description ? `: ${prose(h.description)}` : ''}</li>`).join('')}</ul>`;
  const body = r.content ? contentBlock(r.content, r.stream) : '<p class="none">No response body.</p>';
  return `<div class="response" data-status="${r.status}"><h4><span class="status s${String(r.status)[0]}">${r.status}</span> ${esc(r.reason)}</h4>${r.description ? `<p>${prose(r.description)}</p>` : ''}${headers}${body}</div>`;
}

/** The credentials an imported document's security asks for. */
function declaredAuth(s: NonNullable<DocEndpoint['security']>): string {
  const { lead, items } = securityText(s);
  return `<h3>Authentication</h3><p>${prose(lead)}</p><ul class="credentials">${items.map((i) => `<li>${prose(i)}</li>`).join('')}</ul>`;
}

/** The section of one endpoint. */
export function endpointSection(e: DocEndpoint): string {
  const auth = e.auth ? `<h3>Authentication</h3><p>${e.auth.schemes.map((s) => `<code>${esc(s)}</code>`).join(' or ')} (realm <code>${esc(e.auth.realm)}</code>); without valid credentials: 401.</p>` : e.security ? declaredAuth(e.security) : '';
  const request = e.request ? `<h3>Request body</h3>${contentBlock(e.request, false)}` : '';
  const errors = e.errors.length === 0 ? '' : `<h3>Protocol errors</h3><ul class="errors">${e.errors.map((x) => `<li><span class="status s4">${x.status}</span> ${esc(x.reason)}: ${prose(x.description)}</li>`).join('')}</ul>`;
  return `<section class="endpoint" id="${anchorOf(e)}" data-method="${e.method}" data-path="${esc(e.template)}">`
    + `<h2><span class="method m-${e.method.toLowerCase()}">${e.method}</span> <code class="path">${esc(e.template)}</code></h2>`
    + `${e.summary ? `<p class="summary">${prose(e.summary)}</p>` : ''}${auth}${paramTable(paramRows(e))}${request}`
    + `<h3>Responses</h3>${e.responses.map(response).join('')}${errors}</section>`;
}
