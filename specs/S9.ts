// S9: S2's three endpoints, and for every request they do not handle (another path, another method
// on their paths, a capture that does not decode) 200 text/plain with S2's Markdown documentation,
// introduction first: the same bytes as `api-docs S2 --intro <this intro>`.
import { api, implement, reply, type Formatters } from '../src/dsl/index.js';
import { defaultFormatters } from '../src/server/index.js';
import { docModel, renderMarkdown } from '../src/docs/index.js';
import * as S2 from './S2.js';

/** The spec's introduction (servant's `DocIntro "Welcome" [...]`). */
export const intro = { title: 'Welcome', paragraphs: ["This is our super webservice's API.", 'Enjoy!'] } as const;

let markdown: string | undefined;
/** The document, rendered once from this surface (S2's endpoints plus the intro), never from handlers. */
export const documentation = (): string => (markdown ??= renderMarkdown(docModel(surface)));

const docs = () => reply({ status: 200, raw: documentation(), headers: { 'content-type': 'text/plain;charset=utf-8' } });

// decided: what servant's `ExampleAPI :<|> Raw` answers with the docs (404, 405 and a capture or
// path that does not decode: its non-fatal failures) answers the docs here; a bad query parameter
// or body on a real endpoint, 406 and 415 keep their errors. See docs/decisions.md "S9 answers the docs".
const formatters: Partial<Formatters> = {
  notFound: docs,
  methodNotAllowed: docs,
  urlParse: (failure, req) => (failure.combinator === 'Capture' || failure.combinator === 'Path' ? docs() : defaultFormatters.urlParse(failure, req)),
};

export const surface = api('S9', { license: { name: 'MIT', identifier: 'MIT' },
  title: 'Generated Markdown documentation of S2, served at every path S2 does not handle',
  intro,
  formatters,
}, S2.surface.tree);

export const handlers = implement(surface, (env) => S2.handlers.build(env));
