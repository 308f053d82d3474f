// The official JSON Schema test suite's groups for one draft, read in place from
// ../shared/json-schema-test-suite: the required files only, less what needs the suite's remotes.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { outsideOpenApi30 } from './openapi30-subset.js';

export type Draft = 'draft2020-12' | 'draft4';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SUITE = join(ROOT, '..', 'shared', 'json-schema-test-suite');

export interface SuiteTest {
  /** Unique in its group (a repeated description gets ` #2`), the baseline's key. */
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}

export interface SuiteGroup {
  /** Unique in its file (a repeated description gets ` #2`), the baseline's key. */
  readonly description: string;
  readonly schema: unknown;
  readonly tests: readonly SuiteTest[];
}

export interface SuiteFile {
  readonly file: string;
  readonly groups: readonly SuiteGroup[];
  /** Groups not run, and why: they name the remote host, or (draft 4) OpenAPI 3.0 cannot hold their schema. */
  readonly left: readonly { readonly description: string; readonly why: string }[];
}

/** Descriptions made unique in order: the second `x` is `x #2`. */
function unique<T extends { description: string }>(items: readonly T[]): T[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const n = (seen.get(item.description) ?? 0) + 1;
    seen.set(item.description, n);
    return n === 1 ? item : { ...item, description: `${item.description} #${n}` };
  });
}

/**
 * The formats api-serve checks (docs/decisions.md "Codecs", formats assert): their files of
 * `optional/format/` say what each format means, so they run too, as `optional/format/<name>.json`.
 */
export const ASSERTED_FORMATS = ['date', 'date-time', 'time', 'email', 'uuid', 'uri', 'ipv4', 'ipv6', 'hostname',
  'uri-reference', 'iri', 'iri-reference', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex', 'duration',
  'idn-email'] as const;

/**
 * An `optional/format/` schema as those files mean it, with format assertion on: without the
 * `$schema` naming the standard dialect, whose format only annotates (src/openapi/format-dialect.ts),
 * so it reads in OpenAPI's own, where api-serve asserts the formats it knows (as ajv asserts them
 * once ajv-formats is added).
 */
function asserting(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}

/**
 * Every `tests/<draft>/*.json` but `refRemote.json`, in name order, then (draft 2020-12) the
 * `optional/format/` files of the formats api-serve asserts; the rest of `optional/` is not read.
 */
export function suiteFiles(draft: Draft): SuiteFile[] {
  const dir = join(SUITE, 'tests', draft);
  const formats = draft === 'draft2020-12' ? ASSERTED_FORMATS.map((f) => `optional/format/${f}.json`) : [];
  const names = [...readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'refRemote.json').sort(), ...formats];
  return names.map((file) => {
    const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { description: string; schema: unknown; tests: SuiteTest[] }[];
    const groups: SuiteGroup[] = [];
    const left: { description: string; why: string }[] = [];
    for (const g of unique(raw)) {
      // The suite's remote documents are not shipped with it: a group that refers to them cannot run.
      const why = JSON.stringify(g.schema).includes('http://localhost:1234') ? 'refers to the suite\'s remotes (localhost:1234)'
        : draft === 'draft4' ? outsideOpenApi30(g.schema) : undefined;
      if (why !== undefined) left.push({ description: g.description, why });
      else groups.push({ description: g.description, schema: file.startsWith('optional/format/') ? asserting(g.schema) : g.schema, tests: unique(g.tests.map((t) => ({ description: t.description, data: t.data, valid: t.valid }))) });
    }
    return { file, groups, left };
  });
}
