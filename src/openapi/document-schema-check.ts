// Whether a document passes @readme/openapi-parser's `validate` for sure, answered without it: by
// the parser's own OpenAPI schemas compiled ahead of time (scripts/generate-document-schemas.mjs)
// and a mirror of its checks beyond them (spec-rules.ts). `validate` compiles its schema with ajv
// on every call, which was most of loading a small document. Only a pass is an answer: anything
// else is the parser's to judge, and to word (load-document.ts).
// decided (docs/decisions.md "OpenAPI in"): a verdict of the parser, precompiled for the documents it passes.
import { passesSpecRules } from './spec-rules.js';

type Check = (data: unknown) => boolean;

/** The parser's schema for the document's version, loaded on first use (each is ~200 KB of code). */
async function schemaCheck(document: Record<string, unknown>): Promise<Check | undefined> {
  if (document.swagger !== undefined) return (await import('./document-schema-swagger20.generated.js')).check;
  if (typeof document.openapi !== 'string') return undefined;
  if (document.openapi.startsWith('3.0')) return (await import('./document-schema-openapi30.generated.js')).check;
  if (document.openapi.startsWith('3.1')) return (await import('./document-schema-openapi31.generated.js')).check;
  return undefined;
}

/** The parser refuses a `paths` entry without a leading slash before its schema is asked (an `x-` one passes the schema). */
function hasInvalidPaths(document: Record<string, unknown>): boolean {
  const paths = document.paths;
  return typeof paths === 'object' && paths !== null && !Array.isArray(paths) && Object.keys(paths).some((p) => !p.startsWith('/'));
}

/**
 * Whether the parser's `validate` would pass the document, given it dereferenced as `validate`
 * does (circular `$ref`s left as they are): `true` for sure, `false` when it may refuse.
 * `checked`: what the schema is asked instead, when it gives the same verdict for less
 * (component-schemas-once.ts).
 */
export async function passesParserValidation(dereferenced: Record<string, unknown>, checked = dereferenced): Promise<boolean> {
  if (hasInvalidPaths(dereferenced)) return false;
  const check = await schemaCheck(dereferenced);
  if (check === undefined || !check(checked)) return false;
  return passesSpecRules(dereferenced);
}
