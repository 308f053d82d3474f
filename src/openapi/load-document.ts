// Reads an OpenAPI 3.0 or 3.1 document, or a Swagger 2.0 one converted to 3.0 (YAML or JSON), from
// a file, validates it and bundles its external `$ref`s into one document whose remaining
// references are local pointers. The only module importing @readme/openapi-parser.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { validate, bundle, compileErrors, dereference, parse, ResolverError, type ParserOptions } from '@readme/openapi-parser';
import { pointerOfMessage } from './line-pointer.js';
import { refFence, refusalLine, type RefFence } from './ref-fence.js';
import { restoreMetaSchemaRefs } from './meta-schemas.js';
import { type InDocumentRefs, hidden, inDocumentRefs, restored } from './in-document-refs.js';
import { ALIAS_EXPANSION_LIMIT, aliasExpansion } from './alias-expansion.js';
import { passesParserValidation } from './document-schema-check.js';
import { quickDereference } from './quick-dereference.js';
import { componentSchemasOnce } from './component-schemas-once.js';
import { type Repair, repairOnce } from './document-repair.js';
import { misplacedRefNote } from './misplaced-ref.js';
import { normalizePathKeys, setPathExtensionsAside } from './path-keys.js';
import { dropReferenceSiblings } from './reference-siblings.js';
import { type LiteralValues, setLiteralValuesAside } from './literal-values.js';
import type { SourcePointer } from './swagger2-pointers.js';
import type { ConversionNote } from './swagger2.js';

/** A document that cannot be imported: `message` is the one line the commands print. */
export class OpenApiLoadError extends Error {}

export type OpenApiDocument = Record<string, unknown>;

export interface LoadedDocument {
  readonly document: OpenApiDocument;
  /** `3.0` or `3.1`: 3.0 schemas say `nullable` and boolean exclusive bounds. */
  readonly version: '3.0' | '3.1';
  /** Set when the file is Swagger 2.0: `document` is its conversion to OpenAPI 3.0. */
  readonly converted?: ConvertedFrom;
  /** The file's URL: the base URI of the document's schemas outside every `$id`. */
  readonly base?: string;
  /**
   * Path keys read as meant (path-keys.ts), and what `lenient` left out of a document the OpenAPI
   * schema refused (document-repair.ts): one warning each, pointing into the file.
   */
  readonly repairs?: readonly Repair[];
}

export interface LoadOptions {
  /** Leave out the defects document-repair.ts can leave out (a warning each) instead of refusing the document. */
  readonly lenient?: boolean;
}

/** What a Swagger 2.0 file's conversion says about the file. */
export interface ConvertedFrom {
  readonly from: 'Swagger 2.0';
  /** Where a pointer into the converted document points in the file. */
  readonly pointer: (converted: string) => SourcePointer;
  /** What the converter could not carry over as it is (pointers into the converted document). */
  readonly notes: readonly ConversionNote[];
}

/** A file whose name says it is an OpenAPI document (what the commands accept besides modules). */
export const isDocumentPath = (path: string): boolean => /\.(ya?ml|json)$/i.test(path);

function firstLine(text: string): string {
  return text.split('\n').map((l) => l.trim()).find((l) => l !== '' && !/^(OpenAPI|Swagger) schema validation failed/i.test(l)) ?? text;
}

/** Whether a `$ref` in the value names another file (or a URL). */
function hasExternalRef(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (const v of value) if (hasExternalRef(v)) return true;
    return false;
  }
  // Keys, not entries: no pair array per key (a 47 MB document has millions).
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (k === '$ref' && typeof v === 'string' && !v.startsWith('#')) return true;
    if (hasExternalRef(v)) return true;
  }
  return false;
}

/**
 * The parser's options for a document: every file it reads goes through the fence. The parser's
 * types say `file: boolean` and leave out `canRead`; at run time both take a resolver object
 * (json-schema-ref-parser's plugin), which is what the cast states.
 */
function parserOptions(fence: RefFence): ParserOptions {
  const options = { resolve: { external: true, file: fence.resolver, http: { canRead: false } } };
  return options as unknown as ParserOptions;
}

