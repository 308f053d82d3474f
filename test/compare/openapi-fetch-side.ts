// openapi-fetch's side of the comparison, and the one module that imports it: `createClient` with
// a custom fetch, a plan sent as openapi-fetch's documentation writes a call (`params.path`,
// `params.query`, `params.header`, `body`, nothing else: no serializer or Content-Type of our
// own), and a call written as TypeScript over openapi-typescript's `paths` for the type check.
import createClient from 'openapi-fetch';
import type { Plan } from './plans.js';
import type { Outcome } from './outcome.js';

type Init = { params?: Record<string, Record<string, unknown>>; body?: unknown; headers?: Record<string, string> };
type Loose = (method: string, path: string, init?: Init) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export interface OpenapiFetchClient {
  send(plan: Plan, extra?: Pick<Init, 'headers'>): Promise<Outcome>;
}

export function openapiFetchClient(baseUrl: string, send: typeof fetch): OpenapiFetchClient {
  // Untyped here: the plans come from the document at run time; the typed use is the type check's.
  const request = createClient({ baseUrl, fetch: (req: Request) => send(req) }).request as unknown as Loose;
  return {
    async send(plan, extra = {}) {
      try {
        const r = await request(plan.op.method.toUpperCase(), plan.op.path, { ...initOf(plan), ...extra });
        return { kind: 'returned', status: r.response.status, body: r.data, ...(r.error === undefined ? {} : { error: r.error }) };
      } catch (err) {
        const e = err as Error;
        return { kind: 'threw', name: e.name, message: e.message };
      }
    },
  };
}

/** openapi-fetch's init for a plan: only the sections that have something (its types say `never` for the others). */
export function initOf(plan: Pick<Plan, 'path' | 'query' | 'header' | 'body'>): Init {
  const params = Object.fromEntries((['path', 'query', 'header'] as const).filter((k) => Object.keys(plan[k]).length > 0).map((k) => [k, plan[k]]));
  return { ...(Object.keys(params).length > 0 ? { params } : {}), ...(plan.body === undefined ? {} : { body: plan.body }) };
}

/** A TypeScript module (beside schema.ts) making one call, for the type check. */
export function openapiFetchSource(method: string, path: string, init: Init | undefined): string {
  return [
    "import createClient from 'openapi-fetch';",
    "import type { paths } from './schema.js';",
    "const c = createClient<paths>({ baseUrl: 'http://localhost:8080' });",
    `export const call = () => c.${method.toUpperCase()}(${JSON.stringify(path)}${init === undefined ? '' : `, ${JSON.stringify(init)}`});`,
    '',
  ].join('\n');
}

/**
 * A module that compiles only if openapi-fetch's types say this call's `error` is always
 * `undefined` (what they say for an operation that declares no 4xx, 5xx or `default` answer).
 */
export function openapiFetchErrorProbe(method: string, path: string, init: Init | undefined): string {
  return openapiFetchSource(method, path, init).replace(/^export const call = \(\) => (.*);$/m,
    'export async function probe() { const r = await $1; const error: undefined = r.error; return error; }');
}
