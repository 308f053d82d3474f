// An imported document written as the TypeScript module of a surface the user owns (`api-serve
// import doc.yaml -o api.ts`): named codecs from components.schemas, an endpoint per operation,
// and `implement()` handlers answering what the mock would (the first example, else a sample).
import type { Codec } from '../codec/types.js';
import * as media from '../codec/media.js';
import { isMultipart } from '../codec/multipart.js';
import { sample } from '../codec/sample.js';
import type { Content, Endpoint, Part, ResponseSpec, AnyEndpoint } from '../dsl/types.js';
import type { DeclaredSecurityConfig, SecurityScheme } from '../dsl/declared-security.js';
import type { CookieConfig } from '../dsl/cookie.js';
import { CodecSource, exampleSource, typedLiteral } from './codec-source.js';
import { walk } from '../dsl/walk.js';
import { codeOf, comment, identifier, literal, propertyKey } from './source-text.js';
import type { ImportedSurface } from './import-surface.js';
import { child, type ImportWarning, warningLine } from './warnings.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const BUILDER: Record<string, string> = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'del' };
/** What the module may import from 'api-serve', in the order the import lists them. */
const IMPORTABLE = ['HttpError', 'api', 'body', 'capture', 'content', 'cookie', 'declaredSecurity', 'del', 'get', 'header', 'implement', 'json', 'media', 'mediaOf', 'patch', 'post', 'put', 'query', 'queryList', 'queryObject', 'reply', 'rest', 'segment', 't'];
/** Names a component's const must not take: the imports, the module's own, and globals it would hide. */
const RESERVED = new Set([...IMPORTABLE, 'Codec', 'surface', 'handlers', 'schemes', 'Buffer', 'Error', 'Object', 'Array', 'String', 'Number', 'Boolean', 'Date', 'JSON', 'Map', 'Set', 'Promise', 'Symbol', 'RegExp', 'Math']);

export interface SourceOptions {
  /** The document as the user named it (warnings and the header comment say it). */
  readonly file: string;
  /** The command whose warning lines the comments repeat (`api-serve`). */
  readonly command: string;
}

function mediaSource(m: media.MediaCodec): string {
  if (m === media.json) return 'media.json';
  if (m === media.text) return 'media.text';
  if (m === media.form) return 'media.form';
  if (m === media.octet) return 'media.octet';
  if (isMultipart(m) && Object.keys(m.encoding).length > 0) return `mediaOf(${literal(m.type)}, { encoding: ${literal(m.encoding)} })`;
  return `mediaOf(${literal(m.type)})`;
}

/** The codec a part was given, before its text form (the form is written as the part's options). */
const baseOf = (c: Codec<unknown>): Codec<unknown> => c.textForm?.base ?? c;
const json = (c: Codec<unknown>) => (c.textForm?.form.style === 'json' ? true : undefined);

/** A part's options object (`{ required: true, style: "pipeDelimited" }`), or empty when none is set. */
function options(entries: readonly (readonly [string, string | boolean | undefined])[]): string {
  const set = entries.filter((e): e is readonly [string, string | boolean] => e[1] !== undefined);
  return set.length === 0 ? '' : `{ ${set.map(([k, v]) => `${k}: ${literal(v)}`).join(', ')} }`;
}

class Writer {
  readonly codecs = new CodecSource();
  private readonly schemes = new Map<string, { readonly name: string; readonly scheme: SecurityScheme }>();

  constructor(private readonly imported: ImportedSurface, private readonly options: SourceOptions) {}

  private line(w: ImportWarning): string {
    return warningLine(this.options.command, this.options.file, w);
  }

  private content(c: Content): string {
    const codec = this.codecs.expr(c.codec);
    return c.media.length === 1 && c.media[0] === media.json ? `json(${codec})` : `content(${codec}, [${c.media.map(mediaSource).join(', ')}])`;
  }

  private scheme(s: SecurityScheme): string {
    let known = this.schemes.get(s.key);
    if (!known) this.schemes.set(s.key, known = { name: s.key, scheme: s });
    return `schemes[${literal(s.key)}]`;
  }

