// Third-party OpenAPI tools as the tests use them, each entering here only: the strict validator
// (@readme/openapi-parser), redocly's recommended lint ruleset (@redocly/openapi-core) and Prism's
// router and response validator (@stoplight/prism-http), which judge a response against a document.
import { validate, compileErrors } from '@readme/openapi-parser';
import { createConfig, lintFromString, type Config } from '@redocly/openapi-core';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { validateOutput } from '@stoplight/prism-http/dist/validator/index.js';
import * as prismRouter from '@stoplight/prism-http/dist/router/index.js';
import type { IHttpRequest } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';

type Obj = Record<string, unknown>;

/** The strict validator's errors (an empty list: the document is valid OpenAPI 3.1). */
export async function validatorErrors(doc: Obj): Promise<string[]> {
  const result = await validate(structuredClone(doc) as never);
  return result.valid ? [] : compileErrors(result).split('\n').filter((l) => l.trim() !== '');
}

let recommended: Promise<Config> | undefined;

export interface LintProblem { readonly rule: string; readonly severity: string; readonly message: string; readonly where: string }

/** redocly's `recommended` ruleset on the document: every problem, errors and warnings. */
export async function lintProblems(doc: Obj): Promise<LintProblem[]> {
  recommended ??= createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'file:///openapi.json', config: await recommended });
  return problems.map((p) => ({ rule: p.ruleId, severity: p.severity, message: p.message, where: p.location[0]?.pointer ?? '' }));
}

/** A response as received: what Prism's validator is given, its body parsed as its proxy parses it. */
export interface ReceivedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly body: Buffer;
}

export interface Conformance {
  /**
   * Prism's violations of one exchange: the request routed by Prism's router to an operation of
   * the document, the response checked by its validator (status, media type, body schema,
   * headers). `undefined` when no operation has that method and path (a 404 or 405 of the surface).
   */
  violations(method: string, target: string, res: ReceivedResponse): string[] | undefined;
}

// The router is CommonJS with a default export: under ESM it sits one `default` deeper.
type Routed = { readonly _tag: 'Left'; readonly left: Error } | { readonly _tag: 'Right'; readonly right: IHttpOperation };
type Route = (opts: { resources: IHttpOperation[]; input: IHttpRequest }) => Routed;
const loaded = prismRouter as unknown as { default: Route | { default: Route } };
const route: Route = typeof loaded.default === 'function' ? loaded.default : loaded.default.default;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export async function conformance(doc: Obj): Promise<Conformance> {
  const resources = await getHttpOperationsFromSpec(structuredClone(doc));
  return {
    violations(method, target, res) {
      const q = target.indexOf('?');
      const path = q < 0 ? target : target.slice(0, q);
      const routed = route({ resources, input: { method: method.toLowerCase() as never, url: { path } } });
      if (routed._tag === 'Left') return undefined;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = typeof v === 'string' ? v : v.join(', ');
      // As Prism's proxy parses a response (utils/parseResponse.js): JSON by Content-Type, else text.
      const text = res.body.toString('utf8');
      let body: unknown = text;
      // A newline-framed stream is sent under the JSON type but is not one JSON text: it is checked
      // as the text it is, against the string of lines the document declares for it.
      if (res.status !== 204 && JSON_TYPE.test(headers['content-type'] ?? '')) {
        try { body = JSON.parse(text); } catch { body = text; }
      }
      const result = validateOutput({ resource: routed.right, element: { statusCode: res.status, headers, body } });
      return result._tag === 'Left' ? result.left.map((d) => `${routed.right.method.toUpperCase()} ${routed.right.path} -> ${res.status}: ${d.path?.join('.') ?? ''} ${d.message}`) : [];
    },
  };
}