/** The in-document `$ref`s of a 3.1 document, when it has some (a 3.0 Schema Object has no `$id`). */
function inDocumentRefs31(head: unknown, path: string): InDocumentRefs | undefined {
  const openapi = typeof head === 'object' && head !== null ? (head as Record<string, unknown>).openapi : undefined;
  if (typeof openapi !== 'string' || !openapi.startsWith('3.1')) return undefined;
  const refs = inDocumentRefs(head, path);
  return refs.at.length === 0 ? undefined : refs;
}

/** Refuses a document whose aliases would expand past the limit (before anything walks it). */
function boundAliases(path: string, value: unknown): void {
  const expansion = aliasExpansion(value);
  if (expansion.kind === 'endless') throw new OpenApiLoadError(`${path}: a YAML alias is inside the value it names (it expands without end)`);
  if (expansion.nodes > ALIAS_EXPANSION_LIMIT) {
    throw new OpenApiLoadError(`${path}: YAML aliases expand past ${ALIAS_EXPANSION_LIMIT.toLocaleString('en-US')} nodes (a document with anchors reused this much is refused)`);
  }
}

/**
 * Reads, checks the version, validates against the OpenAPI schema, bundles external references.
 * The file is read and parsed once (bundled too when it refers to other files): that is what the
 * version is read from and what is validated (a copy: validation dereferences in place). Parsing
 * it three times (a first look, validation, bundling) cost a 1,000-operation document a second.
 */
export async function loadDocument(path: string, load: LoadOptions = {}): Promise<LoadedDocument> {
  try { statSync(path); } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new OpenApiLoadError(`${path}: ${code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  if (statSync(path).isDirectory()) throw new OpenApiLoadError(`${path}: is a directory, not a document`);
  let head: unknown;
  let own: InDocumentRefs | undefined;
  let literals: LiteralValues | undefined;
  const fence = refFence(path, (error, url) => new ResolverError(error, url));
  const options = parserOptions(fence);
  try {
    // Bundling crawls every reference; a document with only local ones is its own bundle. The
    // aliases are counted before any walk, and again once the files referred to are in.
    head = await parse(path, options);
    boundAliases(path, head);
    // A `$ref` inside an example, `default`, `enum` or `const` is data: not shown to the parser (literal-values.ts).
    literals = setLiteralValuesAside(head, path);
    // decided (docs/decisions.md "Codecs"): a `$ref` naming a schema resource of the document (an
    // `$id` inside it) is the importer's to resolve, from the document alone; the parser is shown
    // the document without it (it would read it as a file beside the document, or refuse a URL).
    own = inDocumentRefs31(head, path);
    const shown = own === undefined ? head : hidden(head, own);
    if (hasExternalRef(shown)) {
      if (own !== undefined || literals.count > 0) fence.answerRoot(JSON.stringify(shown));
      head = await bundle(path, options);
      // Bundling inlined what the fence read for a meta-schema `$ref`: the `$ref` is put back.
      restoreMetaSchemaRefs(head);
      if (own !== undefined) restored(head, own);
      boundAliases(path, head);
    }
  } catch (err) {
    if (err instanceof OpenApiLoadError) throw err;
    const refused = fence.refused();
    if (refused !== undefined) throw new OpenApiLoadError(refusalLine(path, refused));
    const message = (err as Error).message;
    // The parser reads YAML (a superset of JSON) itself; a file it cannot parse is named so.
    if ((err as Error).name === 'ParserError' || /^Error parsing /.test(message)) throw new OpenApiLoadError(`${path}: not a YAML or JSON document (${firstLine(message)})`);
    if (/is not a valid JSON Schema$/.test(message)) throw new OpenApiLoadError(`${path}: not an OpenAPI document (expected an object with an \`openapi\` field)`);
    throw new OpenApiLoadError(`${path}: ${firstLine(message)}`);
  }
  if (typeof head !== 'object' || head === null || Array.isArray(head)) throw new OpenApiLoadError(`${path}: not an OpenAPI document (expected an object with an \`openapi\` field)`);
  const document = head as OpenApiDocument;
  if (document.swagger !== undefined) return loadSwagger2(path, document, options, fence, load.lenient === true, literals!);
  const version = typeof document.openapi === 'string' ? /^3\.([01])\.\d+/.exec(document.openapi) : null;
  if (!version) throw new OpenApiLoadError(`${path}: openapi ${JSON.stringify(document.openapi ?? null)} is not supported (3.0.x or 3.1.x)`);
  // Path keys no request can match (a query string, no leading slash) read as meant, said (path-keys.ts).
  const keys = [...normalizePathKeys(document), ...dropReferenceSiblings(document, version[1] === '0' ? '3.0' : '3.1')];
  // Repairs are made in the document itself: not through the copy that hides in-document `$id` refs.
  const repairs: Repair[] | 'hint' | null = own !== undefined ? null : load.lenient === true ? [] : 'hint';
  const ignored: Repair[] = [];
  const putBack = setPathExtensionsAside(document);
  try {
    await validated(path, own === undefined ? document : hidden(document, own) as OpenApiDocument, options, fence, undefined, undefined, repairs, ignored);
  } finally {
    putBack();
  }
  literals!.putBack(document);
  const said = [...keys, ...ignored, ...(Array.isArray(repairs) ? repairs : [])];
  return { document, version: version[1] === '0' ? '3.0' : '3.1', base: pathToFileURL(resolve(path)).href, ...(said.length > 0 ? { repairs: said } : {}) };
}