  private part(p: Part): string {
    if (typeof p === 'string') return literal(p);
    switch (p.kind) {
      case 'capture': {
        const o = options([['style', p.codec.textForm?.form.style === 'json' ? undefined : p.codec.textForm?.form.style], ['explode', p.codec.textForm?.form.explode === true ? true : undefined], ['json', json(p.codec)]]);
        const rest = o === '' ? (p.description === undefined ? '' : `, ${literal(p.description)}`) : `, ${p.description === undefined ? 'undefined' : literal(p.description)}, ${o}`;
        return `capture(${literal(p.name)}, ${this.codecs.expr(baseOf(p.codec))}${rest})`;
      }
      case 'query': {
        const fn = p.mode === 'list' ? 'queryList' : p.mode === 'deep' ? 'queryObject' : 'query';
        const style = p.codec.textForm?.form.style;
        const o = options([['description', p.description], ['required', p.required], ['allowReserved', p.allowReserved], ['style', style === 'json' ? undefined : style], ['json', json(p.codec)]]);
        return `${fn}(${literal(p.name)}, ${this.codecs.expr(baseOf(p.codec))}${o === '' ? '' : `, ${o}`})`;
      }
      case 'header': {
        const o = options([['description', p.description], ['required', p.required], ['json', json(p.codec)], ['explode', p.codec.textForm?.form.explode === true ? true : undefined]]);
        return `header(${literal(p.name)}, ${this.codecs.expr(baseOf(p.codec))}${o === '' ? '' : `, ${o}`})`;
      }
      case 'body': {
        const examples = p.examples.length === 0 ? undefined : `[${p.examples.map((x) => exampleSource(x, p.codec)).join(', ')}]`;
        const third = p.required === false ? `, { ${examples === undefined ? '' : `examples: ${examples}, `}required: false }` : examples === undefined ? '' : `, ${examples}`;
        return `body(${this.codecs.expr(p.codec)}, [${p.media.map(mediaSource).join(', ')}]${third})`;
      }
      case 'extension': {
        if (p.ext.name === 'cookie') {
          const c = p.config as CookieConfig;
          const o = options([['description', c.description], ['required', c.required], ['json', json(c.codec)]]);
          return `cookie(${literal(c.name)}, ${this.codecs.expr(baseOf(c.codec))}${o === '' ? '' : `, ${o}`})`;
        }
        if (p.ext.name === 'declared-security') {
          const { requirements } = p.config as DeclaredSecurityConfig;
          const key = p.key === 'credentials' ? '' : `, { key: ${literal(p.key)} }`;
          return `declaredSecurity([${requirements.map((r) => `[${r.map((u) => `{ scheme: ${this.scheme(u.scheme)}, scopes: ${literal(u.scopes)} }`).join(', ')}]`).join(', ')}]${key})`;
        }
        this.codecs.notes.push(`the ${p.ext.name} part is not written`);
        return '';
      }
      case 'rest': return `rest(${literal(p.name)})`;
      case 'mixed': return `segment(${p.pieces.map((x) => this.part(x)).join(', ')})`;
    }
  }

  private responseOptions(r: ResponseSpec, withExamples: boolean, status?: number): string {
    const headers = Object.entries(r.headers);
    const entries: [string, string | undefined][] = [
      ['status', status],
      ['key', r.key === undefined ? undefined : literal(r.key)],
      ['description', r.description === undefined ? undefined : literal(r.description)],
      ['headers', headers.length === 0 ? undefined : `{ ${headers.map(([h, c]) => `${propertyKey(h)}: ${this.codecs.expr(c)}`).join(', ')} }`],
      ['examples', withExamples && r.examples.length > 0 ? `[${r.examples.map((x) => exampleSource(x, r.content?.codec)).join(', ')}]` : undefined],
    ].map(([k, v]) => [k as string, v === undefined ? undefined : String(v)]);
    const set = entries.filter((e): e is [string, string] => e[1] !== undefined);
    return set.length === 0 ? '' : `{ ${set.map(([k, v]) => `${k}: ${v}`).join(', ')} }`;
  }

