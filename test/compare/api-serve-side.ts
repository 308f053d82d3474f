// api-serve's side of the comparison: `api-serve import doc.yaml -o api.ts`, then
// `client(surface, { fetch })` over the module written; a plan sent as a call's input, and a call
// written as TypeScript for the type check. The module imports 'api-serve' as a user's project
// does (dist/, built by `npm test` before the suites), so the client is taken from dist/ too: one
// copy of the library, whose errors `instanceof` knows.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, runBin } from '../helpers/cli.js';
import type { Surface } from '../../src/dsl/types.js';
import type { Plan } from './plans.js';
import type { Outcome } from './outcome.js';

type ClientModule = typeof import('../../src/client/index.js');
type Call = (input?: unknown) => Promise<unknown>;

let loaded: ClientModule | undefined;
const clientModule = async (): Promise<ClientModule> =>
  (loaded ??= await import(pathToFileURL(join(ROOT, 'dist/src/client/index.js')).href) as ClientModule);

/** Writes `<project>/<name>/api.ts` with `api-serve import`; its stderr (warnings) or a thrown error. */
export function importDocument(project: string, name: string, file: string): string {
  mkdirSync(join(project, name), { recursive: true });
  const r = runBin('api-serve', ['import', file, '-o', join(name, 'api.ts')], { cwd: project });
  if (r.code !== 0) throw new Error(`api-serve import ${file}: exit ${r.code}: ${r.stderr}`);
  return r.stderr;
}

export interface ApiServeClient {
  send(plan: Plan): Promise<Outcome>;
}

export async function apiServeClient(project: string, name: string, baseUrl: string, send: typeof fetch): Promise<ApiServeClient> {
  const { surface } = await import(pathToFileURL(join(project, name, 'api.ts')).href) as { surface: Surface };
  const { client } = await clientModule();
  const calls = client(surface, { baseUrl, fetch: send }) as unknown as Record<string, Call>;
  return {
    async send(plan) {
      const call = calls[plan.op.key];
      if (call === undefined) return { kind: 'threw', name: 'missing', message: `no call ${plan.op.key}` };
      try {
        const r = await call(inputOf(plan)) as { status: number; body: unknown };
        return { kind: 'returned', status: r.status, body: r.body, answer: true };
      } catch (err) {
        const e = err as Error & { status?: number };
        return { kind: 'threw', name: e.name, message: e.message, ...(e.status === undefined ? {} : { status: e.status }) };
      }
    },
  };
}

/** A call's input: captures, query parameters and headers by name, and `body`. */
export function inputOf(plan: Pick<Plan, 'path' | 'query' | 'header' | 'body'>): Record<string, unknown> {
  return { ...plan.path, ...plan.query, ...plan.header, ...(plan.body === undefined ? {} : { body: plan.body }) };
}

/** A TypeScript module (beside api.ts) making one call, for the type check. */
export function apiServeSource(key: string, input: Record<string, unknown>): string {
  return [
    "import { client } from 'api-serve/client';",
    "import { surface } from './api.js';",
    "const c = client(surface, { baseUrl: 'http://localhost:8080' });",
    `export const call = () => c.${key}(${JSON.stringify(input)});`,
    '',
  ].join('\n');
}