/**
 * Whether the parser's `validate` passes the document for sure, asked without its ajv compile
 * (document-schema-check.ts) of a copy dereferenced as `validate` does. Any doubt (a refusal, or a
 * dereference that fails) is `false`: the parser is asked then, and says why.
 */
async function passesQuickly(document: OpenApiDocument, options: ParserOptions): Promise<boolean> {
  // Plain in-document `$ref`s: dereferenced here as the parser would, without its copy and its
  // walks (quick-dereference.ts); the result holds no cycle, so its component schemas can be checked once each.
  const quick = quickDereference(document);
  if (quick !== undefined) return passesParserValidation(quick, componentSchemasOnce(quick));
  let dereferenced;
  try {
    dereferenced = await dereference(structuredClone(document) as never, { ...options, dereference: { circular: 'ignore' } } as ParserOptions);
  } catch { return false; }
  return passesParserValidation(dereferenced as OpenApiDocument);
}

/**
 * Validates a copy of the document (validation dereferences it in place; the error's code frame
 * shows the copy). `at` says where an error's pointer is in the file; `what` names the document.
 */
/** The most parts `--lenient` leaves out of one document (each costs a validation of all of it). */
const MAX_REPAIRS = 25;

/**
 * `repairs`: the list lenient repairs go to; `hint` when not lenient (a refusal then says when
 * --lenient would load the document); null when no repair is made here (a document with
 * in-document `$id` refs, and a Swagger 2.0 one once converted: its repairs are made before).
 * `ignoredParts`: the keys OpenAPI says are ignored, left out lenient or not (document-repair.ts).
 */