  endpoint(name: string, e: AnyEndpoint): string {
    const parts = (e.parts as readonly Part[]).map((p) => this.part(p)).filter((s) => s !== '');
    const [first, ...more] = e.responses;
    let out = `${BUILDER[e.method]}(${parts.join(', ')})`;
    if (first!.content) {
      const o = this.responseOptions(first!, true, first!.status === 200 ? undefined : first!.status);
      out += `\n    .returns(${this.content(first!.content)}${o === '' ? '' : `, ${o}`})`;
    } else {
      const o = this.responseOptions(first!, false);
      out += `\n    .empty(${first!.status}${o === '' ? '' : `, ${o}`})`;
    }
    for (const r of more) {
      const o = this.responseOptions(r, true);
      const c = r.content ? this.content(r.content) : o === '' ? '' : 'undefined';
      out += `\n    .responds(${r.status}${c === '' ? '' : `, ${c}`}${o === '' ? '' : `, ${o}`})`;
    }
    if (e.summary !== undefined) out += `\n    .summarize(${literal(e.summary)})`;
    if (e.description !== undefined) out += `\n    .describe(${literal(e.description)})`;
    if (e.tags && e.tags.length > 0) out += `\n    .tagged(${e.tags.map(literal).join(', ')})`;
    if (e.openApiExtensions !== undefined) out += `\n    .extend(${literal(e.openApiExtensions)})`;
    return `  ${propertyKey(name)}: ${out},\n`;
  }

  /** The handler: what the mock answers without a Prefer header (the success, its first example or a sample). */
  handler(name: string, e: AnyEndpoint, path: string): string {
    const r = e.responses[0]!;
    let headers: string | undefined;
    let value: string | undefined;
    try {
      const h = Object.entries(r.headers).map(([n, c]) => `${propertyKey(n)}: ${typedLiteral(sample(c as Codec<unknown>), c as Codec<unknown>)}`);
      headers = h.length === 0 ? undefined : `{ ${h.join(', ')} }`;
      if (r.content) value = typedLiteral(r.examples[0]?.value ?? sample(r.content.codec), r.content.codec);
    } catch (err) {
      // No value meets the body's schema (a oneOf whose options overlap): the mock answers a 500
      // saying so (decided: docs/mocking.md "What a mock answers"), and so does the handler; an
      // answer without the declared body would not be one of the endpoint's outcomes.
      const why = `Internal Server Error: the mock has no valid value for response ${r.status} of ${e.method} ${path}: ${(err as Error).message}`;
      return `${comment(`no value to answer with: ${(err as Error).message}`, '  ')}  ${propertyKey(name)}: () => { throw HttpError.text(500, ${literal(why)}); },\n`;
    }
    if (value === undefined) return `  ${propertyKey(name)}: () => reply(${r.status}${headers === undefined ? '' : `, undefined, ${headers}`}),\n`;
    if (headers === undefined) return `  ${propertyKey(name)}: () => (${value}),\n`;
    return `  ${propertyKey(name)}: () => reply(${r.status}, ${value}, ${headers}),\n`;
  }

