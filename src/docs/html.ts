// The HTML reference: one self-contained page (inline CSS and script, nothing fetched when it is
// viewed) listing every endpoint of the doc model with its parameters, bodies, responses and
// examples; a filter box narrows the list. `api-docs SN --format html`, `api-serve --docs`.
import { escapeHtml } from '../codec/media.js';
import type { DocModel } from './model.js';
import { anchorOf, endpointSection, prose } from './html-endpoint.js';

export interface HtmlOptions {
  /** A link to the OpenAPI document beside the page (`api-serve --docs` serves `openapi.json`). */
  readonly openApiHref?: string;
}

const CSS = `
:root { color-scheme: light dark; --fg: #1d2125; --muted: #5b6470; --line: #d5dae0; --code: #f3f5f7; --accent: #2457a6; }
@media (prefers-color-scheme: dark) { :root { --fg: #e4e7eb; --muted: #a0a8b3; --line: #3a4048; --code: #22272e; --accent: #7aa7f0; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); display: grid; grid-template-columns: 18rem 1fr; min-height: 100vh; }
nav { border-right: 1px solid var(--line); padding: 1rem; position: sticky; top: 0; height: 100vh; overflow: auto; }
nav input { width: 100%; padding: .4rem; font: inherit; margin-bottom: .5rem; }
nav ul { list-style: none; margin: 0; padding: 0; }
nav li a { display: block; padding: .15rem 0; text-decoration: none; color: inherit; font-size: 14px; }
main { padding: 1rem 2rem 4rem; max-width: 60rem; min-width: 0; }
header p { color: var(--muted); }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--code); padding: .6rem .8rem; overflow: auto; border-radius: 4px; margin: .2rem 0 .8rem; }
figure { margin: 0; } figcaption { color: var(--muted); font-size: 13px; }
.endpoint { border-top: 1px solid var(--line); padding-top: .5rem; margin-top: 1.5rem; }
.endpoint h2 { font-size: 1.15rem; }
.method { display: inline-block; min-width: 4.2em; text-align: center; border-radius: 3px; padding: 0 .3em; color: #fff; font-size: .85em; }
.m-get { background: #2f7d32; } .m-post { background: #2457a6; } .m-put { background: #9a6700; } .m-patch { background: #6f42c1; } .m-delete { background: #b42318; }
.status { font-weight: 600; } .s2 { color: #2f7d32; } .s3 { color: #2457a6; } .s4, .s5 { color: #b42318; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; border-bottom: 1px solid var(--line); padding: .25rem .4rem; vertical-align: top; }
.none { color: var(--muted); font-style: italic; }
.hidden { display: none; }
`;

// Filters the endpoint list and sections by method or path as one types; nothing else runs.
const SCRIPT = `
(function () {
  var box = document.getElementById('filter');
  var items = Array.prototype.slice.call(document.querySelectorAll('[data-endpoint]'));
  box.addEventListener('input', function () {
    var q = box.value.trim().toLowerCase();
    items.forEach(function (el) { el.classList.toggle('hidden', q !== '' && el.getAttribute('data-endpoint').toLowerCase().indexOf(q) < 0); });
  });
})();
`;

const esc = (s: string) => escapeHtml(s);

/** The page, as one HTML document. */
export function renderHtml(model: DocModel, options: HtmlOptions = {}): string {
  const intro = model.intros.map((i) => `<section class="intro"><h2>${esc(i.title)}</h2>${i.paragraphs.map((p) => `<p>${prose(p)}</p>`).join('')}</section>`).join('');
  const nav = model.endpoints.map((e) => `<li data-endpoint="${esc(`${e.method} ${e.template}`)}"><a href="#${anchorOf(e)}"><span class="method m-${e.method.toLowerCase()}">${e.method}</span> ${esc(e.template)}</a></li>`).join('');
  const sections = model.endpoints.map((e) => endpointSection(e).replace('<section class="endpoint"', `<section data-endpoint="${esc(`${e.method} ${e.template}`)}" class="endpoint"`)).join('\n');
  const wide = model.errors.map((x) => `<li><span class="status s4">${x.status}</span> ${esc(x.reason)}: ${prose(x.description)}</li>`).join('');
  const link = options.openApiHref === undefined ? '' : ` · <a href="${esc(options.openApiHref)}">OpenAPI document</a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${esc(model.title)}: API reference</title>
<style>${CSS}</style>
</head>
<body>
<nav><input id="filter" type="search" placeholder="Filter endpoints" aria-label="Filter endpoints"><ul>${nav}</ul></nav>
<main>
<header><h1>${esc(model.title)}</h1><p>Surface ${esc(model.surface)}: ${model.endpoints.length} endpoint${model.endpoints.length === 1 ? '' : 's'}${link}</p></header>
${intro}
${sections}
<section class="wide"><h2>Any other request</h2><ul class="errors">${wide}</ul></section>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