async function validated(path: string, document: OpenApiDocument, options: ParserOptions, fence: RefFence, at = (p: string) => `#${p}`, what = 'not a valid OpenAPI document', repairs: Repair[] | 'hint' | null = null, ignoredParts: Repair[] = []): Promise<void> {
  for (;;) {
    if (await passesQuickly(document, options)) return;
    let result;
    const copy = structuredClone(document);
    try { result = await validate(copy as never, options); } catch (err) {
      const refused = fence.refused();
      if (refused !== undefined) throw new OpenApiLoadError(refusalLine(path, refused));
      throw new OpenApiLoadError(`${path}: ${firstLine((err as Error).message)}`);
    }
    if (result.valid) return;
    const message = result.errors[0]?.message ?? '';
    const pointer = pointerOfMessage(copy, message);
    const reason = firstLine(compileErrors(result)).replace(/\s+/g, ' ').replace(/\.$/, '');
    // Lenient: the defect left out (a warning), and the document validated again; at most
    // MAX_REPAIRS times, since each pass validates the whole document again.
    // A key OpenAPI gives no meaning (beside a `$ref` in 3.0, in an XML Object) is left out lenient or not (a trial on a copy first).
    const ignored = repairs !== null && ignoredParts.length < MAX_REPAIRS && repairOnce(structuredClone(document), pointer, reason)?.always === true;
    if (ignored) { ignoredParts.push(repairOnce(document, pointer, reason)!); continue; }
    const repaired = Array.isArray(repairs) && repairs.length < MAX_REPAIRS ? repairOnce(document, pointer, reason) : undefined;
    if (Array.isArray(repairs) && repaired !== undefined) { repairs.push(repaired); continue; }
    const tooMany = Array.isArray(repairs) && repairs.length >= MAX_REPAIRS ? ` (after ${MAX_REPAIRS} parts left out, --lenient leaves out no more)` : '';
    // Not lenient: said when --lenient would load it (a trial on a copy: the document is not changed).
    const could = repairs === 'hint' && repairOnce(structuredClone(document), pointer, reason) !== undefined;
    // A schema `$ref` naming a parameter (enode): the line names the reference, which the schema's complaint does not.
    const note = pointer === undefined ? undefined : misplacedRefNote(document, pointer);
    throw new OpenApiLoadError(`${path}${pointer === undefined ? '' : at(pointer)}: ${what}: ${note === undefined ? '' : `${note} (`}${reason}${note === undefined ? '' : ')'}${could ? '; give --lenient to load the document with it left out' : ''}${tooMany}`);
  }
}

/**
 * A Swagger 2.0 document: validated as 2.0 (errors point into the file), converted to OpenAPI 3.0
 * (its external `$ref`s were bundled through the fence above, so the converter reads nothing),
 * then validated as 3.0 like any other. The converter is loaded for a 2.0 document only.
 * decided (docs/decisions.md "OpenAPI in"): Swagger 2.0 is read through
 * swagger2openapi rather than refused: 1,015 of the 2,639 public definitions are 2.0.
 */
async function loadSwagger2(path: string, document: OpenApiDocument, options: ParserOptions, fence: RefFence, lenient: boolean, literals: LiteralValues): Promise<LoadedDocument> {
  // YAML reads an unquoted `swagger: 2.0` as the number 2.
  if (document.swagger === 2) throw new OpenApiLoadError(`${path}#/swagger: the number 2, not the text "2.0" (quote it in YAML: swagger: "2.0")`);
  if (document.swagger !== '2.0') throw new OpenApiLoadError(`${path}: swagger ${JSON.stringify(document.swagger)} is not supported (Swagger 2.0, OpenAPI 3.0.x or 3.1.x)`);
  // The parts --lenient leaves out are left out of the 2.0 document, before conversion: its warnings point into the file.
  const keys = normalizePathKeys(document);
  const repairs: Repair[] | 'hint' = lenient ? [] : 'hint';
  // Keys the 2.0 document's Schema Objects give no meaning, left out lenient or not, said as in 3.x.
  const ignored: Repair[] = [];
  const putBack = setPathExtensionsAside(document);
  try {
    await validated(path, document, options, fence, undefined, 'not a valid Swagger 2.0 document', repairs, ignored);
  } finally {
    putBack();
  }
  const [{ convertSwagger2, Swagger2Error }, { swagger2Pointers }] = await Promise.all([import('./swagger2.js'), import('./swagger2-pointers.js')]);
  let converted;
  try { converted = await convertSwagger2(document); } catch (err) {
    if (err instanceof Swagger2Error) throw new OpenApiLoadError(`${path}: Swagger 2.0 not converted to OpenAPI 3.0: ${err.message}`);
    throw err;
  }
  const pointer = swagger2Pointers(document, converted.document);
  // A converted document the 3.0 schema refuses is the converter's doing: the place in the file, and in the conversion.
  const at = (p: string) => { const s = pointer(p); return `#${s.pointer}${s.exact ? '' : ` (${p} once converted to OpenAPI 3.0)`}`; };
  const putBackConverted = setPathExtensionsAside(converted.document as Record<string, unknown>);
  try {
    await validated(path, converted.document, options, fence, at, 'not valid once converted to OpenAPI 3.0');
  } finally {
    putBackConverted();
  }
  literals.putBack(converted.document);
  const said = [...keys, ...ignored, ...(Array.isArray(repairs) ? repairs : [])];
  return { document: converted.document, version: '3.0', converted: { from: 'Swagger 2.0', pointer, notes: converted.notes }, ...(said.length > 0 ? { repairs: said } : {}) };
}