  module(): string {
    const { surface, operations, warnings, document } = this.imported;
    // Components first, so that every use refers to them by name.
    const components = isObj(document.components) && isObj(document.components.schemas) ? Object.keys(document.components.schemas) : [];
    const taken = new Set(RESERVED);
    const consts: { name: string; codec: Codec<unknown>; pointer: string }[] = [];
    for (const c of components) {
      const pointer = child('/components/schemas', c);
      const codec = this.imported.schemas.read({ $ref: `#${pointer}` }, pointer, c);
      let name = identifier(c);
      while (taken.has(name)) name = `${name}_`;
      taken.add(name);
      this.codecs.name(codec, name);
      consts.push({ name, codec, pointer });
    }
    const defs = new Map(consts.map((c) => {
      // What a component's source cannot say is a comment above it, as for an endpoint: never a silent loss.
      const noteStart = this.codecs.notes.length;
      const source = this.codecs.definition(c.codec);
      const notes = this.codecs.notes.splice(noteStart).map((n) => comment(`not written as source (${c.pointer}): ${n}`));
      return [c.name, { ...c, source, notes, deps: [...this.codecs.used].filter((n) => n !== c.name) }] as const;
    }));
    const ordered: string[] = [];
    const visit = (n: string, path: Set<string>) => {
      if (ordered.includes(n) || path.has(n)) return;
      path.add(n);
      for (const d of defs.get(n)?.deps ?? []) visit(d, path);
      ordered.push(n);
    };
    for (const n of defs.keys()) visit(n, new Set());

    const opWarnings = (path: string, method: string) => {
      const at = child('/paths', path, method);
      return warnings.filter((w) => w.pointer === at || w.pointer.startsWith(`${at}/`));
    };
    let endpoints = '';
    let handlers = '';
    const paths = new Map(walk(surface).map((i) => [i.name, i.path]));
    for (const op of operations) {
      const e = surface.tree[op.name] as AnyEndpoint;
      const noteStart = this.codecs.notes.length;
      const source = this.endpoint(op.name, e);
      const notes = this.codecs.notes.slice(noteStart).map((n) => comment(`not written as source (${child('/paths', op.path, op.method)}): ${n}`, '  ')).join('');
      endpoints += opWarnings(op.path, op.method).map((w) => comment(this.line(w), '  ')).join('') + notes + source;
      handlers += this.handler(op.name, e, paths.get(op.name) ?? op.path);
    }
    const shown = new Set(operations.flatMap((op) => opWarnings(op.path, op.method)));
    const general = warnings.filter((w) => !shown.has(w));

    let body = '';
    if (general.length > 0) {
      body += '// What the document says that this source does not carry (the warnings `api-serve import` printed):\n';
      body += general.map((w) => comment(this.line(w))).join('');
      body += '\n';
    }
    if (ordered.length > 0) {
      body += '// Schemas (components.schemas).\n';
      for (const n of ordered) {
        const d = defs.get(n)!;
        body += d.notes.join('') + `export const ${n} = ${d.source};\n`;
      }
      body += '\n';
    }
    if (this.schemes.size > 0) {
      body += '// Security schemes (components.securitySchemes): a request without their credentials is a 401.\n';
      body += `const schemes = {\n${[...this.schemes.values()].map((s) => `  ${propertyKey(s.name)}: ${literal(s.scheme)},\n`).join('')}} as const;\n\n`;
    }
    // The document's words about itself, each through the literal encoder, in SurfaceMeta's order.
    const { title, intro, version, description, license, contact, termsOfService, servers, tags, externalDocs, extensions } = surface.meta;
    const meta = Object.entries({ title, intro, version, description, license, contact, termsOfService, servers, tags, externalDocs, extensions })
      .filter(([, v]) => v !== undefined).map(([k, v]) => `${k}: ${literal(v)}`);
    body += `export const surface = api(${literal(surface.name)}, { ${meta.join(', ')} }, {\n${endpoints}});\n\n`;
    body += `// Each handler answers what the mock answers: the success response's first example, else a sample.\n`;
    body += `export const handlers = implement(surface, {\n${handlers}});\n`;

    // Looked for in the code only: a description saying "call get(x) first" imports nothing.
    const code = codeOf(body);
    const used = IMPORTABLE.filter((n) => new RegExp(`(^|[^\\w$.'"])${n.replace('$', '\\$')}[.(]`, 'm').test(code));
    // A recursive codec's builder says its type (codec-source.ts).
    if (/\): Codec<unknown> => /.test(code)) used.unshift('type Codec');
    const head = comment(`${surface.meta.title}: written by \`api-serve import ${this.options.file}\`; the source is yours to edit.`)
      + comment(`Serve it with \`api-serve ./this-file.ts\`; document it with \`api-docs ./this-file.ts\`.`);
    return `${head}import { ${used.join(', ')} } from 'api-serve';\n\n${body}`;
  }
}

/** The module source of an imported surface. */
export function surfaceSource(imported: ImportedSurface, options: SourceOptions): string {
  return new Writer(imported, options).module();
}
